import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, slugParam } from '../../../shared/schemas/common';
import {
  mostReadItem,
  mostReadQuery,
  newsArticle,
  newsListItem,
  newsListQuery,
  viewResponse,
} from '../../../shared/schemas/news';
import { notFound } from '../../errors';
import { API_CACHE } from '../../plugins/cache';
import { CATEGORY_NOT_FOUND } from '../categories/categories.routes';
import type { CategoriesRepository } from '../categories/categories.repository';
import { presentNewsArticle, presentNewsListItem } from './news.presenter';
import type { NewsRepository } from './news.repository';

export const NEWS_NOT_FOUND = 'الخبر غير موجود';
const FEATURED_LIMIT = 10;
const RELATED_LIMIT = 4;

export function publicNewsRoutes(repo: NewsRepository, categoriesRepo: CategoriesRepository): FastifyPluginAsyncZod {
  return async (app) => {
    const list = z.array(newsListItem);

    app.get(
      '/api/news',
      { schema: { querystring: newsListQuery, response: { 200: list } }, config: { cache: API_CACHE.news } },
      async (req) => {
        return (await repo.listLatest(req.query.limit, req.query.offset)).map(presentNewsListItem);
      },
    );

    app.get(
      '/api/news/featured',
      { schema: { response: { 200: list } }, config: { cache: API_CACHE.news } },
      async () => {
        return (await repo.listFeatured(FEATURED_LIMIT)).map(presentNewsListItem);
      },
    );

    app.get(
      '/api/news/most-read',
      {
        schema: { querystring: mostReadQuery, response: { 200: z.array(mostReadItem) } },
        config: { cache: API_CACHE.news },
      },
      async (req) => {
        return repo.mostRead(req.query.limit);
      },
    );

    app.get(
      '/api/news/category/:slug',
      {
        schema: { params: slugParam, querystring: newsListQuery, response: { 200: list } },
        config: { cache: API_CACHE.news },
      },
      async (req) => {
        if (!(await categoriesRepo.findActiveBySlug(req.params.slug)))
          throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
        return (await repo.listByCategory(req.params.slug, req.query.limit, req.query.offset)).map(presentNewsListItem);
      },
    );

    app.get(
      '/api/news/:id',
      { schema: { params: idParam, response: { 200: newsArticle } }, config: { cache: API_CACHE.news } },
      async (req) => {
        const row = await repo.findVisible(req.params.id);
        if (!row) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
        return presentNewsArticle(row);
      },
    );

    app.get(
      '/api/news/:id/related',
      { schema: { params: idParam, response: { 200: list } }, config: { cache: API_CACHE.news } },
      async (req) => {
        const row = await repo.findVisible(req.params.id);
        if (!row) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
        return (await repo.listRelated(row.id, row.category, RELATED_LIMIT)).map(presentNewsListItem);
      },
    );

    app.post('/api/news/:id/view', { schema: { params: idParam, response: { 200: viewResponse } } }, async (req) => {
      const views = await repo.addView(req.params.id);
      if (views === undefined) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
      return { id: req.params.id, views };
    });
  };
}
