import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { MESSAGES } from '../../errors';

export function healthRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async (req, reply) => {
      try {
        await db.execute(sql`select 1`);
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
