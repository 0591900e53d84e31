/**
 * POST /api/pageview: the reader app reports a page it showed without asking the server for HTML (a
 * client-side navigation), so statistics count it like a full page load. No body, nothing stored about who.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { StatsRecorder } from './stats-recorder';

export function pageViewRoute(stats: StatsRecorder): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/pageview', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req, reply) => {
      await stats.record(req.ip, req.headers['user-agent'], false);
      return reply.status(204).send();
    });
  };
}
