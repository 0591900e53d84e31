/**
 * `npm run bench`: the built server, on fresh demo content, measured in one run on this machine.
 *
 *  1. Cached pages and API against a bare node:http server sending the same compressed bytes and headers
 *     (scripts/bench-baseline.ts), as ratios: 1.00 means as fast as a server that does nothing but send bytes.
 *  2. Pages rendered every time (a second instance with the cache off, CACHE_MAX_MB=0, on the same database): home,
 *     section, article, search, tag and author pages with one process, then home and article with WEB_CONCURRENCY=2.
 *  3. View beacons (POST /api/news/:id/view) on one hot article and spread over 1,000, and that every acknowledged view
 *     was stored (they are batched in memory and written every second).
 *  4. Publishing under load: 200 readers (home, an article, the API, a live coverage's poll) while an editor saves an
 *     article every 500 ms (with its revisions) and a live desk posts every 2 s: the readers' rate against their rate
 *     alone (three runs of each in turn, the median of the pairs' ratios), the saves' and posts' latency, how soon a
 *     save is on the article's page, and the longest the server's event loop was blocked meanwhile (from /metrics).
 *  5. Live coverage: from a post on one instance to the entry in another instance's poll (two instances, one
 *     database), and 5,000 readers polling every 10 s while three staff post every 2 s each (the posts' latency, the
 *     database reads made for the polls, the longest event-loop block).
 *  6. Back after a crash: `npm start` (and `node dist/server/main.js`) to a healthy /healthz after a SIGKILL, the
 *     median of 10 (scripts/bench-restart.ts).
 *  7. Newsletter: the daily digest to 100,000 subscribers through a local SMTP stand-in, unthrottled: the rate reached,
 *     the time to finish, and the readers' rate while it sends against their rate without (scripts/bench-newsletter.ts).
 *  8. A breaking-news alert by Web Push to 100,000 subscriptions at a local stand-in push service: when 90 % arrived
 *     (goal: within 2 minutes), and the readers' rate during the send against their rate without one (scripts/bench-push.ts).
 *  9. Advertising: a cached article with four filled ad placements against the same article with none, and
 *     viewable-impression beacons on one campaign with every acknowledged one stored (scripts/bench-ads.ts).
 *
 * Load comes from wrk where it is installed (Debian's package `wrk`; mixes of URLs and POSTs through a Lua script),
 * else autocannon (scripts/bench-load.ts); the 5,000 pollers' fixed rate from autocannon. BENCH_SECONDS sets each run's
 * length; BENCH_PAIRS how many runs of each server part 1 takes in turn; BENCH_ONLY=1,3 runs only those parts; BENCH_NODE_ARGS passes node options to the measured server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePorts } from '../src/server/db/embedded';
import {
  BENCH_SERVER_ENV,
  cleanUpOnSignal,
  removeScratch,
  scratchDir,
  signIn,
  startProcess,
  stopAllAndExit,
  stopChildren,
  waitFor,
} from './bench-processes';
import { GENERATOR, WRK, loadMix, loadUrl } from './bench-load';
import { measureRestart } from './bench-restart';
import { benchPush } from './bench-push';
import { deskCall, entryBody, makeCoverage, pollersAndDesk, postToPoll, summary, type Desk } from './bench-live';
import { benchNewsletter } from './bench-newsletter';
import { benchAds } from './bench-ads';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** BENCH_ONLY=1,3 runs only those parts (while working on one); the figures that count come from a whole run. */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const part = (n: number) => !ONLY.size || ONLY.has(String(n));
/** Articles in the database for the beacons spread over many (the demo's 60 and older copies of them). */
const ARCHIVE = 1000;
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

const start = startProcess;
/** The bench's own token for /metrics (event-loop delay); made per run, never a fixed secret. */
const METRICS_TOKEN = randomBytes(24).toString('hex');

const metricsText = async (origin: string) =>
  (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

/** A metric without labels, as /metrics has it now. */
async function metric(origin: string, name: string): Promise<number> {
  const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(await metricsText(origin));
  if (!m) throw new Error(`no ${name} in /metrics`);
  return Number(m[1]);
}

/** The sum of a metric's series whose labels contain `labels` (all of them when omitted). */
function metricSum(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const m of text.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? (\\S+)$`, 'gm')))
    if ((m[1] ?? '').includes(labels)) sum += Number(m[2]);
  return sum;
}

/** The page cache's counters and the pages rendered so far: what readers were answered with during a run. */
async function cacheCounters(origin: string) {
  const text = await metricsText(origin);
  return {
    fresh: metricSum(text, 'sahifa_cache_hits_total', 'kind="fresh"'),
    previous: metricSum(text, 'sahifa_cache_hits_total', 'kind="previous"'),
    coalesced: metricSum(text, 'sahifa_cache_hits_total', 'kind="coalesced"'),
    misses: metricSum(text, 'sahifa_cache_misses_total'),
    best: metricSum(text, 'sahifa_cache_compressions_total', 'kind="best"'),
    renders: metricSum(text, 'sahifa_render_duration_seconds_count'),
    renderSeconds: metricSum(text, 'sahifa_render_duration_seconds_sum'),
    /** The longest event-loop block since the previous scrape (every scrape restarts prom-client's histogram). */
    blockedMs: metricSum(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

/**
 * The longest the server's event loop was blocked since the last scrape of /metrics, in ms (prom-client's histogram,
 * which every scrape restarts: a part that scrapes in between keeps the largest of every scrape's figure).
 */
const eventLoopMaxMs = async (origin: string) => (await metric(origin, 'nodejs_eventloop_lag_max_seconds')) * 1000;

/**
 * CPU time this machine's host took from it so far (the "steal" column of /proc/stat, in ms), or undefined where there
 * is none to read. On a virtual machine the host may stop a core for hundreds of ms: a run's slowest answers and its
 * event loop's longest delay are then the host's, not the server's, and the bench prints it beside them.
 */
function stealMs(): number | undefined {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    // cpu user nice system idle iowait irq softirq steal ...: in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return cpu[0] === 'cpu' && cpu[8] !== undefined ? Number(cpu[8]) * 10 : undefined;
  } catch {
    return undefined;
  }
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed?: number;
}

const load = (
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string>; tolerate?: boolean } = {},
): Promise<Result> =>
  loadUrl(url, {
    connections: opts.connections ?? CONNECTIONS,
    seconds: opts.seconds ?? SECONDS,
    headers: opts.headers ?? BROWSER,
    tolerate: opts.tolerate,
  });

/**
 * Waits until `url` answers 200 again: after a run the server is still working through the renders the load
 * generator left in flight (it stops at its time, they do not), and the next run must not start on that backlog.
 */
async function settled(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0; // no answer within 5 s
    }
    if (status === 200 && Date.now() - started < 1000) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} answered ${status} (or slowly) for ${timeoutMs / 1000} s after the last run`);
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
/**
 * Part 1's rows take BENCH_PAIRS runs of each server in turn, each half BENCH_SECONDS long: this machine's rate moves by
 * a third from one run to the next, for the bare server as for ours, so a row made of two runs each could say 0.6 or
 * 1.0 of the same build. Many short runs side by side, and their median, say nearly the same figure run after run.
 */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 8);
const PAIR_SECONDS = Math.max(1, Math.round(SECONDS / 2));
/** Part 4's runs of the readers alone and while writing, in turn. */
const WRITING_PAIRS = 3;
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * CPU time each thread of a process has used so far, in ns (Linux's per-thread schedstat: nanoseconds, not the 10 ms
 * ticks of /proc/<pid>/stat); undefined where /proc does not say.
 */
function threadCpuNs(pid: number | undefined): Map<string, number> | undefined {
  if (pid === undefined) return undefined;
  try {
    const threads = new Map<string, number>();
    for (const task of fs.readdirSync(`/proc/${pid}/task`))
      try {
        threads.set(task, Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]));
      } catch {
        // a thread that ended while the list was read
      }
    return threads;
  } catch {
    return undefined;
  }
}

/**
 * One run of the load on `url` and the CPU µs the process `pid` used per answer meanwhile (when /proc says): each
 * thread's use between the two readings, a thread started meanwhile all of its own; a thread that ended meanwhile (the
 * server's helper threads come and go) is missing only its last moments.
 */
async function loadWithCpu(url: string, o: Parameters<typeof load>[1], pid: number | undefined) {
  const before = threadCpuNs(pid);
  const r = await load(url, o);
  const after = threadCpuNs(pid);
  let ns = 0;
  if (before && after) for (const [tid, used] of after) ns += used - (before.get(tid) ?? 0);
  const usPerAnswer = before && after && r.ok > 0 ? ns / 1000 / r.ok : NaN;
  return { ...r, usPerAnswer };
}

type Headers = Record<string, string>;

/**
 * The server and the bare baseline in turn, PAIRS runs each after a warm-up of both, so drift of the machine counts
 * against both alike: the median rates, and the median and range of each run's ratio to the bare run beside it.
 * Beside the rates, the CPU each process spent per answer (every thread of it, from /proc), and its ratio (bare µs ÷
 * server µs, 1.00 = as cheap as sending fixed bytes): what being Sahifa costs in the machine's own currency. It moves
 * with the rate too (the kernel's work of waking the other side lands on whoever runs), so it is a second view, and
 * the row's two ratios agreeing is the check.
 *
 * The server's `headers` may be made afresh before each of its runs (a conditional request's ETag, read just before
 * it); the bare server's are then given apart, as they cannot be derived.
 */
async function interleaved(
  serverUrl: string,
  bareUrl: string,
  headers: Headers | (() => Promise<Headers>),
  pids: { server?: number; bare?: number },
  bareHeaders?: Headers,
): Promise<{ s: Result; b: Result; line: string }> {
  const headersNow = typeof headers === 'function' ? headers : async () => headers;
  bareHeaders ??= typeof headers === 'function' ? undefined : headers;
  if (!bareHeaders) throw new Error("interleaved: headers made per run need the bare server's headers beside them");
  await load(serverUrl, { seconds: 2, headers: await headersNow() }); // warm-up (JIT)
  await load(bareUrl, { seconds: 2, headers: bareHeaders });
  const server: (Result & { usPerAnswer: number })[] = [];
  const bare: (Result & { usPerAnswer: number })[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const h = await headersNow();
    server.push(await loadWithCpu(serverUrl, { headers: h, seconds: PAIR_SECONDS }, pids.server));
    bare.push(await loadWithCpu(bareUrl, { headers: bareHeaders, seconds: PAIR_SECONDS }, pids.bare));
  }
  const at = (results: Result[]): Result => ({
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    ok: results.reduce((sum, r) => sum + r.ok, 0),
  });
  const s = at(server);
  const b = at(bare);
  const ratios = server.map((r, i) => r.rps / bare[i]!.rps);
  const shown = ratio({ rps: median(ratios) }, { rps: 1 });
  const range = WRK ? `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}` : '';
  const sUs = median(server.map((r) => r.usPerAnswer));
  const bUs = median(bare.map((r) => r.usPerAnswer));
  const cpuRatios = server.map((r, i) => bare[i]!.usPerAnswer / r.usPerAnswer);
  const cpu = Number.isFinite(sUs + bUs)
    ? `${pad(fixed(sUs, 1), 7)} ${pad(fixed(bUs, 1), 7)}  ${pad(median(cpuRatios).toFixed(2), 5)}  ${Math.min(...cpuRatios).toFixed(2)}-${Math.max(...cpuRatios).toFixed(2)}`
    : '    (no /proc: CPU per answer not measured)';
  return {
    s,
    b,
    line: `${pad(shown, 6)}  ${range.padEnd(10)} ${pad(fixed(s.p99, 2), 8)} ${pad(fixed(b.p99, 2), 9)}  ${cpu}`,
  };
}
/**
 * server ÷ bare. Under autocannon (no wrk) both rates may be its own ceiling: then the server's rate is only a lower
 * bound and the ratio says nothing, so it is not printed as one.
 */
const ratio = (s: { rps: number }, b: { rps: number }) =>
  WRK ? (s.rps / b.rps).toFixed(2) : s.rps / b.rps > 0.9 ? 'n/a*' : (s.rps / b.rps).toFixed(2);
const fixed = (n: number, d = 0) => n.toFixed(d);

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  // Every folder the bench makes, and every server it starts, goes at the end, and on Ctrl-C or SIGTERM too.
  cleanUpOnSignal();
  const dataDir = scratchDir('sahifa-bench-');
  fs.chmodSync(dataDir, 0o755);
  try {
    const [port, uncachedPort, basePort, pgPort] = await freePorts(4);
    const env = BENCH_SERVER_ENV;
    // BENCH_NODE_ARGS: node options for the measured server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" to profile).
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = start('dist/server/main.js', nodeArgs, {
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
    const newest = (await (await fetch(`${origin}/api/news?limit=3`)).json()) as { id: number }[];
    const articleId = newest[0]!.id;
    const cookie = await signIn(origin);
    const desk: Desk = { origin, cookie };
    // A live coverage of 500 entries, made through the live desk's API.
    const coverageId = newest[2]!.id;
    const t0 = performance.now();
    await makeCoverage(desk, coverageId, 500);
    const made = performance.now() - t0;
    const pollPath = `/api/live/${coverageId}/updates`;
    const targets: Record<string, string> = {
      home: '/',
      section: '/category/libya',
      article: `/news/${articleId}`,
      'api-news': '/api/news',
      'live-poll': pollPath,
    };

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

    console.log(`\nSahifa benchmark: ${SECONDS} s per run, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`load generator: ${GENERATOR}\n`);
    console.log(
      `(a live coverage of 500 entries made through the live desk's API in ${fixed(made / 1000, 1)} s: ${fixed(made / 500, 1)} ms a post)\n`,
    );
    if (part(1)) {
      console.log('1. Cached answers vs a bare node:http server sending the same bytes (brotli), 50 connections');
      console.log(
        `(each row: ${PAIRS} runs of ${PAIR_SECONDS} s of each server in turn; req/s and ratio are the medians, "range" the lowest and`,
      );
      console.log(
        ' highest ratio of a run beside its neighbour: this machine\'s noise; "µs/ans" the CPU each process spent',
      );
      console.log(' per answer, all its threads (median), and "cpu" bare µs ÷ ours: what being Sahifa costs in CPU)');
      console.log(
        'target       bytes    req/s  bare req/s  ratio  range        p99 ms  bare p99   µs/ans    bare    cpu  range',
      );
      const pids = { server: server.pid, bare: baseline.pid };
      for (const [name, p] of Object.entries(targets)) {
        const { s, b, line } = await interleaved(origin + p, `${baseOrigin}/fixed/${name}`, BROWSER, pids);
        console.log(
          `${name.padEnd(10)} ${pad(captured[name]!.bytes, 7)} ${pad(fixed(s.rps), 8)} ${pad(fixed(b.rps), 11)} ${line}`,
        );
      }
      // A poll that finds nothing new: the browser asks with the ETag it has. The page's own ETag is read again just
      // before each run (an article shows its views and the most read, so its copy made a minute later differs from
      // the one captured at the start); a run the page changed during is counted, as part of its answers were whole.
      const currentEtag = async (p: string) => {
        const etag = (await fetch(origin + p, { headers: BROWSER, method: 'HEAD' })).headers.get('etag');
        if (!etag) throw new Error(`${p} has no ETag: its 304 row would measure whole answers`);
        return etag;
      };
      for (const name of ['live-poll', 'article']) {
        const captiveEtag = captured[name]!.headers[captured[name]!.headers.indexOf('etag') + 1]!;
        let asked: string | undefined;
        let changed = 0;
        const conditional = async () => {
          const etag = await currentEtag(targets[name]!);
          if (asked !== undefined && etag !== asked) changed++;
          asked = etag;
          return { ...BROWSER, 'if-none-match': etag };
        };
        const { s, b, line } = await interleaved(
          origin + targets[name],
          `${baseOrigin}/fixed/${name}`,
          conditional,
          pids,
          {
            ...BROWSER,
            'if-none-match': captiveEtag,
          },
        );
        if ((await currentEtag(targets[name]!)) !== asked) changed++;
        const note = changed
          ? ` (the page changed ${changed}× in the row; each run asks with the ETag of its start)`
          : '';
        console.log(`${`${name} 304`.padEnd(16)} ${pad(fixed(s.rps), 8)} ${pad(fixed(b.rps), 11)} ${line}${note}`);
      }
    }

    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', (err) => console.error(`[bench] its own database connection: ${err.message}`));
    await db.connect();
    if (part(2)) {
      const tagSlug = (
        await db.query(
          'select t.slug from tags t join news_tags nt on nt.tag_id = t.id group by t.slug order by count(*) desc limit 1',
        )
      ).rows[0]?.slug as string;
      const author = (await db.query("select username from admins where role = 'writer' order by username limit 1"))
        .rows[0]?.username as string;
      const renderedTargets: Record<string, string> = {
        home: '/',
        section: '/category/libya',
        article: `/news/${articleId}`,
        search: `/search?q=${encodeURIComponent('طرابلس')}`,
        tag: `/tag/${encodeURIComponent(tagSlug)}`,
        author: `/author/${encodeURIComponent(author)}`,
      };
      const uncached = start('dist/server/main.js', [], {
        ...env,
        DATA_DIR: scratchDir('sahifa-bench-b-'),
        PORT: String(uncachedPort),
        PUBLIC_URL: `http://127.0.0.1:${uncachedPort}`,
        DATABASE_URL: databaseUrl,
        CACHE_MAX_MB: '0',
        SEED_DEMO: 'false',
      });
      const uncachedOrigin = `http://127.0.0.1:${uncachedPort}`;
      await waitFor(`${uncachedOrigin}/healthz`, uncached);
      console.log('\n2. Rendered every time (cache off), 50 connections; one process, then WEB_CONCURRENCY=2');
      console.log(
        'target      workers   req/s   p50 ms   p99 ms   failed (non-2xx: 503 past the time bound; socket errors)',
      );
      const rendered = async (o: string, workers: number, names: string[]) => {
        for (const name of names) {
          await settled(o + renderedTargets[name]);
          await load(o + renderedTargets[name], { seconds: 2, tolerate: true });
          await settled(o + renderedTargets[name]);
          const s = await load(o + renderedTargets[name], { tolerate: true });
          console.log(
            `${name.padEnd(10)} ${pad(workers, 7)} ${pad(fixed(s.rps), 7)} ${pad(fixed(s.p50), 8)} ${pad(fixed(s.p99), 8)}   ${pad(s.failed ?? 0, 6)}`,
          );
        }
      };
      await rendered(uncachedOrigin, 1, Object.keys(renderedTargets));
      uncached.kill('SIGTERM');
      await new Promise((r) => uncached.once('exit', r));
      const twoWorkers = start('dist/server/main.js', [], {
        ...env,
        DATA_DIR: scratchDir('sahifa-bench-c-'),
        PORT: String(uncachedPort),
        PUBLIC_URL: `http://127.0.0.1:${uncachedPort}`,
        DATABASE_URL: databaseUrl,
        CACHE_MAX_MB: '0',
        SEED_DEMO: 'false',
        WEB_CONCURRENCY: '2',
      });
      await waitFor(`${uncachedOrigin}/healthz`, twoWorkers);
      await new Promise((r) => setTimeout(r, 1500)); // the second worker too
      await rendered(uncachedOrigin, 2, ['home', 'article']);
      twoWorkers.kill('SIGTERM');
      await new Promise((r) => twoWorkers.once('exit', r));
    }

    if (part(3)) {
      console.log(`\n3. View beacons: POST /api/news/:id/view, ${CONNECTIONS} connections`);
      // Older copies of the demo's stories, so the beacons can be spread over ARCHIVE articles.
      await addArchive(db, ARCHIVE);
      // Beacons are counted in memory and written every second (VIEW_FLUSH_MS); after a flush every one is stored.
      const viewsOf = async () =>
        Number((await db.query('select coalesce(sum(views), 0) as n from news_views')).rows[0].n);
      const flushed = () => new Promise((r) => setTimeout(r, 2500));
      const ids = (
        await db.query("select id from news where status = 'published' order by id limit $1", [ARCHIVE])
      ).rows.map((r) => r.id as number);
      for (const [label, paths] of [
        ['one hot article', [`/api/news/${articleId}/view`]],
        [`spread over ${ids.length} articles`, ids.map((id) => `/api/news/${id}/view`)],
      ] as const) {
        // Each article's first beacon looks it up in the database once; warm-up and measured runs alike.
        await loadMix(origin, paths, { method: 'POST', connections: CONNECTIONS, seconds: 2, headers: {} });
        await flushed();
        const before = await viewsOf();
        const r = await loadMix(origin, paths, {
          method: 'POST',
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: {},
        });
        await flushed();
        const counted = (await viewsOf()) - before;
        // The generator stops counting answers when its time is up; the (at most one per connection) requests still in
        // flight then are answered and counted by the server too.
        const inFlight = counted - r.ok;
        const verdict =
          inFlight >= 0 && inFlight <= CONNECTIONS ? `all counted (+${inFlight} in flight at the end)` : 'MISMATCH';
        console.log(
          `${label.padEnd(26)} ${pad(fixed(r.rps), 6)} req/s, p99 ${r.p99} ms; ${r.ok} acknowledged, ${counted} stored: ${verdict} (goal ≥ 5000/s)`,
        );
      }
    }

    if (part(4)) {
      console.log(
        '\n4. Publishing under load: 200 readers (home, an article, the API, a live poll); an editor saving every 500 ms and a live desk posting every 2 s',
      );
      const edited = newest[1]!.id;
      const readerTargets = { ...targets };
      await eventLoopMaxMs(origin); // from here on
      const latencies: number[] = [];
      const visible: number[] = [];
      const deskPosts: number[] = [];
      let save = 0;
      let post = 0;
      /**
       * A readers' run (`read`) with the editor saving and the live desk posting all through it; the saves' and posts'
       * times are kept when `record` (the runs against Sahifa, not the bare server's).
       */
      const whileWriting = async (read: () => Promise<Result>, record: boolean) => {
        let going = true;
        const editor = (async () => {
          while (going) {
            const i = save++;
            const title = `خبر يتجدد أثناء القراءة ${i}`;
            const t0 = performance.now();
            const res = await fetch(`${origin}/api/admin/news/${edited}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', cookie, origin },
              body: JSON.stringify({
                title,
                description: 'وصف يتغير مع كل حفظ',
                content: `<p>نص الخبر بعد الحفظ رقم ${i}</p>`,
                category: 'libya',
                imageUrl: 'https://example.ly/a.jpg',
                featured: false,
              }),
            });
            if (!res.ok) throw new Error(`editor save answered ${res.status}`);
            const saved = performance.now();
            if (record) latencies.push(saved - t0);
            // How soon a reader opening the article sees the save.
            for (;;) {
              const page = await (await fetch(`${origin}/news/${edited}`)).text();
              if (page.includes(title)) break;
              if (performance.now() - saved > 10_000) throw new Error('a save was not on the page after 10 s');
              await new Promise((r) => setTimeout(r, 20));
            }
            if (record) visible.push(performance.now() - saved);
            await new Promise((r) => setTimeout(r, Math.max(0, 500 - (performance.now() - t0))));
          }
        })();
        const liveDesk = (async () => {
          while (going) {
            const t0 = performance.now();
            await deskCall(desk, 'POST', `/live/${coverageId}/entries`, { body: entryBody(50_000 + post++) });
            if (record) deskPosts.push(performance.now() - t0);
            await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (performance.now() - t0))));
          }
        })();
        try {
          return await read();
        } finally {
          going = false;
          await Promise.all([editor, liveDesk]);
        }
      };
      const ours = () => readers(origin, readerTargets, SECONDS);
      // The same readers against the bare server sending the same bytes, the writers still writing to Sahifa: how
      // much of the readers' rate and of the event loop's delay the machine itself loses to the writers (the
      // database, the staff thread, the editor's and the desk's own clients share its cores with the readers).
      const bareTargets = Object.fromEntries(Object.keys(readerTargets).map((name) => [name, `/fixed/${name}`]));
      const bare = () => readers(baseOrigin, bareTargets, SECONDS);
      const bareLagMs = async () => ((await (await fetch(`${baseOrigin}/lag`)).json()) as { maxMs: number }).maxMs;
      // Alone and while writing in turn (WRITING_PAIRS of each): this machine's rate drifts by a third from one run to
      // the next, so one run of each could say 0.65 or 0.95 of the same build; each pair's ratio, and their median.
      const alone: Result[] = [];
      const writing: Result[] = [];
      const bareAlone: Result[] = [];
      const bareWriting: Result[] = [];
      type Counters = Awaited<ReturnType<typeof cacheCounters>>;
      const blockedAlone: number[] = [];
      const blockedWriting: number[] = [];
      const bareBlockedAlone: number[] = [];
      const bareBlockedWriting: number[] = [];
      const whileWritingCache = {} as Counters;
      const stolenAlone: number[] = [];
      const stolenWriting: number[] = [];
      const stolen = async <T>(run: () => Promise<T>, into: number[]) => {
        const from = stealMs();
        const r = await run();
        const to = stealMs();
        if (from !== undefined && to !== undefined) into.push(to - from);
        return r;
      };
      for (let i = 0; i < WRITING_PAIRS; i++) {
        alone.push(await stolen(ours, stolenAlone));
        const before = await cacheCounters(origin);
        writing.push(await stolen(() => whileWriting(ours, true), stolenWriting));
        const after = await cacheCounters(origin);
        for (const k of Object.keys(after) as (keyof Counters)[])
          whileWritingCache[k] = (whileWritingCache[k] ?? 0) + after[k] - before[k];
        blockedAlone.push(before.blockedMs);
        blockedWriting.push(after.blockedMs);
        await bareLagMs(); // from here on
        bareAlone.push(await bare());
        bareBlockedAlone.push(await bareLagMs());
        bareWriting.push(await whileWriting(bare, false));
        bareBlockedWriting.push(await bareLagMs());
        await eventLoopMaxMs(origin); // the next run of ours is measured from here
      }
      const pairRatios = writing.map((w, i) => w.rps / alone[i]!.rps);
      const barePairRatios = bareWriting.map((w, i) => w.rps / bareAlone[i]!.rps);
      const mid = (results: Result[]) => ({
        rps: median(results.map((r) => r.rps)),
        p99: median(results.map((r) => r.p99)),
      });
      const readersAlone = mid(alone);
      const readersWhileSaving = mid(writing);
      const blocked = Math.max(...blockedAlone, ...blockedWriting);
      const saves = summary(latencies);
      const seen = summary(visible);
      const posts = summary(deskPosts);
      const ms = (values: number[]) => values.map((b) => fixed(b)).join(', ');
      console.log(`readers alone:         ${pad(fixed(readersAlone.rps), 6)} req/s, p99 ${readersAlone.p99} ms`);
      console.log(
        `readers while writing: ${pad(fixed(readersWhileSaving.rps), 6)} req/s, p99 ${readersWhileSaving.p99} ms: ${fixed(median(pairRatios), 2)}× (goal ≥ 0.9×; pairs ${pairRatios.map((r) => fixed(r, 2)).join(', ')})`,
      );
      console.log(
        `bare server, same bytes: ${fixed(mid(bareAlone).rps)} req/s alone, ${fixed(mid(bareWriting).rps)} while the writers write to Sahifa: ${fixed(median(barePairRatios), 2)}× (pairs ${barePairRatios.map((r) => fixed(r, 2)).join(', ')}): the machine's own share lost to them`,
      );
      console.log(
        `editor saves:          ${saves.n} saves, p50 ${fixed(saves.p50)} ms, p99 ${fixed(saves.p99)} ms, max ${fixed(saves.max)} ms (goal p99 ≤ 300 ms)`,
      );
      console.log(
        `on the article page:   p50 ${fixed(seen.p50)} ms, p99 ${fixed(seen.p99)} ms after the save's answer (goal ≤ 1000 ms)`,
      );
      console.log(`live desk posts:       ${posts.n} posts, p50 ${fixed(posts.p50)} ms, p99 ${fixed(posts.p99)} ms`);
      console.log(
        `event loop:            longest block ${fixed(blocked)} ms over all runs (goal ≤ 50 ms); alone ${ms(blockedAlone)} ms, while writing ${ms(blockedWriting)} ms`,
      );
      console.log(
        `bare server's loop:    alone ${ms(bareBlockedAlone)} ms, while the writers write to Sahifa ${ms(bareBlockedWriting)} ms (the same readers; the machine's floor)`,
      );
      if (stolenAlone.length)
        console.log(
          `host steal:            alone ${ms(stolenAlone)} ms, while writing ${ms(stolenWriting)} ms of CPU the VM's host took during Sahifa's runs (${SECONDS} s × ${os.cpus().length} cores each)`,
        );
      const d = (k: keyof Counters) => whileWritingCache[k];
      console.log(
        `while writing, cache:  ${d('fresh')} fresh hits, ${d('previous')} previous copies, ${d('coalesced')} coalesced, ${d('misses')} misses; ${d('renders')} pages rendered (${fixed(d('renderSeconds') * 1000)} ms of React); ${d('best')} bodies recompressed at brotli's best quality`,
      );
    }

    if (part(5)) {
      console.log('\n5. Live coverage (the coverage of 500 entries)');
      const second = start('dist/server/main.js', [], {
        ...env,
        DATA_DIR: scratchDir('sahifa-bench-d-'),
        PORT: String(uncachedPort),
        PUBLIC_URL: `http://127.0.0.1:${uncachedPort}`,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        METRICS_TOKEN,
      });
      const secondOrigin = `http://127.0.0.1:${uncachedPort}`;
      await waitFor(`${secondOrigin}/healthz`, second);
      const reach = await postToPoll(desk, secondOrigin, coverageId, 30, 300);
      console.log(
        `post on one instance → in the other's poll: ${reach.n} posts, p50 ${fixed(reach.p50)} ms, p99 ${fixed(reach.p99)} ms, max ${fixed(reach.max)} ms (goal p99 ≤ 1000 ms; a reader adds up to one poll interval)`,
      );
      second.kill('SIGTERM');
      const queriesBefore = await metric(origin, 'sahifa_live_poll_queries_total'); // and the event loop from here on
      const countedFrom = performance.now();
      const stealFrom = stealMs();
      const seconds = SECONDS * 2;
      const crowd = await pollersAndDesk(desk, coverageId, {
        readers: 5000,
        intervalS: 10,
        staff: 3,
        everyMs: 2000,
        seconds,
        headers: BROWSER,
      });
      // One scrape for both: each restarts the event-loop histogram (the one before the run has just restarted it).
      const afterCrowd = await metricsText(origin);
      const queries = metricSum(afterCrowd, 'sahifa_live_poll_queries_total') - queriesBefore;
      const counted = (performance.now() - countedFrom) / 1000;
      const crowdBlocked = metricSum(afterCrowd, 'nodejs_eventloop_lag_max_seconds') * 1000;
      const stealTo = stealMs();
      const crowdSteal = stealFrom !== undefined && stealTo !== undefined ? stealTo - stealFrom : undefined;
      console.log(
        `5,000 readers polling every 10 s: ${fixed(crowd.polls.rps)} polls/s answered, p99 ${crowd.polls.p99} ms`,
      );
      console.log(
        `three staff posting every 2 s:    ${crowd.posts.n} posts, p50 ${fixed(crowd.posts.p50)} ms, p99 ${fixed(crowd.posts.p99)} ms (goal p99 ≤ 300 ms)`,
      );
      console.log(
        `database reads for the polls:     ${queries} in ${fixed(counted, 1)} s = ${fixed(queries / counted, 2)} a second (goal ≤ 1 per coverage per instance)`,
      );
      console.log(
        `event loop:                       longest block ${fixed(crowdBlocked)} ms (goal ≤ 50 ms)${crowdSteal === undefined ? '' : `; the VM's host took ${fixed(crowdSteal)} ms of CPU meanwhile (steal)`}`,
      );
    }
    if (part(9))
      await benchAds({ origin, cookie, db, articleId, seconds: SECONDS, connections: CONNECTIONS, headers: BROWSER });
    await db.end();
    if (part(6)) {
      console.log('\n6. Restart after SIGKILL to a healthy /healthz (its PostgreSQL left running), 10 kills each');
      await measureRestart();
    }
    if (part(7)) {
      console.log('\n7. Newsletter: the daily digest to 100,000 subscribers through a local SMTP server, unthrottled');
      await benchNewsletter({
        env,
        seconds: SECONDS,
        headers: BROWSER,
        credentials: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
      });
    }
    if (part(8)) await benchPush(SECONDS * 2);
    console.log('\nratio: server ÷ bare baseline (req/s; 1.00 = as fast as sending fixed bytes).');
    if (!WRK)
      console.log(
        'n/a*: the load generator (autocannon) was the limit for both servers; install wrk (apt-get install wrk) to measure.',
      );
  } finally {
    await stopChildren();
    removeScratch();
  }
}

/** 200 readers spread over the targets (a real browser's mix, compressed). */
async function readers(origin: string, targets: Record<string, string>, seconds = SECONDS * 2): Promise<Result> {
  return loadMix(origin, Object.values(targets), { connections: 200, seconds, headers: BROWSER });
}

/**
 * Older copies of the demo's published stories until the database holds `total` articles: dated a month and more
 * before the demo's, so the front page and the cached lists stay as they were.
 */
async function addArchive(db: pg.Client, total: number): Promise<void> {
  const have = Number((await db.query('select count(*) as n from news')).rows[0].n);
  if (have >= total) return;
  await db.query(
    `insert into news (title, description, content, category, image_url, featured, status, published_at, byline, sanitized_with, created_at)
     select n.title || ' (' || g || ')', n.description, n.content, n.category, n.image_url, false, 'published',
            n.published_at - (g * interval '31 days'), n.byline, n.sanitized_with, n.created_at - (g * interval '31 days')
       from (select * from news where status = 'published' order by id) n, generate_series(1, $1::int) g
      limit $2`,
    [Math.ceil(total / Math.max(1, have)), total - have],
  );
}

main().catch((err) => {
  console.error(err);
  void stopAllAndExit(1);
});
