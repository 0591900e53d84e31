import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { breakingNewsInput, breakingNewsUpdate, okMessage } from '../../../shared/schemas/admin';
import { breakingNewsItem } from '../../../shared/schemas/breaking-news';
import { idParam, pageQuery } from '../../../shared/schemas/common';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import { presentBreakingNews } from './breaking-news.presenter';
import type { BreakingNewsService } from './breaking-news.service';

const BREAKING = { permission: 'breaking.manage' } as const;

export function breakingNewsAdminRoutes(service: BreakingNewsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/breaking-news',
      { config: BREAKING, schema: { querystring: pageQuery, response: { 200: z.array(breakingNewsItem) } } },
      async (req, reply) => {
        const page = await service.page(req.query);
        return sendPage(reply, { ...page, items: page.items.map(presentBreakingNews) });
      },
    );
    app.post(
      '/breaking-news',
      { config: BREAKING, schema: { body: breakingNewsInput, response: { 201: breakingNewsItem } } },
      async (req, reply) => reply.status(201).send(presentBreakingNews(await service.create(actorOf(req), req.body))),
    );
    app.put(
      '/breaking-news/:id',
      { config: BREAKING, schema: { params: idParam, body: breakingNewsUpdate, response: { 200: breakingNewsItem } } },
      async (req) => presentBreakingNews(await service.update(actorOf(req), req.params.id, req.body)),
    );
    app.delete(
      '/breaking-news/:id',
      { config: BREAKING, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.delete(actorOf(req), req.params.id);
        return { message: 'تم الحذف' };
      },
    );
  };
}
