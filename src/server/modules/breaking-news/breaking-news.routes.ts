import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { breakingNewsItem } from '../../../shared/schemas/breaking-news';
import { API_CACHE } from '../../plugins/cache';
import { presentBreakingNews } from './breaking-news.presenter';
import type { BreakingNewsRepository } from './breaking-news.repository';

export function publicBreakingNewsRoutes(repo: BreakingNewsRepository, now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/breaking-news',
      { schema: { response: { 200: z.array(breakingNewsItem) } }, config: { cache: API_CACHE.breaking } },
      async () => {
        return (await repo.listCurrent(now())).map(presentBreakingNews);
      },
    );
  };
}
