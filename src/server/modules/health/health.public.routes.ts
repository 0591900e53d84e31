import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../errors';
import type { HealthRepository } from './health.repository';

export function healthPublicRoutes(repo: HealthRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', async (req, reply) => {
      try {
        await repo.ping();
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
