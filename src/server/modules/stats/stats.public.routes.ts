/**
 * POST /api/pageview: the reader app reports a page it showed without asking the server for HTML (a
 * client-side navigation), so statistics count it like a full page load. No body, nothing stored about who.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatsRecorder } from './stats-recorder';

export function statsPublicRoutes(stats: StatsRecorder): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/pageview', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req, reply) => {
      stats.record(req.ip, req.headers['user-agent'], false);
      return reply.status(204).send();
    });
  };
}
