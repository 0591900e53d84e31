import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_PAGE_SIZE, searchQuery, searchResponse } from '../../../shared/schemas/search';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentNewsListItem } from '../news/news.presenter';
import type { SearchRepository } from './search.repository';

export function searchPublicRoutes(repo: SearchRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/search',
      { schema: { querystring: searchQuery, response: { 200: searchResponse } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        const { q, page } = req.query;
        const { total, exact, rows } = await repo.search(q, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE);
        reply.cacheTags('search', ...rows.map((r) => tag.article(r.id)));
        return {
          query: q,
          page,
          pageSize: SEARCH_PAGE_SIZE,
          total,
          totalExact: exact,
          results: rows.map(presentNewsListItem),
        };
      },
    );
  };
}
