import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category } from '../../../shared/schemas/categories';
import { slugParam } from '../../../shared/schemas/common';
import { notFound } from '../../errors';
import { API_CACHE } from '../../plugins/cache';
import { presentCategory } from './categories.presenter';
import type { CategoriesRepository } from './categories.repository';

export const CATEGORY_NOT_FOUND = 'القسم غير موجود';

export function publicCategoryRoutes(repo: CategoriesRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/categories',
      { schema: { response: { 200: z.array(category) } }, config: { cache: API_CACHE.categories } },
      async () => {
        return (await repo.listActive()).map(presentCategory);
      },
    );

    app.get(
      '/api/categories/slug/:slug',
      { schema: { params: slugParam, response: { 200: category } }, config: { cache: API_CACHE.categories } },
      async (req) => {
        const row = await repo.findActiveBySlug(req.params.slug);
        if (!row) throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
        return presentCategory(row);
      },
    );
  };
}
