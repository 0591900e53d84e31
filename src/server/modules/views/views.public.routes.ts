import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { mostReadItem, mostReadQuery, viewResponse } from '../../../shared/schemas/news';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import type { ViewsService } from './views.service';

export function viewsPublicRoutes(service: ViewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/news/most-read',
      {
        schema: { querystring: mostReadQuery, response: { 200: z.array(mostReadItem) } },
        config: { cache: API_CACHE.news },
      },
      async (req, reply) => {
        const rows = await service.mostRead(req.query.limit, req.query.window);
        reply.cacheTags('most-read', ...rows.map((r) => tag.article(r.id)));
        return rows;
      },
    );

    /** SPEC: one beacon per opening of an article page; answers with the count as this instance knows it. */
    app.post('/api/news/:id/view', { schema: { params: idParam, response: { 200: viewResponse } } }, async (req) => ({
      id: req.params.id,
      views: await service.view(req.params.id),
    }));
  };
}
