import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { category } from '../../../shared/schemas/categories';
import { slugParam } from '../../../shared/schemas/common';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentCategory } from './categories.presenter';
import type { CategoriesService } from './categories.service';

export function categoriesPublicRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/categories',
      { schema: { response: { 200: z.array(category) } }, config: { cache: API_CACHE.categories } },
      async () => (await service.listActive()).map(presentCategory),
    );
    app.get(
      '/api/categories/slug/:slug',
      { schema: { params: slugParam, response: { 200: category } }, config: { cache: API_CACHE.categories } },
      async (req) => presentCategory(await service.findActiveBySlug(req.params.slug)),
    );
  };
}
