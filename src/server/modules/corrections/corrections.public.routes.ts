import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correctionsPage, correctionsQuery } from '../../../shared/schemas/corrections';
import { tag } from '../../lib/cache-tags';
import type { RouteCache } from '../../plugins/cache/route-cache';
import { cursorOf, presentCorrectionsItem } from './corrections.presenter';
import type { CorrectionsService } from './corrections.service';

/** Dropped whenever a note is added or removed, and with any article it lists (publishing, unpublishing, editing). */
const CORRECTIONS_CACHE = { tags: ['corrections', 'news'], ttl: 300, browserTtl: 60 } as const satisfies RouteCache;

export function correctionsPublicRoutes(service: CorrectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/corrections',
      {
        schema: { querystring: correctionsQuery, response: { 200: correctionsPage } },
        config: { cache: CORRECTIONS_CACHE },
      },
      async (req, reply) => {
        const { rows, more } = await service.page(req.query.before);
        // An unpublished article leaves the list: publishing and unpublishing drop 'latest' and the article's tag.
        reply.cacheTags('latest', ...rows.map((r) => tag.article(r.newsId)));
        return {
          items: rows.map(presentCorrectionsItem),
          next: more && rows.length ? cursorOf(rows[rows.length - 1]!) : null,
        };
      },
    );
  };
}
