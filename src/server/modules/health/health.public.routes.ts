import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../errors';
import type { HealthRepository } from './health.repository';

export function healthPublicRoutes(repo: HealthRepository): FastifyPluginAsyncZod {
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
  };
}
