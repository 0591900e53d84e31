import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  adminNewsItem,
  adminNewsListItem,
  adminNewsQuery,
  autosaveResponse,
  featuredInput,
  newsAutosaveInput,
  newsInput,
  newsRevision,
  newsRevisionSummary,
  newsTransitionInput,
  okMessage,
  presenceResponse,
  previewArticle,
  reviewQueue,
  revisionParams,
} from '../../../shared/schemas/admin';
import { idParam, pageQuery } from '../../../shared/schemas/common';
import { errors } from '../../errors';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import {
  presentAdminNews,
  presentAdminNewsListItem,
  presentNewsArticle,
  presentReviewQueue,
  presentRevision,
  presentRevisionSummary,
} from './news.presenter';
import type { NewsroomService } from './newsroom.service';
import type { NewsService } from './news.service';

/** Writing: every staff member (the service checks whose article and which state). */
const WRITE = { permission: 'news.write' } as const;
/** Featuring: editors and admins. */
const PUBLISH = { permission: 'news.publish' } as const;

export function newsAdminRoutes(
  service: NewsroomService,
  reader: Pick<NewsService, 'extrasOf'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/news',
      { config: WRITE, schema: { querystring: adminNewsQuery, response: { 200: z.array(adminNewsListItem) } } },
      async (req, reply) => {
        const { q, category, status, author, ...paging } = req.query;
        const page = await service.page({ q, category, status, author }, paging);
        return sendPage(reply, { ...page, items: page.items.map(presentAdminNewsListItem) });
      },
    );

    /** The editors' review queue (the dashboard): what waits for them, the longest waiting first. */
    app.get('/news/review-queue', { config: PUBLISH, schema: { response: { 200: reviewQueue } } }, async () =>
      presentReviewQueue(await service.reviewQueue()),
    );

    app.get(
      '/news/:id',
      { config: WRITE, schema: { params: idParam, response: { 200: adminNewsItem } } },
      async (req) => {
        const { row, autosave } = await service.get(actorOf(req), req.params.id);
        return presentAdminNews(row, autosave);
      },
    );

    app.get(
      '/news/:id/preview',
      { config: WRITE, schema: { params: idParam, response: { 200: previewArticle } } },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
        const row = await service.preview(req.params.id);
        return { ...presentNewsArticle(row, await reader.extrasOf(row)), status: row.status };
      },
    );

    app.post(
      '/news',
      { config: WRITE, schema: { body: newsInput, response: { 201: adminNewsItem } } },
      async (req, reply) => {
        const key = req.headers['idempotency-key'];
        if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)))
          throw errors.badRequest('مفتاح الطلب غير صالح');
        return reply.status(201).send(presentAdminNews(await service.create(actorOf(req), req.body, key)));
      },
    );

    app.put(
      '/news/:id',
      { config: WRITE, schema: { params: idParam, body: newsInput, response: { 200: adminNewsItem } } },
      async (req) => presentAdminNews(await service.save(actorOf(req), req.params.id, req.body)),
    );

    app.post(
      '/news/:id/transition',
      { config: WRITE, schema: { params: idParam, body: newsTransitionInput, response: { 200: adminNewsItem } } },
      async (req) => presentAdminNews(await service.transition(actorOf(req), req.params.id, req.body)),
    );

    app.put(
      '/news/:id/autosave',
      { config: WRITE, schema: { params: idParam, body: newsAutosaveInput, response: { 200: autosaveResponse } } },
      async (req) => {
        const saved = await service.autosave(actorOf(req), req.params.id, req.body);
        return { ...saved, savedAt: saved.savedAt.toISOString() };
      },
    );

    app.delete(
      '/news/:id/autosave',
      { config: WRITE, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.discardAutosave(actorOf(req), req.params.id);
        return { message: 'تم تجاهل التعديلات المحفوظة تلقائياً' };
      },
    );

    app.patch(
      '/news/:id/featured',
      { config: PUBLISH, schema: { params: idParam, body: featuredInput, response: { 200: adminNewsItem } } },
      async (req) => presentAdminNews(await service.setFeatured(actorOf(req), req.params.id, req.body.featured)),
    );

    app.delete(
      '/news/:id',
      { config: WRITE, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.delete(actorOf(req), req.params.id);
        return { message: 'تم الحذف' };
      },
    );

    app.get(
      '/news/:id/revisions',
      {
        config: WRITE,
        schema: { params: idParam, querystring: pageQuery, response: { 200: z.array(newsRevisionSummary) } },
      },
      async (req, reply) => {
        const page = await service.revisions(req.params.id, req.query);
        return sendPage(reply, { ...page, items: page.items.map(presentRevisionSummary) });
      },
    );

    app.get(
      '/news/:id/revisions/:revisionId',
      { config: WRITE, schema: { params: revisionParams, response: { 200: newsRevision } } },
      async (req) => presentRevision(await service.revision(req.params.id, req.params.revisionId)),
    );

    app.post(
      '/news/:id/presence',
      { config: WRITE, schema: { params: idParam, response: { 200: presenceResponse } } },
      async (req) =>
        (await service.presence(actorOf(req), req.params.id)).map((p) => ({ ...p, seenAt: p.seenAt.toISOString() })),
    );

    app.delete(
      '/news/:id/presence',
      { config: WRITE, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.leave(actorOf(req), req.params.id);
        return { message: 'تم' };
      },
    );
  };
}
