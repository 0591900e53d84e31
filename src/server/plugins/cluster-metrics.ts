/**
 * /metrics under WEB_CONCURRENCY: one scrape answers for the whole server, not for whichever worker took it.
 *
 * The worker that receives the scrape asks the primary; the primary asks every listening worker for its registry
 * (as JSON) and combines them with prom-client's own `AggregatorRegistry.aggregate`, each metric by its
 * `aggregator`: counters, histograms and this app's gauges are summed; of Node's own metrics, the event-loop lag
 * percentiles are averaged and its maximum is the largest, and the process start time is left out. prom-client's
 * `clusterMetrics()` would ask every connected worker, also one still starting that has no registry yet, and wait
 * 5 s for it: here only workers that listen are asked.
 *
 * Counters never go down: a worker that exits takes its counts with it, which Prometheus would read as a reset of
 * the whole sum (a false spike in every rate). So the primary keeps each worker's counters and histograms from its
 * last scrape, and adds a departed worker's into every later sum; only what it counted after its last scrape is
 * lost.
 *
 * Messages go over node:cluster's IPC channel, each request with its own id.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type * as PromClient from 'prom-client';

const ASK = 'sahifa:metrics:ask'; // worker → primary: a scrape came in
const COLLECT = 'sahifa:metrics:collect'; // primary → each worker: your registry, please
const PART = 'sahifa:metrics:part'; // worker → primary: its registry as JSON
const ANSWER = 'sahifa:metrics:answer'; // primary → asking worker: the combined text

/** How long a scrape waits for the workers (a scraper's own timeout is usually 10 s). */
export const CLUSTER_METRICS_TIMEOUT_MS = 3000;

type MetricJson = PromClient.MetricObjectWithValues<PromClient.MetricValue<string>>;
type RegistryJson = MetricJson[];

interface Message {
  type?: string;
  id?: number;
  metrics?: RegistryJson;
  body?: string;
  contentType?: string;
  error?: string;
}

export interface MetricsText {
  body: string;
  contentType: string;
}

/** A worker of our own WEB_CONCURRENCY primary (not of some other cluster manager, which would not answer). */
export const isSahifaWorker = () => cluster.isWorker && process.env.SAHIFA_WORKER === '1';

/** Sends over the IPC channel; a channel that has closed meanwhile is not an error (the asker times out). */
const ignore = () => {};
const toPrimary = (msg: Message) => process.send?.(msg, undefined, undefined, ignore);
const toWorker = (worker: Worker, msg: Message) => worker.send(msg, undefined, ignore);

/** In a worker: answer the primary's requests for this worker's registry. */
export function answerForRegistry(registry: PromClient.Registry): void {
  process.on('message', (msg: Message) => {
    if (msg?.type !== COLLECT) return;
    registry.getMetricsAsJSON().then(
      (metrics) => toPrimary({ type: PART, id: msg.id, metrics }),
      (err: Error) => toPrimary({ type: PART, id: msg.id, error: String(err) }),
    );
  });
}

/** The worker's scrapes waiting for the primary's answer, by id (one listener for all of them). */
const asked = new Map<number, (msg: Message) => void>();
let nextAsk = 0;
let answersHeard = false;

/** In a worker: the whole server's metrics, from the primary. Rejects if they do not come in time. */
export function askPrimary(): Promise<MetricsText> {
  if (!answersHeard) {
    process.on('message', (msg: Message) => {
      if (msg?.type === ANSWER) asked.get(msg.id!)?.(msg);
    });
    answersHeard = true;
  }
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      asked.delete(id);
      reject(new Error('the primary did not answer in time'));
    }, CLUSTER_METRICS_TIMEOUT_MS + 1000);
    asked.set(id, (msg) => {
      clearTimeout(timer);
      asked.delete(id);
      if (msg.error !== undefined || msg.body === undefined) reject(new Error(msg.error ?? 'no metrics'));
      else resolve({ body: msg.body, contentType: msg.contentType! });
    });
    toPrimary({ type: ASK, id });
  });
}

/**
 * Counters and histograms only: what must keep counting after the worker that counted it has gone. (At run time
 * `type` is the string 'counter', 'histogram', …; prom-client's typings call it a numeric enum.)
 */
const cumulative = (metrics: RegistryJson): RegistryJson =>
  metrics.filter((m) => ['counter', 'histogram'].includes(String(m.type)) && (m.aggregator ?? 'sum') === 'sum');

/** One series of a metric: its sample name (a histogram's `_bucket`, `_sum`, `_count`) and its labels. */
const seriesKey = (v: MetricJson['values'][number]) =>
  `${(v as { metricName?: string }).metricName ?? ''}\u0000${JSON.stringify(Object.entries(v.labels).sort())}`;

/** Adds two sets of cumulative metrics, series by series. */
function addUp(a: RegistryJson, b: RegistryJson): RegistryJson {
  const byName = new Map<string, MetricJson>();
  for (const metric of [...a, ...b]) {
    const into = byName.get(metric.name);
    if (!into) {
      byName.set(metric.name, { ...metric, values: metric.values.map((v) => ({ ...v })) });
      continue;
    }
    const series = new Map(into.values.map((v) => [seriesKey(v), v]));
    for (const v of metric.values) {
      const same = series.get(seriesKey(v));
      if (same) same.value += v.value;
      else into.values.push({ ...v });
    }
  }
  return [...byName.values()];
}

/** In the primary: serve the workers' scrapes, combining the registries of `listening()` workers. */
export function serveClusterMetrics(prom: typeof PromClient, listening: () => Worker[], logger: Logger): void {
  let nextCollect = 0;
  const pending = new Map<
    number,
    { parts: RegistryJson[]; waiting: Set<number>; failed: boolean; finish: () => void }
  >();
  /** Each live worker's counters and histograms at its last scrape; those of workers that have exited, added up. */
  const lastSeen = new Map<number, RegistryJson>();
  let departed: RegistryJson = [];

  cluster.on('exit', (worker) => {
    const last = lastSeen.get(worker.id);
    lastSeen.delete(worker.id);
    if (last) departed = addUp(departed, last);
    // A worker that dies while it is being asked is not waited for (its last counts are in `departed`).
    for (const p of pending.values()) if (p.waiting.delete(worker.id) && p.waiting.size === 0) p.finish();
  });
  cluster.on('message', (worker, msg: Message) => {
    if (msg?.type === PART) {
      const p = pending.get(msg.id!);
      if (!p || !p.waiting.delete(worker.id)) return;
      if (msg.metrics) {
        p.parts.push(msg.metrics);
        lastSeen.set(worker.id, cumulative(msg.metrics));
      } else p.failed = true;
      if (p.waiting.size === 0) p.finish();
      return;
    }
    if (msg?.type !== ASK) return;
    const reply = (answer: Omit<Message, 'type' | 'id'>) => {
      if (worker.isConnected()) toWorker(worker, { type: ANSWER, id: msg.id, ...answer });
    };
    const workers = listening().filter((w) => w.isConnected());
    const id = nextCollect++;
    const entry = {
      parts: [] as RegistryJson[],
      waiting: new Set(workers.map((w) => w.id)),
      failed: false,
      finish: () => {
        clearTimeout(timer);
        pending.delete(id);
        // Never a partial sum: a counter that drops by one worker's share would look like a reset.
        if (entry.waiting.size > 0 || entry.failed) {
          logger.warn({ missing: entry.waiting.size, failed: entry.failed }, 'metrics: not every worker answered');
          reply({ error: 'not every worker answered' });
          return;
        }
        try {
          const summed = prom.AggregatorRegistry.aggregate(departed.length ? [...entry.parts, departed] : entry.parts);
          void summed.metrics().then(
            (body) => reply({ body, contentType: summed.contentType }),
            (err: Error) => reply({ error: String(err) }),
          );
        } catch (err) {
          reply({ error: String(err) });
        }
      },
    };
    const timer = setTimeout(entry.finish, CLUSTER_METRICS_TIMEOUT_MS);
    pending.set(id, entry);
    for (const w of workers) toWorker(w, { type: COLLECT, id });
    if (workers.length === 0) entry.finish();
  });
}
