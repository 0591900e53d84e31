/**
 * Every kind of database client the app holds, cut while it is held: a write's transaction, the views flush, the
 * statistics flush, the scheduler's claim, the LISTEN connection, and pooled connections that died while idle. Each
 * is made to wait on a lock held by the test (so it is checked out, between or inside its statements), then its
 * session is terminated the way a restart or a failover ends it. An 'error' event nobody listens to would end the
 * process (and fail this file); a client never returned would exhaust the pool. What must hold: the work fails
 * cleanly (a 503 with the Arabic "nothing was saved", or counts kept for the next flush), nothing is half-written,
 * no client is leaked, and the next request works.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from '../test/admin-client';
import { addCategory, addNews } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let admin: pg.Client;
let call: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'desk', 'editor');
  call = as(t.app, (await login(t.app, 'desk')).cookie);
  // A superuser session of the test's own, on the app's database: it holds the locks and ends the sessions.
  const url = new URL(t.database.url);
  admin = new pg.Client({ connectionString: url.toString() });
  admin.on('error', () => {});
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await t.close();
});

/** The app's own sessions on its database (pooled ones are 'sahifa', the listener 'sahifa-listen'). */
async function appSessions(where: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${where}`,
  );
  return rows.map((r) => r.pid);
}

/**
 * Runs `work` while the test holds `lock` in a transaction of its own; once an app session waits on it, that session
 * is terminated and the lock released. Returns what `work` came to.
 */
async function cutWhileHeld<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: t.database.url });
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(lock);
    const pending = work();
    pending.catch(() => {}); // awaited below
    await expect.poll(() => appSessions(`application_name = 'sahifa' and wait_event_type = 'Lock'`)).not.toEqual([]);
    for (const pid of await appSessions(`application_name = 'sahifa' and wait_event_type = 'Lock'`))
      await admin.query('select pg_terminate_backend($1)', [pid]);
    await holder.query('rollback');
    return await pending;
  } finally {
    await holder.end();
  }
}

/** No client left checked out: everything the pool opened is idle again (none leaked by a failed transaction). */
async function poolSettled(): Promise<void> {
  const pool = t.database.pool;
  await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
  expect(pool.waitingCount).toBe(0);
}

describe('a database session cut while the app holds it', () => {
  it('a write inside its transaction: a 503 that says nothing was saved, and nothing was', async () => {
    const res = await cutWhileHeld('lock table breaking_news in access exclusive mode', () =>
      call('POST', '/api/admin/breaking-news', { title: 'عاجل لن يُحفظ', isActive: true, priority: 3, expiresAt: null }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().message).toContain('لم يُحفظ شيء');
    await poolSettled();
    const list = (await call('GET', '/api/admin/breaking-news')).json() as { title: string }[];
    expect(list.map((b) => b.title)).not.toContain('عاجل لن يُحفظ');
    // The next save goes through.
    const again = await call('POST', '/api/admin/breaking-news', {
      title: 'عاجل يُحفظ',
      isActive: true,
      priority: 3,
      expiresAt: null,
    });
    expect(again.statusCode).toBe(201);
  });

  it('the views flush: the counts are kept and written by the next flush', async () => {
    const section = await addCategory(t.database.db);
    const article = await addNews(t.database.db, { title: 'خبر تُعدّ مشاهداته', category: section.slug });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'POST', url: `/api/news/${article.id}/view` })).statusCode).toBe(200);
    await cutWhileHeld('lock table news_views in access exclusive mode', () => t.app.modules.viewCounter.flush());
    expect(t.app.modules.viewCounter.unflushed).toBeGreaterThan(0);
    await poolSettled();
    await t.app.modules.viewCounter.flush();
    expect(t.app.modules.viewCounter.unflushed).toBe(0);
    const { rows } = await admin.query('select views from news_views where news_id = $1', [article.id]);
    expect(rows[0]?.views).toBe(3);
  });

  it('the statistics flush: the page views are kept and written by the next flush', async () => {
    await t.app.stats.record('10.0.0.7', 'Mozilla/5.0 (Linux; Android 14) Mobile', true);
    await cutWhileHeld('lock table daily_stats in access exclusive mode', () => t.app.stats.flush());
    expect(t.app.stats.unflushed).toBeGreaterThan(0);
    await poolSettled();
    await t.app.stats.flush();
    expect(t.app.stats.unflushed).toBe(0);
    const { rows } = await admin.query('select sum(page_views)::int as views from daily_stats');
    expect(rows[0]?.views).toBeGreaterThanOrEqual(1);
  });

  it("the scheduler's claim: the turn fails, logged, and the next turn runs", async () => {
    await cutWhileHeld('lock table news in access exclusive mode', () => t.app.modules.jobs.run('publish-scheduled'));
    await poolSettled();
    await t.app.modules.jobs.run('publish-scheduled');
    await poolSettled();
  });

  it('the LISTEN connection: it reconnects by itself', async () => {
    expect(t.app.invalidation.listening).toBe(true);
    const [listener] = await appSessions(`application_name = 'sahifa-listen'`);
    expect(listener).toBeDefined();
    await admin.query('select pg_terminate_backend($1)', [listener]);
    await expect.poll(() => t.app.invalidation.listening).toBe(false);
    await expect.poll(() => t.app.invalidation.listening).toBe(true);
    expect(await appSessions(`application_name = 'sahifa-listen'`)).not.toContain(listener);
  });

  it('pooled connections that died while idle: no client is leaked, and the next writes succeed', async () => {
    // Fill the pool with idle connections, then end them all behind its back (a restart between two requests) and
    // ask at once, before the pool has read that they are gone: each write may take a dead client, whose BEGIN fails.
    const answers: { statusCode: number; json: () => { title: string } }[] = [];
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 5 }, () => call('GET', '/api/admin/breaking-news')));
      const idle = await appSessions(`application_name = 'sahifa' and state = 'idle'`);
      expect(idle.length).toBeGreaterThan(1);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [idle]);
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            call('POST', '/api/admin/breaking-news', {
              title: `بعد الانقطاع ${round}-${i}`,
              isActive: true,
              priority: 1,
              expiresAt: null,
            }),
          ),
        )),
      );
    }
    // Each was saved, or told in Arabic that nothing was: and nothing else is stored.
    for (const a of answers) expect([201, 503]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 503)).toBe(true);
    await poolSettled();
    const saved = answers.filter((a) => a.statusCode === 201).map((a) => a.json().title);
    const list = ((await call('GET', '/api/admin/breaking-news')).json() as { title: string }[]).map((b) => b.title);
    expect(list.filter((title) => title.startsWith('بعد الانقطاع')).sort()).toEqual(saved.sort());
    // Transactions that are first to take a dead client fail at their BEGIN; that client must still go back to
    // the pool (closed), or each such failure would cost one of its ten slots for good.
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 5 }, () => call('GET', '/api/admin/breaking-news')));
      const idle = await appSessions(`application_name = 'sahifa' and state = 'idle'`);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [idle]);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () => t.database.db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(outcomes.length).toBe(5);
    }
    await poolSettled();
    // And everything works as before, with the pool's full size (none of its slots lost).
    const more = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/admin/breaking-news', { title: `لاحقاً ${i}`, isActive: true, priority: 1, expiresAt: null }),
      ),
    );
    expect(more.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    await poolSettled();
  });
});
