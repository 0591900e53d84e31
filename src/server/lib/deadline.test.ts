/**
 * Every request within its time bound, against a real PostgreSQL made to wait: a reader gets the last good copy of a
 * page or an Arabic 503 with Retry-After, an editor's save gets "nothing was saved" and indeed nothing is, even when
 * the database answers later; and a save whose COMMIT is under way when the time runs out says that its outcome is
 * not known (it was in fact committed).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from '../test/admin-client';
import { addCategory, addNews } from '../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../test/harness';

const READER_MS = 1000;
const ADMIN_MS = 1500;
/** What a busy machine may add to a bound before the answer is read. */
const SLACK_MS = 2000;

let t: TestApp;
let call: ReturnType<typeof as>;
let articleId: number;

beforeAll(async () => {
  t = await createTestApp({
    config: testConfig({ READER_TIMEOUT_MS: String(READER_MS), ADMIN_TIMEOUT_MS: String(ADMIN_MS) }),
  });
  await addAdmin(t.database.db, 'desk', 'editor');
  call = as(t.app, (await login(t.app, 'desk')).cookie);
  const section = await addCategory(t.database.db);
  articleId = (await addNews(t.database.db, { title: 'خبر الصفحة الأخيرة الجيدة', category: section.slug })).id;
});

afterAll(() => t.close());

/** Holds `lock` in a transaction of the test's own while `work` runs; returns the holder to release it. */
async function holding(lock: string) {
  const holder = new pg.Client({ connectionString: t.database.url });
  holder.on('error', () => {});
  await holder.connect();
  await holder.query('begin');
  await holder.query(lock);
  return { release: async () => (await holder.query('rollback'), await holder.end()) };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('the time bound of a request', () => {
  it('gives a reader the last good copy of a page whose data the database holds back', async () => {
    const url = `/news/${articleId}`;
    expect((await t.app.inject(url)).statusCode).toBe(200);
    // An edit retires the cached copy: the next reader makes the page afresh, and the database keeps it waiting.
    t.app.responseCache.invalidate(['news']);
    const lock = await holding('lock table news in access exclusive mode');
    try {
      const { value: res, ms } = await timed(t.app.inject(url));
      expect(ms).toBeGreaterThanOrEqual(READER_MS - 50);
      expect(ms).toBeLessThan(READER_MS + SLACK_MS);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('STALE');
      expect(res.body).toContain('خبر الصفحة الأخيرة الجيدة');
      // An answer no cache holds: the Arabic 503, with when to come back.
      const { value: api, ms: apiMs } = await timed(t.app.inject('/api/news?limit=3&offset=2'));
      expect(apiMs).toBeLessThan(READER_MS + SLACK_MS);
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBeDefined();
      expect(api.json().message).toMatch(/[\u0600-\u06FF]/);
    } finally {
      await lock.release();
    }
    // Fresh again once the database answers.
    await expect.poll(async () => (await t.app.inject(url)).headers['x-cache']).toMatch(/MISS|HIT/);
  });

  it("answers an editor's save within its bound, and a save answered as failed never commits later", async () => {
    const lock = await holding('lock table breaking_news in access exclusive mode');
    let res;
    try {
      const answer = await timed(
        call('POST', '/api/admin/breaking-news', {
          title: 'عاجل فات وقته',
          isActive: true,
          priority: 2,
          expiresAt: null,
        }),
      );
      res = answer.value;
      expect(answer.ms).toBeGreaterThanOrEqual(ADMIN_MS - 50);
      expect(answer.ms).toBeLessThan(ADMIN_MS + SLACK_MS);
    } finally {
      // The database answers now: the insert goes on, reaches its COMMIT, and must roll back instead.
      await lock.release();
    }
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('لم يُحفظ شيء');
    const pool = t.database.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
    const list = (await call('GET', '/api/admin/breaking-news')).json() as { title: string }[];
    expect(list.map((b) => b.title)).not.toContain('عاجل فات وقته');
  });

  it('says the outcome is unknown when the time runs out during the COMMIT itself', async () => {
    // A deferred constraint trigger runs at COMMIT: here it makes the COMMIT outlast the bound.
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    await admin.query(`
      create function slow_commit() returns trigger language plpgsql as $$
      begin perform pg_sleep(${(ADMIN_MS + 1000) / 1000}); return null; end $$;
      create constraint trigger slow_commit after insert on breaking_news
        deferrable initially deferred for each row execute function slow_commit();`);
    try {
      const res = await call('POST', '/api/admin/breaking-news', {
        title: 'عاجل وقت الحفظ',
        isActive: true,
        priority: 2,
        expiresAt: null,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('فقد يكون حُفظ أو لا');
      // And indeed it was: the COMMIT went through after the answer.
      await expect
        .poll(async () => (await admin.query(`select 1 from breaking_news where title = 'عاجل وقت الحفظ'`)).rowCount)
        .toBe(1);
    } finally {
      await admin.query('drop trigger slow_commit on breaking_news; drop function slow_commit();');
      await admin.end();
    }
  });
});
