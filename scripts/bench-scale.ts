/**
 * `npm run bench:scale`: does the site stay flat as the archive grows? Two databases on one embedded PostgreSQL, one
 * with 2,000 articles and one with 100,000 (scripts/scale-data.ts), each served by the built server with its response
 * cache off (CACHE_MAX_MB=0: every request goes to the database, the worst case). The same requests run against both,
 * interleaved (2k, 100k, 2k, 100k), and p50/p99 print side by side with the ratio 100k ÷ 2k. Goal: every ratio ≤ 1.5.
 *
 * Then, at 100k: EXPLAIN of every SQL statement those requests ran (captured from the app's own pool), flagging any
 * sequential scan of a large table; and the admin news screen opened in Chromium (if installed), timed to its rows.
 *
 * SCALE_ARTICLES (default 100000) and BENCH_SECONDS (default 3) change the size and each run's length.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/client';
import { freePort, startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/modules/admins/passwords';
import { makeScaleDatabase, RARE_NAME } from './scale-data';
import {
  cleanUpOnSignal,
  removeScratch,
  scratchDir,
  startProcess,
  stopAllAndExit,
  stopChildren,
  waitFor,
} from './bench-processes';

const LARGE = Number(process.env.SCALE_ARTICLES ?? 100_000);
/**
 * The small archive: a little over a month (at PER_DAY), so that the requests whose answer is a month's articles (the
 * monthly sitemap) or a page of 50 by one of 30 reporters (the admin list by author) are whole at both sizes. With
 * 1,000 (18 days) those answers were shorter at the small size, and their ratio measured the answer's length, not the
 * archive: on the 28th of a month, the month's sitemap is 990 articles at 1,000 and 1,481 at any larger size.
 */
const SMALL = 2000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 8;
const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { username: 'scale-admin', password: 'scale-password-1' };
const LARGE_TABLES = [
  'news',
  'news_tags',
  'news_authors',
  'news_views',
  'news_daily_views',
  'news_revisions',
  'audit_log',
  'daily_visitors',
  'newsletter_subscribers',
  'tags',
];

interface Target {
  name: string;
  path: string;
  admin?: boolean;
}

async function targetsFor(url: string): Promise<Target[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async <T>(sql: string) => (await c.query(sql)).rows[0] as T;
  // A section's last page but one: a cursor 90% of the way into its archive.
  const deep = await one<{ published_at: Date; id: number }>(`
    select published_at, id from news where status = 'published' and category = 'libya'
    order by published_at desc nulls last, id desc nulls last
    offset (select (count(*) * 0.9)::int from news where status = 'published' and category = 'libya') limit 1`);
  const article = await one<{ id: number }>(`
    select id from news where status = 'published' order by published_at desc nulls last offset
      (select (count(*) / 2)::int from news where status = 'published') limit 1`);
  // The current month: the sitemap crawlers fetch most, the same number of days into it at either size.
  const month = await one<{ m: string }>(`
    select to_char(max(published_at) at time zone 'UTC', 'YYYY-MM') m from news where status = 'published'`);
  const author = await one<{ username: string }>(`select username from admins where username = 'reporter1'`);
  const tag = await one<{ slug: string }>(`select slug from tags where slug = 'tag-2'`);
  await c.end();
  const cursor = encodeURIComponent(`${deep.published_at.toISOString()}~${deep.id}`);
  return [
    { name: 'home', path: '/' },
    { name: 'section page', path: '/category/libya' },
    { name: 'deep section page', path: `/category/libya?before=${cursor}` },
    { name: 'article', path: `/news/${article.id}` },
    { name: 'search (common word)', path: `/api/search?q=${encodeURIComponent('طرابلس')}` },
    { name: 'search (a name)', path: `/api/search?q=${encodeURIComponent(RARE_NAME)}` },
    { name: 'search (uncommon words)', path: `/api/search?q=${encodeURIComponent('فسيفساء رومانية')}` },
    { name: 'search page 5', path: `/api/search?q=${encodeURIComponent('المشروع')}&page=5` },
    // A deep full page of 20 at the small size too (about 1,980 of its 2,000 are visible).
    { name: 'api/news offset 960', path: '/api/news?limit=20&offset=960' },
    { name: 'most read 24 hours', path: '/api/news/most-read?window=24h' },
    { name: 'most read 7 days', path: '/api/news/most-read?window=7d' },
    { name: 'most read all time', path: '/api/news/most-read' },
    { name: 'tag page', path: `/tag/${tag.slug}` },
    { name: 'author page', path: `/author/${author.username}` },
    { name: 'sitemap index', path: '/sitemap.xml' },
    { name: 'monthly sitemap', path: `/sitemaps/news-${month.m}.xml` },
    { name: 'news sitemap (48 h)', path: '/news-sitemap.xml' },
    { name: 'rss', path: '/rss.xml' },
    { name: 'admin news list', path: '/api/admin/news', admin: true },
    {
      // A word that fills the page of 50 at the small size too (59 of the economy section's 197 titles at 1,000): a
      // page of 31 rows against 50 would measure the page, not the archive.
      name: 'admin news filtered',
      path: `/api/admin/news?status=published&category=economy&q=${encodeURIComponent('جديد')}`,
      admin: true,
    },
    { name: 'admin news by author', path: '/api/admin/news?author=2', admin: true },
    // A deep page that exists at both sizes (2,000 articles make 40 pages of 50).
    { name: 'admin news page 15', path: '/api/admin/news?page=15', admin: true },
    { name: 'dashboard statistics', path: '/api/admin/statistics', admin: true },
    { name: 'dashboard total views', path: '/api/admin/news/views', admin: true },
    { name: 'statistics (30 days)', path: '/api/admin/statistics/detailed', admin: true },
    { name: 'audit log', path: '/api/admin/audit-log', admin: true },
  ];
}

const start = (env: Record<string, string>) => startProcess('dist/server/main.js', [], env);

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

interface Result {
  p50: number;
  p99: number;
  rps: number;
}

/**
 * CONNECTIONS keep-alive connections, each sending the next request when the last answer has arrived, for SECONDS.
 * Latencies are kept in fractions of a millisecond (autocannon's histogram rounds to whole milliseconds, which at
 * 1–2 ms turned one tick into a ratio of 2).
 */
async function measure(origin: string, t: Target, cookie: string): Promise<Result> {
  const url = new URL(origin + t.path);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = { 'accept-encoding': 'br', ...(t.admin ? { cookie } : {}) };
  const latencies: number[] = [];
  let failed = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers });
      req.on('response', (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== 200) failed++;
          latencies.push(performance.now() - t0);
          resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  agent.destroy();
  if (failed) throw new Error(`${t.path}: ${failed} answers other than 200`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / SECONDS };
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

/** Every statement the app runs for these requests, EXPLAINed on the large database. */
async function explainAll(url: string, targets: Target[]): Promise<string[]> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratchDir('sahifa-scale-explain-'),
    WEATHER_API_URL: 'http://127.0.0.1:9',
    CACHE_MAX_MB: '0',
    STAFF_2FA_ROLES: 'none', // as the measured servers (bench-processes.ts): the bench's admin signs in with a password
  });
  const database = connect(url, { max: 2 });
  const seen = new Map<string, unknown[]>();
  const query = database.pool.query.bind(database.pool) as (...a: unknown[]) => Promise<unknown>;
  (database.pool as unknown as { query: unknown }).query = (q: unknown, values?: unknown) => {
    const text = typeof q === 'string' ? q : (q as { text: string }).text;
    const params = (typeof q === 'string' ? values : ((q as { values?: unknown[] }).values ?? values)) as unknown[];
    if (/^\s*(select|with)\b/i.test(text) && !seen.has(text)) seen.set(text, params ?? []);
    return query(q, values);
  };
  const app = await buildApp({ config, db: database.db, assets: { script: '/x.js', preloadScripts: [], styles: [] } });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: 'http://127.0.0.1' }, // the PUBLIC_URL above: admin writes are same-origin only
    payload: ADMIN,
  });
  const cookie = `sahifa_session=${login.cookies.find((c) => c.name === 'sahifa_session')!.value}`;
  const findings: string[] = [];
  for (const t of targets) {
    seen.clear();
    const res = await app.inject({ url: t.path, headers: t.admin ? { cookie } : {} });
    if (res.statusCode !== 200) throw new Error(`${t.path}: ${res.statusCode}`);
    const scans: string[] = [];
    for (const [text, params] of seen) {
      const plan = await database.pool.query(`explain (format json) ${text}`, params);
      const walk = (node: Record<string, unknown>) => {
        const type = node['Node Type'] as string;
        const rel = node['Relation Name'] as string | undefined;
        if (rel && LARGE_TABLES.includes(rel)) {
          const how = type === 'Seq Scan' ? 'SEQ SCAN' : type.replace(' Scan', '').toLowerCase();
          const index = (node['Index Name'] as string | undefined) ?? '';
          scans.push(`${rel}:${how}${index ? `(${index})` : ''}`);
        }
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((plan.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    }
    const unique = [...new Set(scans)];
    findings.push(
      `${t.name.padEnd(24)} ${unique.some((s) => s.includes('SEQ SCAN')) ? 'SEQUENTIAL' : 'index    '}  ${unique.join(' ')}`,
    );
  }
  await app.close();
  await database.close();
  return findings;
}

/** The admin news screen in Chromium against the large database: navigation to its first row, three times. */
async function adminScreen(origin: string): Promise<string> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return 'skipped (no Chromium at CHROME_PATH)';
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const times: number[] = [];
  try {
    const context = await browser.newContext({ locale: 'ar-LY', timezoneId: 'Africa/Tripoli' });
    const page = await context.newPage();
    await page.goto(`${origin}/admin/login`, { waitUntil: 'networkidle' });
    await page.fill('#username', ADMIN.username);
    await page.fill('#password', ADMIN.password);
    await page.click('button[type=submit]');
    await page.waitForURL('**/admin/dashboard');
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      await page.goto(`${origin}/admin/news`);
      await page.waitForSelector('[data-testid^="news-row-"]');
      times.push(Date.now() - t0);
      await page.goto(`${origin}/admin/dashboard`, { waitUntil: 'networkidle' });
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return `${times[1]} ms to the first row (median of 3: ${times.join(', ')} ms), a page of 50 of ${LARGE.toLocaleString('en')}`;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  // SCALE_DIR keeps the databases between runs (built once, reused while the folder exists).
  const keep = process.env.SCALE_DIR;
  const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: dir, log: () => {} });
  // The servers, the cluster and (unless kept) its folder go at the end, and on Ctrl-C or SIGTERM too: a bench
  // stopped midway had left its PostgreSQL running and gigabytes in /tmp. The servers' own data folders (their
  // uploads and keys; the databases are the bench's) are scratch folders. Once, whichever asks first.
  let stopping: Promise<void> | undefined;
  const stopDatabase = () =>
    (stopping ??= (async () => {
      await server.stop();
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    })());
  cleanUpOnSignal(stopDatabase);
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    admin.on('error', () => {});
    await admin.connect();
    // This cluster is the bench's own: fewer checkpoints while gigabytes of rows go in (the default is 1 GB of WAL).
    await admin.query(`alter system set max_wal_size = '16GB'`);
    await admin.query('select pg_reload_conf()');
    const now = new Date();
    const urls: Record<string, string> = {};
    for (const [name, size] of [
      ['small', SMALL],
      ['large', LARGE],
    ] as const) {
      const t0 = Date.now();
      // Named by size, so a kept folder (SCALE_DIR) is reused only for the same number of articles.
      const dbName = `scale_${size}`;
      urls[name] = server.url(dbName);
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
      if (exists) {
        // Kept from an earlier run: brought up to the current schema first (the migrations it lacks, if any).
        const db = connect(urls[name]!, { max: 2 });
        await runMigrations(db.db);
        await db.close();
        console.log(`reusing ${dbName} in ${dir} (${((Date.now() - t0) / 1000).toFixed(0)} s to migrate)`);
        continue;
      }
      // Built under another name and renamed when whole, so an interrupted build is never taken for a finished one.
      const building = `${dbName}_building`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building} encoding 'UTF8' template template0`);
      const db = connect(server.url(building), { max: 2 });
      await runMigrations(db.db);
      await db.pool.query(
        `insert into admins (username, full_name, email, role, password_hash) values ($1, 'مدير القياس', 'a@x.ly', 'admin', $2)`,
        [ADMIN.username, await hashPassword(ADMIN.password)],
      );
      await db.close();
      await makeScaleDatabase(server.url(building), size, now);
      await admin.query(`alter database ${building} rename to ${dbName}`);
      const size_ = (await admin.query(`select pg_size_pretty(pg_database_size('${dbName}')) s`)).rows[0].s;
      console.log(
        `built ${size.toLocaleString('en')} articles in ${((Date.now() - t0) / 1000).toFixed(0)} s (${size_})`,
      );
    }
    await admin.end();
    if (process.env.SCALE_STEPS === 'build') return;

    const env = {
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      WEATHER_API_URL: 'http://127.0.0.1:9',
      CACHE_MAX_MB: '0',
      SEED_DEMO: 'false',
    };
    const origins: Record<string, string> = {};
    for (const name of ['small', 'large']) {
      const port = await freePort();
      const child = start({
        ...env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: urls[name]!,
        DATA_DIR: scratchDir(`sahifa-scale-${name}-`),
      });
      origins[name] = `http://127.0.0.1:${port}`;
      await waitFor(`${origins[name]}/healthz`, child);
    }
    const cookies = { small: await signIn(origins.small!), large: await signIn(origins.large!) };
    const targets = { small: await targetsFor(urls.small!), large: await targetsFor(urls.large!) };

    console.log(
      `\nSahifa at scale: ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} articles, cache off, ${CONNECTIONS} connections, ${SECONDS} s a run, interleaved, ${os.cpus().length} cores\n`,
    );
    const short = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
    const [small, big] = [short(SMALL), short(LARGE)];
    console.log(
      `${'request'.padEnd(24)} ${`p50 ${small}`.padStart(6)} ${`p50 ${big}`.padStart(9)}  ratio ${`p99 ${small}`.padStart(8)} ${`p99 ${big}`.padStart(9)}  ratio ${`req/s ${small}`.padStart(9)} ${`req/s ${big}`.padStart(11)}`,
    );
    const worst: number[] = [];
    for (let i = 0; i < targets.small.length; i++) {
      const [s, l] = [targets.small[i]!, targets.large[i]!];
      await measure(origins.small!, s, cookies.small); // warm-up
      await measure(origins.large!, l, cookies.large);
      const s1 = await measure(origins.small!, s, cookies.small);
      const l1 = await measure(origins.large!, l, cookies.large);
      const s2 = await measure(origins.small!, s, cookies.small);
      const l2 = await measure(origins.large!, l, cookies.large);
      const p50 = [(s1.p50 + s2.p50) / 2, (l1.p50 + l2.p50) / 2];
      const p99 = [(s1.p99 + s2.p99) / 2, (l1.p99 + l2.p99) / 2];
      const r50 = p50[1]! / Math.max(p50[0]!, 0.5);
      const r99 = p99[1]! / Math.max(p99[0]!, 0.5);
      const rps = [(s1.rps + s2.rps) / 2, (l1.rps + l2.rps) / 2];
      worst.push(Math.max(r50, r99));
      console.log(
        `${s.name.padEnd(24)} ${pad(p50[0]!.toFixed(1), 6)} ${pad(p50[1]!.toFixed(1), 9)} ${pad(r50.toFixed(2), 6)} ${pad(p99[0]!.toFixed(1), 8)} ${pad(p99[1]!.toFixed(1), 9)} ${pad(r99.toFixed(2), 6)} ${pad(rps[0]!.toFixed(0), 9)} ${pad(rps[1]!.toFixed(0), 11)}`,
      );
    }
    const over = worst.filter((r) => r > 1.5).length;
    console.log(
      `\n${over === 0 ? 'every ratio ≤ 1.5' : `${over} request(s) with a ratio over 1.5`} (ratio = ${big} ÷ ${small}, ms)`,
    );

    console.log(
      `\nIndex use at ${LARGE.toLocaleString('en')} (EXPLAIN of every statement each request ran; large tables only)`,
    );
    for (const line of await explainAll(urls.large!, targets.large)) console.log(line);

    console.log(
      `\nAdmin news screen in Chromium at ${LARGE.toLocaleString('en')} articles: ${await adminScreen(origins.large!)}`,
    );
  } catch (err) {
    console.error(err);
    throw err;
  } finally {
    await stopChildren();
    await stopDatabase();
    removeScratch();
  }
}

main().catch((err) => {
  console.error(err);
  void stopAllAndExit(1);
});
