/**
 * What installing the site needs: /manifest.webmanifest, /icons/<file> and /sw.js. The manifest follows the settings
 * (tag `settings`); icons never change for a given build and are kept a day; the worker's script is always checked
 * again (no-cache, with its ETag), so a new deployment reaches every reader at their next visit.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteCache } from '../../plugins/cache/route-cache';
import type { PwaService } from './pwa.service';

const MANIFEST: RouteCache = { tags: ['settings'], ttl: 3600, browserTtl: 3600 };
const ICONS: RouteCache = { tags: ['settings'], ttl: 86_400, browserTtl: 86_400 };

export function pwaPublicRoutes(service: PwaService): FastifyPluginAsync {
  return async (app) => {
    app.get('/manifest.webmanifest', { config: { cache: MANIFEST } }, async (_req, reply) =>
      reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(await service.manifest())),
    );

    app.get<{ Params: { file: string } }>('/icons/:file', { config: { cache: ICONS } }, async (req, reply) => {
      const png = service.icon(req.params.file);
      if (!png) return reply.callNotFound();
      return reply.type('image/png').send(await png);
    });

    app.get('/sw.js', async (req, reply) => {
      const worker = service.worker();
      if (!worker) return reply.callNotFound();
      reply
        .header('cache-control', 'no-cache')
        .header('etag', worker.etag)
        .header('service-worker-allowed', '/')
        .type('text/javascript; charset=utf-8');
      if (req.headers['if-none-match'] === worker.etag) return reply.code(304).send();
      return reply.send(worker.body); // compressed on the way out, like every answer the cache does not keep
    });
  };
}
