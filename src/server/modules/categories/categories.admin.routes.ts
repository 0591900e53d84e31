import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryInput, categoryReorder, categoryUpdate, okMessage } from '../../../shared/schemas/admin';
import { category } from '../../../shared/schemas/categories';
import { idParam } from '../../../shared/schemas/common';
import { actorOf } from '../../plugins/admin-api';
import { presentCategory } from './categories.presenter';
import type { CategoriesService } from './categories.service';

const SECTIONS = { permission: 'sections.manage' } as const;

export function categoriesAdminRoutes(service: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Every staff member reads the list (writers choose a section for their article); changing it needs the permission.
    app.get('/categories', { schema: { response: { 200: z.array(category) } } }, async () =>
      (await service.listAll()).map(presentCategory),
    );
    app.post(
      '/categories',
      { config: SECTIONS, schema: { body: categoryInput, response: { 201: category } } },
      async (req, reply) => reply.status(201).send(presentCategory(await service.create(actorOf(req), req.body))),
    );
    app.put(
      '/categories/:id',
      { config: SECTIONS, schema: { params: idParam, body: categoryUpdate, response: { 200: category } } },
      async (req) => presentCategory(await service.update(actorOf(req), req.params.id, req.body)),
    );
    app.post(
      '/categories/reorder',
      { config: SECTIONS, schema: { body: categoryReorder, response: { 200: z.array(category) } } },
      async (req) => (await service.move(actorOf(req), req.body)).map(presentCategory),
    );
    app.delete(
      '/categories/:id',
      { config: SECTIONS, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.delete(actorOf(req), req.params.id);
        return { message: 'تم الحذف' };
      },
    );
  };
}
