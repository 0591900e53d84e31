import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminNewsItem, featuredInput, newsInput, okMessage, type AdminNewsItem } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { statsRepository } from '../stats/stats.repository';
import { sanitizeArticleHtml } from './sanitize-html';
import { NEWS_NOT_FOUND } from './news.routes';
import { presentNewsListItem } from './news.presenter';
import { listColumns, type NewsListRow } from './news.repository';

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
});

// The admin list is the public list item plus what editors need: the body as stored, the status, the last change.
const columns = { ...listColumns, content: news.content, status: news.status, updatedAt: news.updatedAt };
type Row = NewsListRow & { content: string; status: string; updatedAt: Date };
const present = (r: Row): AdminNewsItem => ({
  ...presentNewsListItem(r),
  content: r.content,
  status: r.status,
  updatedAt: r.updatedAt.toISOString(),
});

const CONTENT_EMPTY = 'جميع الحقول مطلوبة';
const UNKNOWN_CATEGORY = 'التصنيف المختار غير موجود';

export function newsAdminRoutes(db: Db) {
  const stats = statsRepository(db);
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const invalidate = () => base.invalidation.publish(['news']);
    const byId = async (id: number) =>
      (
        await db
          .select(columns)
          .from(news)
          .leftJoin(categories, eq(categories.slug, news.category))
          .where(eq(news.id, id))
      )[0] as Row | undefined;

    /** The body as it will be stored: sanitised, and not empty once sanitised. */
    async function checked(body: z.infer<typeof newsInput>) {
      const content = sanitizeArticleHtml(body.content);
      if (!content.replace(/<[^>]*>/g, '').trim() && !/<(img|iframe)/.test(content))
        throw new AppError(400, 'VALIDATION_FAILED', CONTENT_EMPTY);
      const [cat] = await db
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.slug, body.category));
      if (!cat) throw new AppError(400, 'UNKNOWN_CATEGORY', UNKNOWN_CATEGORY);
      return {
        title: body.title,
        description: body.description,
        content,
        category: body.category,
        imageUrl: body.imageUrl,
        featured: body.featured,
      };
    }

    app.get(
      '/api/admin/news',
      { schema: { querystring: listQuery, response: { 200: z.array(adminNewsItem) } } },
      async (req) => {
        const { q, category } = req.query;
        const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
        const conditions = [
          pattern ? or(ilike(news.title, pattern), ilike(news.description, pattern)) : undefined,
          category && category !== 'all' ? eq(news.category, category) : undefined,
        ].filter(Boolean);
        const rows = await db
          .select(columns)
          .from(news)
          .leftJoin(categories, eq(categories.slug, news.category))
          .where(conditions.length ? and(...conditions) : undefined)
          .orderBy(desc(news.createdAt), desc(news.id));
        return (rows as Row[]).map(present);
      },
    );

    app.get(
      '/api/admin/news/views',
      { schema: { response: { 200: z.object({ totalViews: z.number() }) } } },
      async () => ({ totalViews: await stats.totalViews() }),
    );

    app.get('/api/admin/news/:id', { schema: { params: idParam, response: { 200: adminNewsItem } } }, async (req) => {
      const row = await byId(req.params.id);
      if (!row) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
      return present(row);
    });

    app.post(
      '/api/admin/news',
      { schema: { body: newsInput, response: { 201: adminNewsItem } } },
      async (req, reply) => {
        const values = await checked(req.body);
        const id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(news)
            .values({ ...values, status: 'published', publishedAt: new Date(), authorId: actorOf(req).id })
            .returning({ id: news.id });
          await audit(tx, actorOf(req), 'create', 'news', created!.id, { title: values.title });
          return created!.id;
        });
        await invalidate();
        return reply.status(201).send(present((await byId(id))!));
      },
    );

    app.put(
      '/api/admin/news/:id',
      { schema: { params: idParam, body: newsInput, response: { 200: adminNewsItem } } },
      async (req) => {
        const values = await checked(req.body);
        await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(news)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(news.id, req.params.id))
            .returning({ id: news.id });
          if (!updated) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
          await audit(tx, actorOf(req), 'update', 'news', updated.id, { title: values.title });
        });
        await invalidate();
        return present((await byId(req.params.id))!);
      },
    );

    app.patch(
      '/api/admin/news/:id/featured',
      { schema: { params: idParam, body: featuredInput, response: { 200: adminNewsItem } } },
      async (req) => {
        await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(news)
            .set({ featured: req.body.featured, updatedAt: sql`now()` })
            .where(eq(news.id, req.params.id))
            .returning({ id: news.id });
          if (!updated) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
          await audit(tx, actorOf(req), 'update', 'news', updated.id, { featured: req.body.featured });
        });
        await invalidate();
        return present((await byId(req.params.id))!);
      },
    );

    app.delete('/api/admin/news/:id', { schema: { params: idParam, response: { 200: okMessage } } }, async (req) => {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(news)
          .where(eq(news.id, req.params.id))
          .returning({ id: news.id, title: news.title });
        if (!gone) throw notFound(NEWS_NOT_FOUND, 'NEWS_NOT_FOUND');
        await audit(tx, actorOf(req), 'delete', 'news', gone.id, { title: gone.title });
      });
      await invalidate();
      return { message: 'تم الحذف' };
    });
  };
}
