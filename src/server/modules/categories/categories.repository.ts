import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { categories, news, sectionNameKey } from '../../db/schema/content';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = Partial<
  Pick<CategoryRow, 'name' | 'slug' | 'description' | 'color' | 'isActive' | 'position'>
>;

export function categoriesRepository(db: Db) {
  // Read on every reader page: prepared once.
  const active = db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.id))
    .prepare('categories_active');
  const activeBySlug = db
    .select()
    .from(categories)
    .where(and(eq(categories.slug, sql.placeholder('slug')), eq(categories.isActive, true)))
    .limit(1)
    .prepare('categories_active_by_slug');
  return {
    listActive: (): Promise<CategoryRow[]> => active.execute(),
    /** Every section in its order (the admin list: a handful of rows, never paged). */
    listAll(ex: Executor = db): Promise<CategoryRow[]> {
      return ex.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
    },
    async findActiveBySlug(slug: string): Promise<CategoryRow | undefined> {
      const [row] = await activeBySlug.execute({ slug });
      return row;
    },
    async findBySlug(slug: string, ex: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await ex.select().from(categories).where(eq(categories.slug, slug)).limit(1);
      return row;
    },
    /** A section (other than `exceptId`) whose name reads the same as `name` (sectionNameKey: folded, any case). */
    async findByName(name: string, exceptId?: number, ex: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await ex
        .select()
        .from(categories)
        .where(
          and(
            sql`${sectionNameKey(categories.name)} = ${sectionNameKey(sql`${name}::text`)}`,
            exceptId === undefined ? undefined : ne(categories.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },
    async findForUpdate(id: number, ex: Executor): Promise<CategoryRow | undefined> {
      const [row] = await ex.select().from(categories).where(eq(categories.id, id)).for('update');
      return row;
    },
    async count(ex: Executor = db): Promise<number> {
      const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(categories);
      return row?.n ?? 0;
    },
    async countNews(slug: string, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(news)
        .where(eq(news.category, slug));
      return row?.n ?? 0;
    },
    /** Serialises changes to the order of the whole list. */
    async lockTable(ex: Executor): Promise<void> {
      await ex.execute(sql`lock table ${categories} in share row exclusive mode`);
    },
    async insert(values: CategoryValues & { name: string; slug: string; createdAt: Date }, ex: Executor = db) {
      const [row] = await ex.insert(categories).values(values).returning();
      return row!;
    },
    async update(id: number, values: CategoryValues, ex: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await ex.update(categories).set(values).where(eq(categories.id, id)).returning();
      return row;
    },
    async setPosition(id: number, position: number, ex: Executor): Promise<void> {
      await ex.update(categories).set({ position }).where(eq(categories.id, id));
    },
    async delete(id: number, ex: Executor = db): Promise<void> {
      await ex.delete(categories).where(eq(categories.id, id));
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
