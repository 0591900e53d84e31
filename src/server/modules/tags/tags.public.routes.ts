import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slugParam } from '../../../shared/schemas/common';
import { articleTag, cursorListQuery, newsListItem } from '../../../shared/schemas/news';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentNewsListItem } from '../news/news.presenter';
import type { TagsService } from './tags.service';

export function tagsPublicRoutes(service: TagsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tags/:slug',
      { schema: { params: slugParam, response: { 200: articleTag } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        reply.cacheTags('archive');
        const t = await service.bySlug(req.params.slug);
        return { name: t.name, slug: t.slug };
      },
    );

    app.get(
      '/api/tags/:slug/news',
      {
        schema: { params: slugParam, querystring: cursorListQuery, response: { 200: z.array(newsListItem) } },
        config: { cache: API_CACHE.news },
      },
      async (req, reply) => {
        reply.cacheTags('archive');
        const { rows } = await service.news(req.params.slug, req.query.limit, req.query.before);
        reply.cacheTags(...rows.map((r) => tag.article(r.id)));
        return rows.map(presentNewsListItem);
      },
    );
  };
}
