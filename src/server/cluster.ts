/**
 * WEB_CONCURRENCY=N on one machine: a primary process and N workers (node:cluster) sharing the listening port. The
 * primary owns the database side of the start: it starts the embedded PostgreSQL (or opens DATABASE_URL), applies
 * migrations, seeds and creates the first admin, once; then each worker runs as an ordinary single instance on
 * DATABASE_URL (sessions, throttling, caching and jobs already work across instances through PostgreSQL). A worker
 * that dies is started again, with backoff (if three in a row die before listening, the server stops with an
 * error). SIGINT/SIGTERM: every worker drains and stops, then the primary stops PostgreSQL.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Database } from './db/client';
import { serveClusterMetrics } from './plugins/cluster-metrics';

const STOP_TIMEOUT_MS = 20_000;
const MAX_BACKOFF_MS = 30_000;
const MAX_FAILED_STARTS = 3;

export async function runPrimary(opts: {
  workers: number;
  logger: Logger;
  /** Opens the database and does the once-only start work (migrations, seed, first admin). */
  prepare: () => Promise<Database>;
  /** METRICS_TOKEN is set: a scrape of any worker is answered with every listening worker's metrics, summed. */
  metrics?: boolean;
}): Promise<void> {
  const { logger } = opts;
  const database = await opts.prepare();
  const listeningWorkers = new Set<Worker>();
  if (opts.metrics) serveClusterMetrics(await import('prom-client'), () => [...listeningWorkers], logger);
  const env = { DATABASE_URL: database.url, WEB_CONCURRENCY: '1', SAHIFA_WORKER: '1' };
  let stopping = false;
  let backoff = 1000;
  let lastCrash = 0;

  let failedStarts = 0;
  const fork = (): Worker => {
    const worker = cluster.fork(env);
    worker.on('listening', () => {
      listeningWorkers.add(worker);
      failedStarts = 0;
      // Until it says so, a forked worker takes no connections: the primary hands them only to listening workers.
      logger.info({ worker: worker.process.pid }, 'worker listening');
    });
    worker.on('exit', (code, signal) => {
      const listened = listeningWorkers.delete(worker);
      if (stopping) return;
      // Workers that die before they ever listen (the port taken, storage or database refused) will not start by
      // being retried: the whole server stops with an error, so a supervisor (systemd, Docker) sees it.
      if (!listened && ++failedStarts >= MAX_FAILED_STARTS) {
        logger.fatal({ code, signal }, `${failedStarts} workers in a row exited before listening; stopping`);
        void stop('failed start', 1);
        return;
      }
      // Crashing again soon after the last crash waits longer (1 s, doubling to 30 s): a worker that cannot start
      // does not spin.
      const now = Date.now();
      backoff = now - lastCrash > 60_000 ? 1000 : Math.min(backoff * 2, MAX_BACKOFF_MS);
      lastCrash = now;
      logger.error({ pid: worker.process.pid, code, signal }, `worker exited; starting another in ${backoff} ms`);
      setTimeout(() => {
        if (!stopping) fork();
      }, backoff).unref();
    });
    return worker;
  };

  for (let i = 0; i < opts.workers; i++) fork();
  logger.info(`Started ${opts.workers} workers (WEB_CONCURRENCY=${opts.workers})`);

  async function stop(signal: string, exitCode = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info(`stopping ${Object.keys(cluster.workers ?? {}).length} workers (${signal})`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const exits = workers.map(
      (w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))),
    );
    // Each worker drains (answers what it holds, writes buffered counts) and exits; a terminal's Ctrl-C has already
    // reached them too, which is the same request.
    for (const w of workers) if (!w.isDead()) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      logger.error('workers did not stop in time; killing them');
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(exits);
    clearTimeout(timer);
    try {
      await database.close();
      process.exit(exitCode);
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
