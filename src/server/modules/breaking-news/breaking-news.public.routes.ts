import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { breakingNewsItem } from '../../../shared/schemas/breaking-news';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentBreakingNews } from './breaking-news.presenter';
import type { BreakingNewsService } from './breaking-news.service';

export function breakingNewsPublicRoutes(service: BreakingNewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/breaking-news',
      { schema: { response: { 200: z.array(breakingNewsItem) } }, config: { cache: API_CACHE.breaking } },
      async () => (await service.current()).map(presentBreakingNews),
    );
  };
}
