import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/content';

export type CategoryRow = typeof categories.$inferSelect;

export function categoriesRepository(db: Db) {
  return {
    listActive(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.position), asc(categories.id));
    },
    async findActiveBySlug(slug: string): Promise<CategoryRow | undefined> {
      const rows = await db
        .select()
        .from(categories)
        .where(and(eq(categories.slug, slug), eq(categories.isActive, true)))
        .limit(1);
      return rows[0];
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
