/**
 * Three app processes started at the same moment on one PostgreSQL that is not the embedded one (Debian's server,
 * another major version) with media on an S3-protocol server: they agree on everything a newsroom needs.
 * Sessions and logout, login throttling, cache invalidation within a second (also after the listener's connection
 * is killed), images, view counts and page-view statistics, and the work that must happen once (migrations, seed,
 * first admin, scheduled publishing).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from './db/embedded';
import { startTestS3, type TestS3 } from './test/s3';
import { startSystemPostgres, type SystemPostgres } from './test/system-postgres';

const root = path.resolve(import.meta.dirname, '../..');
const PUBLIC_URL = 'http://sahifa.test';
const PASSWORD = 'chief-password-1';

interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let db: SystemPostgres;
let s3: TestS3;
let sql: pg.Pool;
const instances: Instance[] = [];
const dirs: string[] = [];

function start(name: string, port: number): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sahifa-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...s3.env,
      NODE_ENV: 'production',
      NODE_NO_WARNINGS: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: PASSWORD,
      WEATHER_API_URL: 'http://127.0.0.1:9',
      VIEW_FLUSH_MS: '200',
      SCHEDULER_INTERVAL_MS: '500',
      // Its admin signs in with a password alone (the second-factor tests are mfa.routes.test.ts and security.e2e.ts).
      STAFF_2FA_ROLES: 'none',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  child.on('error', (err) => (out += `\nspawn error: ${String(err)}`));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, base: `http://127.0.0.1:${port}`, child, output: () => out, exited };
}

/** Waits until `ready` says so, failing with the instance's output if it exits or `what` takes over 90 s. */
async function until(i: Instance, what: string, ready: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (i.child.exitCode !== null) throw new Error(`${i.name} exited early:\n${i.output()}`);
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${i.name}: ${what} took too long:\n${i.output()}`);
}

const up = (i: Instance) =>
  until(i, 'answering /healthz', async () => {
    try {
      return (await request(`${i.base}/healthz`)).status === 200;
    } catch {
      return false; // not listening yet
    }
  });
const staffReady = (i: Instance) =>
  until(i, 'the staff thread', () => /the staff thread is answering the admin API/.test(i.output()));

const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await sql.query(text, params)).rows[0] as T;

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  text: () => string;
}
/**
 * A request whose answer is read whole before it returns: no body is left half-read on a keep-alive connection that
 * an instance closes later, when it stops (undici then errors that body outside any test).
 */
async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, text: () => body.toString('utf8') };
}
const get = (i: Instance, url: string, headers: Record<string, string> = {}) =>
  request(`${i.base}${url}`, { headers: { host: 'sahifa.test', ...headers } });
const admin = (i: Instance, cookie: string, method: string, url: string, body?: unknown) =>
  request(`${i.base}/api/admin${url}`, {
    method,
    headers: {
      origin: PUBLIC_URL,
      cookie,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
async function login(i: Instance, username = 'chief', password = PASSWORD) {
  const res = await request(`${i.base}/api/admin/login`, {
    method: 'POST',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { status: res.status, cookie };
}
/** Waits until `i` serves `url` from its cache (a HIT), so a later change must reach it by invalidation. */
async function warm(i: Instance, url: string): Promise<void> {
  for (let n = 0; n < 20; n++) {
    if ((await get(i, url)).headers.get('x-cache') === 'HIT') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${i.name} never cached ${url}`);
}
/** Milliseconds until every instance's `url` body contains `text` (polled every 20 ms, up to 5 s). */
async function visibleEverywhere(on: Instance[], url: string, text: string, since: number): Promise<number> {
  const seen = await Promise.all(
    on.map(async (i) => {
      while (Date.now() - since < 5000) {
        if ((await get(i, url)).text().includes(text)) return Date.now() - since;
        await new Promise((r) => setTimeout(r, 20));
      }
      return Infinity;
    }),
  );
  return Math.max(...seen);
}

beforeAll(async () => {
  [db, s3] = await Promise.all([startSystemPostgres(), startTestS3()]);
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  // An idle connection that the server ends is the pool's to replace, not an uncaught error in the test process.
  sql.on('error', (err) => console.warn(`test pool: ${String(err)}`));
  const ports = await freePorts(3);
  // The same moment: migrations, the demo seed and the first admin race, and must each happen once.
  for (const [n, name] of ['A', 'B', 'C'].entries()) instances.push(start(name, ports[n]!));
  await Promise.all(instances.map(up));
  // Each instance's staff thread starts a few seconds after it serves readers, with its own LISTEN connection; the
  // tests start once every instance has both (what a running deployment has), not in the middle of that start.
  await Promise.all(instances.map(staffReady));
}, 150_000);

afterAll(async () => {
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  await sql?.end();
  await db?.stop();
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('three instances on one external PostgreSQL and one bucket', { timeout: 120_000 }, () => {
  const A = () => instances[0]!;
  const B = () => instances[1]!;
  const C = () => instances[2]!;

  it('ran the start-up work once although all three started together', async () => {
    expect(db.major).not.toBe(18); // not the embedded PostgreSQL's major version
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'drizzle/meta/_journal.json'), 'utf8'));
    expect((await one<{ n: number }>('select count(*)::int n from drizzle.__drizzle_migrations')).n).toBe(
      journal.entries.length,
    );
    const news = await one<{ n: number; titles: number }>(
      'select count(*)::int n, count(distinct title)::int titles from news',
    );
    expect(news.n).toBeGreaterThanOrEqual(60);
    expect(news.titles).toBe(news.n);
    expect((await one<{ n: number }>('select count(*)::int n from categories')).n).toBe(5);
    expect((await one<{ n: number }>(`select count(*)::int n from admins where username = 'chief'`)).n).toBe(1);
    const outputs = instances.map((i) => i.output());
    expect(outputs.filter((o) => /Demo content added: 5 sections/.test(o))).toHaveLength(1);
    expect(outputs.filter((o) => /Created the admin account \\?"chief/.test(o))).toHaveLength(1);
    // The demo pictures are in the bucket, and every instance serves them.
    const picture = (await one<{ image_url: string }>('select image_url from news limit 1')).image_url;
    for (const i of instances) expect((await get(i, picture)).status).toBe(200);
  });

  it('shares sessions: signed in on A works on B and C; signing out on B ends it everywhere', async () => {
    const { status, cookie } = await login(A());
    expect(status).toBe(200);
    for (const i of instances) expect((await admin(i, cookie, 'GET', '/session')).status).toBe(200);
    expect((await admin(B(), cookie, 'POST', '/logout')).status).toBe(200);
    for (const i of instances) expect((await admin(i, cookie, 'GET', '/session')).status).toBe(401);
  });

  it('counts failed logins across instances', async () => {
    // Five failures for one account, spread over the three instances: the sixth attempt is refused on any of them.
    for (const i of [A(), B(), C(), A(), B()]) expect((await login(i, 'chief', 'wrong-password')).status).toBe(401);
    const sixth = await login(C(), 'chief', PASSWORD);
    expect(sixth.status).toBe(429);
    await sql.query('delete from login_attempts');
  });

  it('shows a write on A on the cached pages of B and C within a second, also after the listener was cut off', async () => {
    const { cookie } = await login(A());
    const latencies: number[] = [];
    for (const round of ['before', 'after']) {
      if (round === 'after') {
        // Every LISTEN connection is killed, the main thread's and the staff thread's of each instance; each
        // reconnects by itself. Waited for: six new connections (not the dying ones) whose LISTEN has completed, so
        // a write now is announced to them.
        const listeners = `select pid from pg_stat_activity where application_name = 'sahifa-listen'`;
        const old = (await sql.query<{ pid: number }>(listeners)).rows.map((r) => r.pid);
        expect(old).toHaveLength(6);
        await sql.query(`select pg_terminate_backend(pid) from (${listeners}) l`);
        await expect
          .poll(
            async () =>
              (
                await sql.query<{ pid: number }>(
                  `${listeners} and state = 'idle' and query ilike 'listen%' and not (pid = any($1::int[]))`,
                  [old],
                )
              ).rowCount,
            { timeout: 15_000 },
          )
          .toBe(6);
      }
      for (const i of [B(), C()]) {
        await warm(i, '/api/breaking-news');
        await warm(i, '/');
      }
      const title = `عاجل ${round === 'before' ? 'أول' : 'ثان'}: انقطاع الكهرباء في طرابلس`;
      const since = Date.now();
      const res = await admin(A(), cookie, 'POST', '/breaking-news', { title, priority: 100, isActive: true });
      expect(res.status).toBe(201);
      const ms = Math.max(
        await visibleEverywhere([B(), C()], '/api/breaking-news', title, since),
        await visibleEverywhere([B(), C()], '/', title, since),
      );
      latencies.push(ms);
      expect(ms, `${round}: ${ms} ms`).toBeLessThan(1000);
    }
    console.log(`invalidation across instances: ${latencies.map((l) => `${l} ms`).join(', ')}`);
  });

  it('serves an image uploaded through A from B and C', async () => {
    const { cookie } = await login(A());
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const res = await request(`${A().base}/api/admin/media`, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, cookie },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = JSON.parse(res.text());
    const fromA = (await get(A(), url)).body;
    for (const i of [B(), C()]) {
      const served = await get(i, url);
      expect(served.status).toBe(200);
      expect(served.body.equals(fromA)).toBe(true);
    }
  });

  it('publishes a scheduled article once, though every instance runs the scheduler', async () => {
    const { id } = await one<{ id: number }>(
      `insert into news (title, description, content, category, status, published_at)
       values ('خبر مجدول للنشر', 'وصف', '<p>نص</p>', 'libya', 'scheduled', now() + interval '1 second') returning id`,
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if ((await one<{ status: string }>('select status from news where id = $1', [id])).status === 'published') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1500)); // every scheduler has had more turns
    const { n } = await one<{ n: number }>(
      `select count(*)::int n from audit_log where entity = 'news' and entity_id = $1 and action = 'publish'`,
      [String(id)],
    );
    expect(n).toBe(1);
  });

  it('adds up views and page-view statistics posted to all three, exactly, once they have stopped', async () => {
    const { id } = await one<{ id: number }>(`select id from news where status = 'published' limit 1`);
    // Page views from the earlier tests are written within the statistics' flush interval (5 s): let them land.
    await new Promise((r) => setTimeout(r, 6000));
    const views = async () =>
      (await one<{ v: number }>('select views::int v from news_views where news_id = $1', [id])).v;
    const pageViews = async () =>
      (await one<{ v: number }>('select coalesce(sum(page_views), 0)::int v from daily_stats')).v;
    const [views0, pageViews0] = [await views(), await pageViews()];
    const perInstance = 40;
    await Promise.all(
      instances.flatMap((i) =>
        Array.from({ length: perInstance }, async () => {
          const [v, p] = await Promise.all([
            request(`${i.base}/api/news/${id}/view`, { method: 'POST' }),
            request(`${i.base}/api/pageview`, { method: 'POST' }),
          ]);
          expect(v.status).toBe(200);
          expect(p.status).toBe(204);
        }),
      ),
    );
    // A graceful stop writes what each instance still holds in memory.
    for (const i of instances) i.child.kill('SIGTERM');
    expect(await Promise.all(instances.map((i) => i.exited))).toEqual([0, 0, 0]);
    expect(await views()).toBe(views0 + 3 * perInstance);
    expect(await pageViews()).toBe(pageViews0 + 3 * perInstance);
  });
});
