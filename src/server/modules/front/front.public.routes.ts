import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sectionBlock, sectionBlocksQuery } from '../../../shared/schemas/front';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentNewsListItem } from '../news/news.presenter';
import type { FrontService } from './front.service';

export function frontPublicRoutes(service: FrontService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/front/sections',
      {
        schema: { querystring: sectionBlocksQuery, response: { 200: z.array(sectionBlock) } },
        config: { cache: API_CACHE.news },
      },
      async (req, reply) => {
        const blocks = await service.sectionBlocks(req.query.limit);
        reply.cacheTags(
          'latest',
          ...blocks.flatMap((b) => [tag.section(b.slug), ...b.rows.map((r) => tag.article(r.id))]),
        );
        return blocks.map(({ rows, ...section }) => ({ ...section, items: rows.map(presentNewsListItem) }));
      },
    );
  };
}
