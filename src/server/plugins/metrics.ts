/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set (otherwise there is no such route, and nothing
 * here runs: no hooks, no timers). Scrapers send `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * Each app has a registry of its own (never prom-client's global one), so several apps in one process (tests) do
 * not collide. What it holds:
 * - Node's own (`collectDefaultMetrics`): CPU, memory, heap, event-loop lag (`nodejs_eventloop_lag_*`), GC, handles.
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`, for every request
 *   a client made, cache hits answered by the fast path in front of Fastify included; never this app's requests to
 *   itself (a page render's API queries, cache refreshes). `route` is the route's pattern (`/api/news/:id`), a
 *   reader page's pattern in the route table (`/news/:id`), or `404`: never the raw URL, so the label set is bounded.
 * - The page cache: `sahifa_cache_hits_total{kind}` (fresh, stale, previous, coalesced), `sahifa_cache_misses_total`,
 *   `sahifa_cache_render_lookups_total` (API answers a page render read from the cache), `sahifa_cache_bytes`,
 *   `sahifa_cache_max_bytes`, `sahifa_cache_entries`. Read from the cache's own counters when scraped.
 * - `sahifa_render_duration_seconds{route}`: React rendering a reader page to HTML (data fetching excluded; the whole
 *   request is in http_request_duration_seconds).
 * - The pg pool: `sahifa_db_pool_connections`, `…_idle_connections`, `…_waiting_clients`, `…_max_connections`.
 * - Counts held in memory until their next flush: `sahifa_buffered_article_views`, `sahifa_buffered_page_views`.
 * - `sahifa_draining`: 1 once a graceful stop has begun.
 *
 * Under WEB_CONCURRENCY a scrape answers for every worker together (cluster-metrics.ts): counters and histograms
 * summed (a departed worker's kept), as are the cache and pool gauges (the server's total); `sahifa_draining` is
 * the largest.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type * as PromClient from 'prom-client';
import { MESSAGES } from '../errors';
import type { BackupStatus } from '../../shared/schemas/backups';
import type { Lifecycle } from '../lib/lifecycle';
import type { ResponseCache } from './cache/store';
import { answerForRegistry, askPrimary, isSahifaWorker, type MetricsText } from './cluster-metrics';
import { pageRouteOf } from './ssr';

export interface MetricsSources {
  cache: ResponseCache;
  pool: pg.Pool;
  /** Article views counted in memory, not yet written. */
  viewCounter: { readonly unflushed: number };
  /** Reader page views counted in memory, not yet written. */
  stats: { readonly unflushed: number };
  lifecycle: Lifecycle;
  /** Database reads made for live coverage polls (coalesced: at most one per coverage per second). */
  live: { readonly pollQueries: number };
  /** The scheduled backups' newest run and newest success (read from the database when scraped). */
  backups: { status: () => Promise<BackupStatus> };
}

/**
 * One label set of http_request_duration_seconds: its counts by bucket (by the bucket's place in REQUEST_BUCKETS, not
 * by its bound: an object keyed by 0.0005 turns the number into a string on every request, 2 µs of a cache hit's
 * ~80), its sum and count. Handed to prom-client in its own shape when scraped.
 */
interface Timing {
  labels: { method: string; route: string };
  counts: number[];
  sum: number;
  count: number;
}

/** Seconds. Cache hits take well under a millisecond; a cold page a few tens; a stalled database up to 15 s. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];
const RENDER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** The reader pages' catch-all route: its requests are labelled by the page they show instead. */
const PAGES_ROUTE = '/*';

/** The route label: a pattern, never a raw URL. */
export function routeLabel(pattern: string | undefined, url: string): string {
  if (!pattern) return '404';
  if (pattern !== PAGES_ROUTE) return pattern;
  const q = url.indexOf('?');
  return pageRouteOf(q < 0 ? url : url.slice(0, q)) ?? '404';
}

/**
 * prom-client (and the OpenTelemetry API it pulls in, ~80 modules) is loaded only when metrics are on: a server
 * without METRICS_TOKEN starts without it.
 */
export async function loadMetrics(sources: MetricsSources) {
  return createMetrics(await import('prom-client'), sources);
}

export function createMetrics(prom: typeof PromClient, sources: MetricsSources) {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = prom;
  const { cache, pool, lifecycle } = sources;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // Every request is counted, cached hits included (tens of thousands a second), so requests are counted in plain
  // numbers here and handed to prom-client when scraped: prom-client hashes the labels on every inc() and
  // observe(), its labelled children too, and that cost a cached page a fifth of its rate.
  const counts = new Map<string, { labels: { method: string; route: string; status: string }; n: number }>();
  const timings = new Map<string, Timing>();
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
    collect() {
      this.reset();
      for (const c of counts.values()) this.inc(c.labels, c.n);
    },
  });
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
    collect() {
      // prom-client's own record of a histogram (per label set: non-cumulative counts by upper bound, sum, count),
      // which it reads to export; filled from the plain counts (prom-client 15).
      const hashMap: Record<
        string,
        { labels: Timing['labels']; bucketValues: Record<number, number>; sum: number; count: number }
      > = {};
      for (const [key, t] of timings) {
        const bucketValues: Record<number, number> = {};
        REQUEST_BUCKETS.forEach((bound, i) => (bucketValues[bound] = t.counts[i]!));
        hashMap[key] = { labels: t.labels, bucketValues, sum: t.sum, count: t.count };
      }
      (this as unknown as { hashMap: typeof hashMap }).hashMap = hashMap;
    },
  });
  const render = new Histogram({
    name: 'sahifa_render_duration_seconds',
    help: 'Time to render a reader page to HTML (React and the document; data fetching excluded)',
    labelNames: ['route'] as const,
    buckets: RENDER_BUCKETS,
    registers,
  });

  // Counts kept elsewhere as plain numbers (cheap on the fast path), copied when scraped: one value, or one per kind.
  const copied = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const copiedByKind = (name: string, help: string, read: () => Record<string, number>) =>
    new Counter({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      collect() {
        this.reset();
        for (const [kind, n] of Object.entries(read())) this.inc({ kind }, n);
      },
    });
  const c = cache.counters;
  copiedByKind(
    'sahifa_cache_hits_total',
    'Requests answered from the page cache: fresh, stale (while refreshed), previous (a copy a write just replaced, while its re-render runs), last_good (the last good copy after its render failed, while one re-render retries) or coalesced (waited for a render)',
    () => ({
      fresh: c.hits,
      stale: c.staleHits,
      previous: c.previousHits,
      last_good: c.lastGoodHits,
      coalesced: c.coalesced,
    }),
  );
  copied('sahifa_cache_misses_total', 'Requests for cacheable responses that had to be rendered', () => c.misses);
  copiedByKind(
    'sahifa_cache_compressions_total',
    'Compressions of cached bodies: fill (brotli and gzip when an entry is made) and best (the background brotli, at the best quality, of an entry still current a while later)',
    () => ({ fill: c.compressions, best: c.upgrades }),
  );
  copied(
    'sahifa_cache_render_lookups_total',
    'API answers a page render read straight from the page cache',
    () => c.lookups,
  );
  copied(
    'sahifa_live_poll_queries_total',
    'Database reads made to answer live coverage polls (at most one per coverage per second per instance)',
    () => sources.live.pollQueries,
  );
  const gauge = (name: string, help: string, read: () => number, aggregator: PromClient.Aggregator = 'sum') =>
    new Gauge({
      name,
      help,
      registers,
      aggregator,
      collect() {
        this.set(read());
      },
    });
  gauge('sahifa_cache_bytes', 'Bytes the page cache holds (every encoding of every entry)', () => cache.bytes);
  gauge('sahifa_cache_max_bytes', 'Bytes the page cache may hold (CACHE_MAX_MB)', () => cache.maxBytes);
  gauge('sahifa_cache_entries', 'Entries in the page cache', () => cache.size);
  gauge('sahifa_db_pool_connections', 'Connections the database pool holds, busy or idle', () => pool.totalCount);
  gauge('sahifa_db_pool_idle_connections', 'Idle connections in the database pool', () => pool.idleCount);
  gauge('sahifa_db_pool_waiting_clients', 'Queries waiting for a connection from the pool', () => pool.waitingCount);
  gauge('sahifa_db_pool_max_connections', 'Connections the database pool may open', () => pool.options.max ?? 10);
  gauge(
    'sahifa_buffered_article_views',
    'Article views counted in memory, not yet written (VIEW_FLUSH_MS)',
    () => sources.viewCounter.unflushed,
  );
  gauge(
    'sahifa_buffered_page_views',
    'Reader page views counted in memory for statistics, not yet written',
    () => sources.stats.unflushed,
  );
  gauge('sahifa_draining', '1 once a graceful stop has begun', () => (lifecycle.draining ? 1 : 0), 'max');
  backupGauges(Gauge, registers, sources.backups);
  // A worker of WEB_CONCURRENCY hands its registry to the primary, which sums every worker's for a scrape.
  if (isSahifaWorker()) answerForRegistry(registry);

  // Every cached hit is counted, so the counting is made cheap: each (method, route) has one slot holding its timing
  // and its counts by status, found by the route pattern (or, for a reader page, by its address: matching the reader
  // routes each time cost more than sending the page) without building a string per request; prom-client is handed
  // the plain numbers when scraped.
  interface Slot {
    timing: Timing;
    byStatus: Map<number, { labels: { method: string; route: string; status: string }; n: number }>;
  }
  const slotsByMethod = new Map<
    string,
    { byPattern: Map<string | undefined, Slot>; byPage: Map<string, Slot>; byRoute: Map<string, Slot> }
  >();
  const slotFor = (method: string, route: string, byRoute: Map<string, Slot>): Slot => {
    const known = byRoute.get(route);
    if (known) return known;
    const key = `${method} ${route}`;
    let timing = timings.get(key);
    if (!timing) {
      const counts = REQUEST_BUCKETS.map(() => 0);
      timings.set(key, (timing = { labels: { method, route }, counts, sum: 0, count: 0 }));
    }
    const slot = { timing, byStatus: new Map() };
    byRoute.set(route, slot);
    return slot;
  };
  const slotOf = (method: string, pattern: string | undefined, url: string): Slot => {
    let m = slotsByMethod.get(method);
    if (!m) slotsByMethod.set(method, (m = { byPattern: new Map(), byPage: new Map(), byRoute: new Map() }));
    if (pattern !== PAGES_ROUTE) {
      let slot = m.byPattern.get(pattern);
      if (!slot) m.byPattern.set(pattern, (slot = slotFor(method, routeLabel(pattern, url), m.byRoute)));
      return slot;
    }
    let slot = m.byPage.get(url);
    if (!slot) {
      if (m.byPage.size >= 10_000) m.byPage.clear(); // addresses are unbounded; the labels they map to are not
      slot = slotFor(method, routeLabel(pattern, url), m.byRoute); // pages of one route share its slot
      m.byPage.set(url, slot);
    }
    return slot;
  };

  return {
    registry,
    /** One request answered (by Fastify or by the cache's fast path). */
    observeRequest(method: string, pattern: string | undefined, url: string, status: number, seconds: number): void {
      const slot = slotOf(method, pattern, url);
      const timing = slot.timing;
      timing.count++;
      timing.sum += seconds;
      // Above the last bound a request counts only in +Inf (prom-client's count), as before.
      for (let i = 0; i < REQUEST_BUCKETS.length; i++)
        if (seconds <= REQUEST_BUCKETS[i]!) {
          timing.counts[i]!++;
          break;
        }
      let count = slot.byStatus.get(status);
      if (!count) {
        const { method: m, route } = timing.labels;
        const key = `${m} ${route} ${status}`;
        count = counts.get(key);
        if (!count) counts.set(key, (count = { labels: { method: m, route, status: String(status) }, n: 0 }));
        slot.byStatus.set(status, count);
      }
      count.n++;
    },
    /** A reader page rendered to HTML. */
    observeRender(route: string, seconds: number): void {
      render.observe({ route }, seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The scheduled backups, for an alert on their age or failure: the newest success's time, size and duration, and
 * whether the newest run failed. One small query per scrape, shared by the four gauges; the
 * same site-wide values in every instance, so a WEB_CONCURRENCY scrape takes the largest, never a sum. A scrape while
 * the database is away leaves them out rather than fail.
 */
function backupGauges(
  Gauge: typeof PromClient.Gauge,
  registers: PromClient.Registry[],
  backups: MetricsSources['backups'],
) {
  let pending: Promise<BackupStatus | undefined> | undefined;
  const read = () =>
    (pending ??= backups
      .status()
      .catch(() => undefined)
      .finally(() => setTimeout(() => (pending = undefined), 0)));
  const seconds = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() / 1000 : 0);
  const gauges: [string, string, (s: BackupStatus) => number][] = [
    [
      'sahifa_backup_last_success_timestamp_seconds',
      'When the newest successful scheduled backup finished (Unix time; 0: none yet)',
      (s) => seconds(s.lastSuccess?.finishedAt),
    ],
    [
      'sahifa_backup_last_success_size_bytes',
      'Size of the newest successful backup archive',
      (s) => s.lastSuccess?.bytes ?? 0,
    ],
    [
      'sahifa_backup_last_success_duration_seconds',
      'Time the newest successful backup took',
      (s) => (s.lastSuccess?.durationMs ?? 0) / 1000,
    ],
    [
      'sahifa_backup_last_run_failed',
      '1 when the newest scheduled backup failed or was interrupted',
      (s) => (s.latest && ['failed', 'interrupted'].includes(s.latest.status) ? 1 : 0),
    ],
  ];
  for (const [name, help, value] of gauges)
    new Gauge({
      name,
      help,
      registers,
      aggregator: 'max',
      async collect() {
        const status = await read();
        if (status) this.set(value(status));
        else this.reset();
      },
    });
}

/** Counts every request a client made (this app's requests to itself excepted). Add before the routes. */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  isInternal: (req: FastifyRequest) => boolean,
): void {
  app.addHook('onResponse', async (req, reply) => {
    if (isInternal(req)) return;
    metrics.observeRequest(req.method, req.routeOptions.url, req.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** GET /metrics, for a scraper holding the token (compared in constant time). */
export function metricsRoutes(metrics: Metrics, token: string): FastifyPluginAsync {
  const expected = digest(token);
  return async (app) => {
    // Still answered while draining, so the last scrape sees sahifa_draining 1 and the buffered counts going to 0.
    app.get('/metrics', { config: { answersWhileDraining: true } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const presented = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
      // Digests of equal length, so neither the comparison nor its length check says anything about the token.
      if (presented === undefined || !timingSafeEqual(digest(presented), expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: MESSAGES.unauthorized, code: 'UNAUTHORIZED', requestId: String(req.id) });
      }
      let text: MetricsText;
      try {
        text = isSahifaWorker()
          ? await askPrimary()
          : { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
      } catch (err) {
        req.log.warn({ err }, 'metrics could not be gathered from every worker');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ message: MESSAGES.unavailable, code: 'UNAVAILABLE', requestId: String(req.id) });
      }
      return reply.type(text.contentType).send(text.body);
    });
  };
}
