/**
 * `npm run bench`: the built server, on fresh demo content, measured in one run on this machine.
 *
 *  1. Cached pages and API against a bare node:http server sending the same compressed bytes and headers
 *     (scripts/bench-baseline.ts), as ratios: 1.00 means as fast as a server that does nothing but send bytes.
 *  2. Pages rendered every time (a second instance with the cache off, CACHE_MAX_MB=0, on the same database): one
 *     process, then WEB_CONCURRENCY=2 (two workers).
 *  3. View beacons (POST /api/news/:id/view) on one hot article and spread over all, and that every acknowledged view
 *     was stored (they are batched in memory and written every second).
 *  4. Publishing under load: 200 readers while an editor saves an article every 500 ms (admin latency, reader rate),
 *     and the longest the server's event loop was blocked meanwhile (from its /metrics).
 *
 * Load comes from autocannon on loopback (in a worker thread), bounded in time. BENCH_SECONDS sets each run's length.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePorts } from '../src/server/db/embedded';
import { children, startProcess, waitFor } from './bench-processes';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

const start = startProcess;
/** The bench's own token for /metrics (event-loop delay); made per run, never a fixed secret. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** The longest the server's event loop was blocked since the last scrape, in ms (prom-client's histogram). */
async function eventLoopMaxMs(origin: string): Promise<number> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const m = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (!m) throw new Error('no nodejs_eventloop_lag_max_seconds in /metrics');
  return Number(m[1]) * 1000;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
}

async function load(
  url: string,
  opts: { connections?: number; method?: 'GET' | 'POST'; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Result> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.seconds ?? SECONDS,
    method: opts.method ?? 'GET',
    headers: opts.headers ?? BROWSER,
    workers: 1,
  });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'] };
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
const fixed = (n: number, d = 0) => n.toFixed(d);

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-bench-'));
  fs.chmodSync(dataDir, 0o755);
  try {
    const [port, uncachedPort, basePort, pgPort] = await freePorts(4);
    const env = {
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      WEATHER_API_URL: 'http://127.0.0.1:9',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-password-1',
    };
    const server = start('dist/server/main.js', [], {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_PG_PORT: String(pgPort),
      METRICS_TOKEN,
    });
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/healthz`, server);
    const pgPassword = encodeURIComponent(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
    const databaseUrl = `postgres://postgres:${pgPassword}@127.0.0.1:${pgPort}/sahifa`;
    const [first] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
    const articleId = first!.id;
    const targets: Record<string, string> = { home: '/', article: `/news/${articleId}`, 'api-news': '/api/news' };

    // The bytes and headers a browser gets, captured once, for the baseline to send.
    const captured: Record<string, { status: number; headers: string[]; base64: string; bytes: number }> = {};
    for (const p of Object.values(targets)) await fetch(origin + p, { headers: BROWSER }); // fill
    await new Promise((r) => setTimeout(r, 1500)); // the background best-quality brotli
    for (const [name, p] of Object.entries(targets)) {
      const res = await fetch(origin + p, { headers: BROWSER });
      const raw = Buffer.from(await res.arrayBuffer());
      const http = await import('node:http');
      // fetch() decodes; ask again with node:http for the encoded bytes and the header list as sent.
      const encoded = await new Promise<{ headers: string[]; body: Buffer }>((resolve, reject) => {
        http
          .get(origin + p, { headers: BROWSER }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c) => chunks.push(c));
            r.on('end', () => {
              const headers: string[] = [];
              for (let i = 0; i < r.rawHeaders.length; i += 2) {
                const name = r.rawHeaders[i]!.toLowerCase();
                if (!['date', 'connection', 'keep-alive'].includes(name)) headers.push(name, r.rawHeaders[i + 1]!);
              }
              resolve({ headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', reject);
      });
      captured[name] = {
        status: res.status,
        headers: encoded.headers,
        base64: encoded.body.toString('base64'),
        bytes: encoded.body.length,
      };
      void raw;
    }
    const bodiesFile = path.join(dataDir, 'bench-bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(captured));
    const baseline = start('scripts/bench-baseline.ts', ['--import', 'tsx'], {
      PORT: String(basePort),
      PUBLIC_URL: `http://127.0.0.1:${basePort}`,
      BENCH_BODIES: bodiesFile,
    });
    const baseOrigin = `http://127.0.0.1:${basePort}`;
    await waitFor(`${baseOrigin}/fixed/home`, baseline);

    console.log(`\nSahifa benchmark: ${SECONDS} s per run, ${os.cpus().length} cores, Node ${process.version}\n`);
    console.log('1. Cached answers vs a bare node:http server sending the same bytes (brotli), 50 connections');
    console.log('target       bytes    req/s  bare req/s  ratio   p99 ms  bare p99');
    const mean = (a: Result, b: Result): Result => ({
      rps: (a.rps + b.rps) / 2,
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      ok: a.ok + b.ok,
    });
    for (const [name, p] of Object.entries(targets)) {
      await load(origin + p, { seconds: 2 }); // warm-up (JIT)
      await load(`${baseOrigin}/fixed/${name}`, { seconds: 2 });
      // Interleaved, twice each, so drift of the machine counts against both alike.
      const s1 = await load(origin + p);
      const b1 = await load(`${baseOrigin}/fixed/${name}`);
      const s2 = await load(origin + p);
      const b2 = await load(`${baseOrigin}/fixed/${name}`);
      const s = mean(s1, s2);
      const b = mean(b1, b2);
      console.log(
        `${name.padEnd(10)} ${pad(captured[name]!.bytes, 7)} ${pad(fixed(s.rps), 8)} ${pad(fixed(b.rps), 11)} ${pad(fixed(s.rps / b.rps, 2), 6)} ${pad(s.p99, 8)} ${pad(b.p99, 9)}`,
      );
    }

    const uncached = start('dist/server/main.js', [], {
      ...env,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-bench-b-')),
      PORT: String(uncachedPort),
      PUBLIC_URL: `http://127.0.0.1:${uncachedPort}`,
      DATABASE_URL: databaseUrl,
      CACHE_MAX_MB: '0',
      SEED_DEMO: 'false',
    });
    const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`;
    await waitFor(`${uncachedOrigin}/healthz`, uncached);
    console.log('\n2. Rendered every time (cache off), 50 connections; one process, then WEB_CONCURRENCY=2');
    console.log('target      workers   req/s   p50 ms   p99 ms');
    const rendered = async (o: string, workers: number) => {
      for (const name of ['home', 'article']) {
        await load(o + targets[name], { seconds: 2 });
        const s = await load(o + targets[name]);
        console.log(`${name.padEnd(10)} ${pad(workers, 7)} ${pad(fixed(s.rps), 7)} ${pad(s.p50, 8)} ${pad(s.p99, 8)}`);
      }
    };
    await rendered(uncachedOrigin, 1);
    uncached.kill('SIGTERM');
    await new Promise((r) => uncached.once('exit', r));
    const twoWorkers = start('dist/server/main.js', [], {
      ...env,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-bench-c-')),
      PORT: String(uncachedPort),
      PUBLIC_URL: `http://127.0.0.1:${uncachedPort}`,
      DATABASE_URL: databaseUrl,
      CACHE_MAX_MB: '0',
      SEED_DEMO: 'false',
      WEB_CONCURRENCY: '2',
    });
    await waitFor(`${uncachedOrigin}/healthz`, twoWorkers);
    await new Promise((r) => setTimeout(r, 1500)); // the second worker too
    await rendered(uncachedOrigin, 2);
    twoWorkers.kill('SIGTERM');

    console.log('\n3. View beacons: POST /api/news/:id/view, 50 connections');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // Beacons are counted in memory and written every second (VIEW_FLUSH_MS); after a flush every one is stored.
    const viewsOf = async () =>
      Number((await db.query('select coalesce(sum(views), 0) as n from news_views')).rows[0].n);
    const flushed = () => new Promise((r) => setTimeout(r, 2500));
    const all = (await (await fetch(`${origin}/api/news?limit=100`)).json()) as { id: number }[];
    for (const [label, paths] of [
      ['one hot article', [`/api/news/${articleId}/view`]],
      [`spread over ${all.length} articles`, all.map((a) => `/api/news/${a.id}/view`)],
    ] as const) {
      await flushed();
      const before = await viewsOf();
      const r = await autocannon({
        url: origin,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: paths.map((p) => ({ method: 'POST', path: p })),
        workers: 1,
      });
      if (r.errors || r.non2xx) throw new Error(`beacons: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      await flushed();
      const counted = (await viewsOf()) - before;
      // autocannon stops counting answers when its time is up; the (at most one per connection) requests still in
      // flight then are answered and counted by the server too.
      const inFlight = counted - r['2xx'];
      const verdict =
        inFlight >= 0 && inFlight <= CONNECTIONS ? `all counted (+${inFlight} in flight at the end)` : 'MISMATCH';
      console.log(
        `${label.padEnd(26)} ${pad(fixed(r.requests.average), 6)} req/s, p99 ${r.latency.p99} ms; ${r['2xx']} acknowledged, ${counted} stored: ${verdict}`,
      );
    }

    console.log(
      '\n4. Publishing under load: 200 readers (home, an article, the API) and an editor saving every 500 ms',
    );
    const cookie = await signIn(origin);
    const editorArticle = (await (await fetch(`${origin}/api/news?limit=2`)).json()) as { id: number }[];
    const edited = editorArticle[1]!.id;
    await eventLoopMaxMs(origin); // from here on
    const readersAlone = await readers(origin, targets);
    const latencies: number[] = [];
    let saving = true;
    const editor = (async () => {
      for (let i = 0; saving; i++) {
        const t0 = performance.now();
        const res = await fetch(`${origin}/api/admin/news/${edited}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie, origin },
          body: JSON.stringify({
            title: `خبر يتجدد أثناء القراءة ${i}`,
            description: 'وصف يتغير مع كل حفظ',
            content: `<p>نص الخبر بعد الحفظ رقم ${i}</p>`,
            category: 'libya',
            imageUrl: 'https://example.ly/a.jpg',
            featured: false,
          }),
        });
        if (!res.ok) throw new Error(`editor save answered ${res.status}`);
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const readersWhileSaving = await readers(origin, targets);
    saving = false;
    await editor;
    const blocked = await eventLoopMaxMs(origin);
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    console.log(`readers alone:         ${pad(fixed(readersAlone.rps), 6)} req/s, p99 ${readersAlone.p99} ms`);
    console.log(
      `readers while saving:  ${pad(fixed(readersWhileSaving.rps), 6)} req/s, p99 ${readersWhileSaving.p99} ms`,
    );
    console.log(
      `editor saves:          ${latencies.length} saves, p50 ${fixed(q(0.5))} ms, p99 ${fixed(q(0.99))} ms, max ${fixed(latencies.at(-1)!)} ms`,
    );
    console.log(`event loop:            longest block ${fixed(blocked)} ms over both runs (goal ≤ 100 ms)`);
    await db.end();
    console.log('\nratio: server ÷ bare baseline (req/s; 1.00 = as fast as sending fixed bytes).');
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: 'bench-admin', password: 'bench-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** 200 readers spread over home, an article and the news API (a real browser's mix, compressed). */
async function readers(origin: string, targets: Record<string, string>): Promise<Result> {
  const paths = Object.values(targets);
  const r = await autocannon({
    url: origin,
    connections: 200,
    duration: SECONDS * 2,
    headers: BROWSER,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
    workers: 1,
  });
  if (r.errors || r.non2xx) throw new Error(`readers: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'] };
}

main().catch((err) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
