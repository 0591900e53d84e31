/**
 * /metrics under WEB_CONCURRENCY: one scrape answers for the whole server, not for whichever worker took it.
 *
 * The worker that receives the scrape asks the primary; the primary asks every listening worker for its registry
 * (as JSON), adds them up with prom-client's own `AggregatorRegistry.aggregate` (counters and histograms summed;
 * each metric's `aggregator` decides otherwise, e.g. the largest event-loop lag) and answers the text. prom-client's
 * `clusterMetrics()` would ask every connected worker, also one still starting that has no registry yet, and wait
 * 5 s for it: here only workers that listen are asked.
 *
 * Messages go over node:cluster's IPC channel, each request with its own id.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type * as PromClient from 'prom-client';

const ASK = 'sahifa:metrics:ask'; // worker → primary: a scrape came in
const COLLECT = 'sahifa:metrics:collect'; // primary → each worker: your registry, please
const PART = 'sahifa:metrics:part'; // worker → primary: its registry as JSON
const ANSWER = 'sahifa:metrics:answer'; // primary → asking worker: the summed text

/** How long a scrape waits for the workers (a scraper's own timeout is usually 10 s). */
export const CLUSTER_METRICS_TIMEOUT_MS = 3000;

type RegistryJson = PromClient.MetricObjectWithValues<PromClient.MetricValue<string>>[];

interface Message {
  type?: string;
  id?: number;
  metrics?: RegistryJson;
  body?: string;
  contentType?: string;
  error?: string;
}

/** Sends over the IPC channel; a channel that has closed meanwhile is not an error (the asker times out). */
const ignore = () => {};
const toPrimary = (msg: Message) => process.send?.(msg, undefined, undefined, ignore);
const toWorker = (worker: Worker, msg: Message) => worker.send(msg, undefined, ignore);

export interface MetricsText {
  body: string;
  contentType: string;
}

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

let nextAsk = 0;
/** In a worker: the whole server's metrics, from the primary. Rejects if they do not come in time. */
export function askPrimary(): Promise<MetricsText> {
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    const onMessage = (msg: Message) => {
      if (msg?.type !== ANSWER || msg.id !== id) return;
      done();
      if (msg.error !== undefined || msg.body === undefined) reject(new Error(msg.error ?? 'no metrics'));
      else resolve({ body: msg.body, contentType: msg.contentType! });
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('the primary did not answer in time'));
    }, CLUSTER_METRICS_TIMEOUT_MS + 1000);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    toPrimary({ type: ASK, id });
  });
}

/** In the primary: serve the workers' scrapes, summing the registries of `listening()` workers. */
export function serveClusterMetrics(prom: typeof PromClient, listening: () => Worker[], logger: Logger): void {
  let nextCollect = 0;
  const pending = new Map<
    number,
    { parts: RegistryJson[]; waiting: Set<number>; failed: boolean; finish: () => void }
  >();

  // A worker that dies while it is being asked is not waited for.
  cluster.on('exit', (worker) => {
    for (const p of pending.values()) if (p.waiting.delete(worker.id) && p.waiting.size === 0) p.finish();
  });
  cluster.on('message', (worker, msg: Message) => {
    if (msg?.type === PART) {
      const p = pending.get(msg.id!);
      if (!p || !p.waiting.delete(worker.id)) return;
      if (msg.metrics) p.parts.push(msg.metrics);
      else p.failed = true;
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
          const summed = prom.AggregatorRegistry.aggregate(entry.parts);
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
