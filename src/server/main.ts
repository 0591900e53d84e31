/** The only file that listens: config → database → buildApp → listen, and a graceful stop on SIGINT/SIGTERM. */
// First: run from the compiled bundle, its stack traces name the TypeScript sources, also while the rest loads.
import './lib/stack-traces-install';
import cluster from 'node:cluster';
import { isMainThread, workerData } from 'node:worker_threads';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError, openDatabase } from './db/database';
import { DataDirInUseError } from './db/embedded';
import { createLogger, logProcessFaults } from './lib/logging';
import { ensureFirstAdmin } from './db/seed/admin-bootstrap';
import { isDemoSeeded, seedDemo } from './db/seed/seed';
import { createMediaStore } from './modules/media/media.store';
import { createStaffThread } from './staff/staff-thread';
import { runStaffThread } from './staff/staff-thread.worker';
import { readClientAssets } from './ssr/assets';
import { createRenderThread, RENDER_TIMEOUT_MS } from './ssr/render-thread';

const STOP_TIMEOUT_MS = 15_000;
/** How long a stopping server still accepts connections, to answer them rather than reset them. */
const DRAIN_MS = 750;

async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const log = (msg: string) => logger.info(msg);
  logProcessFaults(logger);

  const mediaStore = createMediaStore(config.media);
  /** The once-only part of a start: the database, its migrations, the demo content, the first admin. */
  const prepare = async () => {
    let database;
    try {
      database = await openDatabase(config, log, (err) =>
        logger.warn({ err }, 'a database connection was lost; its work fails and the pool opens another'),
      );
    } catch (err) {
      if (err instanceof DataDirInUseError || err instanceof DatabaseUnreachableError) {
        logger.fatal(err.message);
        process.exit(1);
      }
      throw err;
    }
    if (config.seedDemo && !(await isDemoSeeded(database.db))) {
      const summary = await seedDemo(database.db, {
        store: mediaStore,
        dataDir: config.dataDir,
        log,
        show: (text) => process.stderr.write(`${text}\n`),
      });
      log(
        `Demo content added: ${summary.categories} sections, ${summary.news} articles, ${summary.breakingNews} breaking news, ${summary.prayerDays} prayer days`,
      );
    }
    await ensureFirstAdmin(database.db, {
      dataDir: config.dataDir,
      ...config.admin,
      log,
      show: (text) => process.stderr.write(`${text}\n`),
    });
    return database;
  };

  // WEB_CONCURRENCY > 1: this process prepares the database once and runs the workers (cluster.ts).
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await runPrimary({ workers: config.webConcurrency, logger, prepare, metrics: !!config.metricsToken });
    return;
  }

  const database = await prepare();
  // The admin API on a thread of its own (staff/staff-thread.ts): this file again, as a worker.
  const staff = config.staffThread
    ? createStaffThread({
        entry: new URL(import.meta.url),
        databaseUrl: database.url,
        adminTimeoutMs: config.timeouts.adminMs,
        log: logger,
      })
    : undefined;
  // Reader pages rendered on a thread of their own (ssr/render-thread.ts), from an entry of its own: the built
  // dist/server/render-thread.js beside this file, or its source when the server runs from source (tsx).
  const assets = readClientAssets();
  const renderThread = config.renderThread
    ? createRenderThread({
        entry: new URL(
          import.meta.url.endsWith('.ts') ? './ssr/render-thread.entry.ts' : './render-thread.js',
          import.meta.url,
        ),
        assets,
        log: logger,
        timeoutMs: Math.min(RENDER_TIMEOUT_MS, config.timeouts.readerMs / 2),
      })
    : undefined;
  const app = await buildApp({
    config,
    assets,
    db: database.db,
    logger,
    mediaStore,
    forwardStaff: staff?.forward,
    renderThread,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: stopping`);
    const force = setTimeout(() => {
      logger.error('graceful stop timed out; exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    try {
      // Not ready from now on (/readyz answers 503), before anything else: a load balancer stops sending readers.
      app.lifecycle.startDraining();
      await app.drain(DRAIN_MS);
      await staff?.stop();
      await app.close();
      await renderThread?.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  log(`Sahifa is up in ${Date.now() - started} ms`);
  // After the readers' start: until they are ready, this thread renders pages and answers the admin API itself.
  renderThread?.start();
  staff?.start({
    cache: app.invalidation,
    serving: () => !app.lifecycle.draining,
    observe: app.observeRequest,
  });
}

if (isMainThread)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
else if ((workerData as { staffThread?: boolean } | null)?.staffThread)
  runStaffThread(workerData).catch((err) => {
    console.error(err);
    process.exit(1);
  });
