import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { breakingNewsInput, breakingNewsUpdate, okMessage } from '../../../shared/schemas/admin';
import { breakingNewsItem } from '../../../shared/schemas/breaking-news';
import { idParam } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { breakingNews } from '../../db/schema/content';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { presentBreakingNews } from './breaking-news.presenter';

const NOT_FOUND = 'الخبر العاجل غير موجود';

export function breakingNewsAdminRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const invalidate = () => base.invalidation.publish(['breaking']);

    app.get('/api/admin/breaking-news', { schema: { response: { 200: z.array(breakingNewsItem) } } }, async () =>
      (await db.select().from(breakingNews).orderBy(desc(breakingNews.createdAt), desc(breakingNews.id))).map(
        presentBreakingNews,
      ),
    );

    app.post(
      '/api/admin/breaking-news',
      { schema: { body: breakingNewsInput, response: { 201: breakingNewsItem } } },
      async (req, reply) => {
        const b = req.body;
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(breakingNews)
            .values({
              title: b.title,
              isActive: b.isActive,
              priority: b.priority,
              expiresAt: b.expiresAt ? new Date(b.expiresAt) : null,
            })
            .returning();
          await audit(tx, actorOf(req), 'create', 'breaking_news', created!.id, { title: b.title });
          return created!;
        });
        await invalidate();
        return reply.status(201).send(presentBreakingNews(row));
      },
    );

    app.put(
      '/api/admin/breaking-news/:id',
      { schema: { params: idParam, body: breakingNewsUpdate, response: { 200: breakingNewsItem } } },
      async (req) => {
        const b = req.body;
        const values =
          'title' in b
            ? {
                title: b.title,
                isActive: b.isActive,
                priority: b.priority,
                expiresAt: b.expiresAt ? new Date(b.expiresAt) : null,
              }
            : { isActive: b.isActive };
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(breakingNews)
            .set(values)
            .where(eq(breakingNews.id, req.params.id))
            .returning();
          if (!updated) throw notFound(NOT_FOUND, 'BREAKING_NOT_FOUND');
          await audit(tx, actorOf(req), 'update', 'breaking_news', updated.id, values);
          return updated;
        });
        await invalidate();
        return presentBreakingNews(row);
      },
    );

    app.delete(
      '/api/admin/breaking-news/:id',
      { schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(breakingNews)
            .where(eq(breakingNews.id, req.params.id))
            .returning({ id: breakingNews.id, title: breakingNews.title });
          if (!gone) throw notFound(NOT_FOUND, 'BREAKING_NOT_FOUND');
          await audit(tx, actorOf(req), 'delete', 'breaking_news', gone.id, { title: gone.title });
        });
        await invalidate();
        return { message: 'تم الحذف' };
      },
    );
  };
}
