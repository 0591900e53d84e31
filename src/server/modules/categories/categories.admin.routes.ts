import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORY_DEFAULT_COLOR } from '../../../shared/constants';
import { categoryInput, categoryReorder, categoryUpdate, okMessage } from '../../../shared/schemas/admin';
import { category } from '../../../shared/schemas/categories';
import { idParam } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { presentCategory } from './categories.presenter';
import { CATEGORY_NOT_FOUND } from './categories.routes';

const SLUG_TAKEN = 'معرف التصنيف مستخدم بالفعل، اختر معرفاً آخر';
const HAS_NEWS = (n: number) =>
  `لا يمكن حذف هذا التصنيف لأنه يحتوي على ${n} من الأخبار؛ انقل أخبارَه إلى تصنيف آخر أو احذفها أولاً`;
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

export function categoriesAdminRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // Section names and colours appear in news lists and on every page.
    const invalidate = () => base.invalidation.publish(['categories', 'news']);
    const ordered = () => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));

    async function write<T>(fn: () => Promise<T>): Promise<T> {
      try {
        return await fn();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'SLUG_TAKEN', SLUG_TAKEN);
        throw err;
      }
    }

    app.get('/api/admin/categories', { schema: { response: { 200: z.array(category) } } }, async () =>
      (await ordered()).map(presentCategory),
    );

    app.post(
      '/api/admin/categories',
      { schema: { body: categoryInput, response: { 201: category } } },
      async (req, reply) => {
        const b = req.body;
        const row = await write(() =>
          db.transaction(async (tx) => {
            const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(categories);
            const [created] = await tx
              .insert(categories)
              .values({
                name: b.name,
                slug: b.slug,
                description: b.description || null,
                color: b.color ?? CATEGORY_DEFAULT_COLOR,
                isActive: b.isActive,
                position: b.order ?? n,
              })
              .returning();
            await audit(tx, actorOf(req), 'create', 'category', created!.id, { slug: b.slug });
            return created!;
          }),
        );
        await invalidate();
        return reply.status(201).send(presentCategory(row));
      },
    );

    app.put(
      '/api/admin/categories/:id',
      { schema: { params: idParam, body: categoryUpdate, response: { 200: category } } },
      async (req) => {
        const b = req.body;
        const values =
          'name' in b
            ? {
                name: b.name,
                slug: b.slug,
                description: b.description || null,
                color: b.color ?? CATEGORY_DEFAULT_COLOR,
                isActive: b.isActive,
                ...(b.order !== undefined ? { position: b.order } : {}),
              }
            : 'order' in b
              ? { position: b.order }
              : { isActive: b.isActive };
        const row = await write(() =>
          db.transaction(async (tx) => {
            const [updated] = await tx
              .update(categories)
              .set(values)
              .where(eq(categories.id, req.params.id))
              .returning();
            if (!updated) throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
            await audit(tx, actorOf(req), 'update', 'category', updated.id, values);
            return updated;
          }),
        );
        await invalidate();
        return presentCategory(row);
      },
    );

    /** Move up/down: swaps order with the neighbour in one transaction (the spec's two PUTs also work). */
    app.post(
      '/api/admin/categories/reorder',
      { schema: { body: categoryReorder, response: { 200: z.array(category) } } },
      async (req) => {
        await db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
          const list = await tx.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
          const i = list.findIndex((c) => c.id === req.body.id);
          if (i < 0) throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
          const j = req.body.direction === 'up' ? i - 1 : i + 1;
          if (j < 0 || j >= list.length) return;
          // Renumber 0..n-1 with the two swapped, so equal or sparse orders cannot make a move do nothing.
          [list[i], list[j]] = [list[j]!, list[i]!];
          for (const [position, c] of list.entries())
            if (c.position !== position) await tx.update(categories).set({ position }).where(eq(categories.id, c.id));
          await audit(tx, actorOf(req), 'update', 'category', req.body.id, { move: req.body.direction });
        });
        await invalidate();
        return (await ordered()).map(presentCategory);
      },
    );

    app.delete(
      '/api/admin/categories/:id',
      { schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(categories).where(eq(categories.id, req.params.id)).for('update');
          if (!row) throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
          const [{ n } = { n: 0 }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(news)
            .where(eq(news.category, row.slug));
          if (n > 0) throw new AppError(409, 'CATEGORY_HAS_NEWS', HAS_NEWS(n));
          await tx.delete(categories).where(eq(categories.id, row.id));
          await audit(tx, actorOf(req), 'delete', 'category', row.id, { slug: row.slug });
        });
        await invalidate();
        return { message: 'تم الحذف' };
      },
    );
  };
}
