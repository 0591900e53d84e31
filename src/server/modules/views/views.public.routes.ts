import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { mostReadItem, mostReadQuery, viewResponse } from '../../../shared/schemas/news';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import type { BeaconFastPath } from './views.fast-path';
import type { ViewsService } from './views.service';

export function viewsPublicRoutes(service: ViewsService, fast?: BeaconFastPath): FastifyPluginAsyncZod {
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

    /**
     * SPEC: one beacon per opening of an article page; answers with the count as this instance knows it. Once an
     * article is known to be visible, its beacons are answered before Fastify (views.fast-path.ts) with the headers
     * this route's answers carry, learnt here.
     */
    app.post(
      '/api/news/:id/view',
      {
        schema: { params: idParam, response: { 200: viewResponse } },
        onSend: async (_req, reply, payload) => {
          if (fast && reply.statusCode === 200) fast.learn(reply.getHeaders());
          return payload;
        },
      },
      async (req) => ({ id: req.params.id, views: await service.view(req.params.id) }),
    );
  };
}
