import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminNewsItem, adminNewsListItem, featuredInput, newsInput, okMessage } from '../../../shared/schemas/admin';
import { idParam, pageQuery } from '../../../shared/schemas/common';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import { presentAdminNews, presentAdminNewsListItem } from './news.presenter';
import type { NewsService } from './news.service';

const listQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
});
const NEWS = { permission: 'news.write' } as const;

export function newsAdminRoutes(service: NewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/news',
      { schema: { querystring: listQuery, response: { 200: z.array(adminNewsListItem) } } },
      async (req, reply) => {
        const { q, category, ...paging } = req.query;
        const page = await service.page({ q, category }, paging);
        return sendPage(reply, { ...page, items: page.items.map(presentAdminNewsListItem) });
      },
    );

    app.get('/news/views', { schema: { response: { 200: z.object({ totalViews: z.number() }) } } }, async () => ({
      totalViews: await service.totalViews(),
    }));

    app.get('/news/:id', { schema: { params: idParam, response: { 200: adminNewsItem } } }, async (req) =>
      presentAdminNews(await service.get(req.params.id)),
    );

    app.post(
      '/news',
      { config: NEWS, schema: { body: newsInput, response: { 201: adminNewsItem } } },
      async (req, reply) => reply.status(201).send(presentAdminNews(await service.create(actorOf(req), req.body))),
    );

    app.put(
      '/news/:id',
      { config: NEWS, schema: { params: idParam, body: newsInput, response: { 200: adminNewsItem } } },
      async (req) => presentAdminNews(await service.update(actorOf(req), req.params.id, req.body)),
    );

    app.patch(
      '/news/:id/featured',
      { config: NEWS, schema: { params: idParam, body: featuredInput, response: { 200: adminNewsItem } } },
      async (req) => presentAdminNews(await service.setFeatured(actorOf(req), req.params.id, req.body.featured)),
    );

    app.delete(
      '/news/:id',
      { config: NEWS, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.delete(actorOf(req), req.params.id);
        return { message: 'تم الحذف' };
      },
    );
  };
}
