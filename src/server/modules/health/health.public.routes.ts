import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../errors';
import type { Lifecycle } from '../../lib/lifecycle';
import type { HealthRepository } from './health.repository';

/** What readiness needs beyond the database: the life cycle (draining is not ready) and a media storage check. */
export type ReadinessDeps = { lifecycle: Lifecycle } & (
  | {
      /** Resolves when media storage is reachable (the storage driver's check()); rejects otherwise. */
      storageCheck: () => Promise<void>;
    }
  | {
      /** Without a storage check: media storage is this local directory, and it must be writable. */
      localMediaDir: string;
    }
);

/** Each check of /readyz gets this long (like /healthz: a stalled dependency must not stall the probe). */
const CHECK_TIMEOUT_MS = 1000;

function within<T>(ms: number, what: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    // A check that throws synchronously is a failed check, not a failed request.
    Promise.resolve().then(work),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

export function healthPublicRoutes(repo: HealthRepository, ready?: ReadinessDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', async (req, reply) => {
      try {
        // Within a second either way, even while the database is stalled (a frozen server, a full pool).
        await Promise.race([
          repo.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('database did not answer within 1 s')), 1000).unref(),
          ),
        ]);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({
            status: 'unavailable',
            database: 'unreachable',
            message: MESSAGES.unavailable,
            code: 'UNAVAILABLE',
            requestId: String(req.id),
          });
      }
    });

    if (!ready) return;
    const { lifecycle } = ready;
    const storageCheck =
      'storageCheck' in ready ? ready.storageCheck : () => fs.access(ready.localMediaDir, fsConstants.W_OK);

    /**
     * Readiness, for a load balancer or an orchestrator: 200 only when the database answers, media storage is
     * reachable and no graceful stop has begun; otherwise 503 naming what is not ready. Liveness stays /healthz.
     */
    app.get('/readyz', { config: { answersWhileDraining: true } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining) {
        return reply
          .status(503)
          .header('connection', 'close')
          .send({
            status: 'draining',
            draining: true,
            database: 'not checked',
            storage: 'not checked',
            message: MESSAGES.unavailable,
            code: 'UNAVAILABLE',
            requestId: String(req.id),
          });
      }
      const [database, storage] = await Promise.allSettled([
        within(CHECK_TIMEOUT_MS, 'database', () => repo.ping()),
        within(CHECK_TIMEOUT_MS, 'media storage', storageCheck),
      ]);
      if (database.status === 'fulfilled' && storage.status === 'fulfilled') {
        return { status: 'ready', database: 'ok', storage: 'ok' };
      }
      if (database.status === 'rejected') req.log.warn({ err: database.reason }, 'readiness: database unreachable');
      if (storage.status === 'rejected') req.log.warn({ err: storage.reason }, 'readiness: media storage unreachable');
      return reply.status(503).send({
        status: 'unavailable',
        draining: false,
        database: database.status === 'fulfilled' ? 'ok' : 'unreachable',
        storage: storage.status === 'fulfilled' ? 'ok' : 'unreachable',
        message: MESSAGES.unavailable,
        code: 'UNAVAILABLE',
        requestId: String(req.id),
      });
    });
  };
}
