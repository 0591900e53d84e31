import { and, eq, getTableColumns, gt, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db, Executor } from '../../db/client';
import { breakingNews } from '../../db/schema/content';
import { descNullsLast } from '../../lib/order';
import { offsetOf, paged } from '../../lib/paging';

export type BreakingNewsRow = typeof breakingNews.$inferSelect;
export type BreakingNewsValues = Partial<
  Pick<BreakingNewsRow, 'title' | 'isActive' | 'priority' | 'expiresAt' | 'newsId'>
>;

/** The linked article only while readers can see it (a draft or an unpublished story is never linked). */
const publicLink = (now: Date | Placeholder) =>
  sql<
    number | null
  >`case when exists (select 1 from news n where n.id = ${breakingNews.newsId} and n.status = 'published' and n.published_at <= ${now}) then ${breakingNews.newsId} end`;

export function breakingNewsRepository(db: Db) {
  const atNow = sql.placeholder('now');
  // Every reader page asks for it: a named statement, parsed and planned once per connection (db/named.ts says why).
  const current = db
    .select({ ...getTableColumns(breakingNews), newsId: publicLink(atNow) })
    .from(breakingNews)
    .where(and(eq(breakingNews.isActive, true), or(isNull(breakingNews.expiresAt), gt(breakingNews.expiresAt, atNow))))
    .orderBy(...descNullsLast(breakingNews.priority, breakingNews.createdAt, breakingNews.id))
    .limit(50)
    .prepare('breaking_current');
  return {
    /** Active and not expired at `now`; higher priority first, then newest. */
    listCurrent(now: Date): Promise<BreakingNewsRow[]> {
      return current.execute({ now });
    },
    async page(q: PageQuery): Promise<{ rows: BreakingNewsRow[]; total: number; exact: boolean }> {
      return paged(
        db,
        db
          .select()
          .from(breakingNews)
          .orderBy(...descNullsLast(breakingNews.createdAt, breakingNews.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        sql`select 1 from ${breakingNews}`,
      );
    },
    async countActive(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(breakingNews)
        .where(
          and(eq(breakingNews.isActive, true), or(isNull(breakingNews.expiresAt), gt(breakingNews.expiresAt, now))),
        );
      return row?.n ?? 0;
    },
    /** One item with its link as readers get it at `now` (the alert guard reads it). */
    async find(id: number, now: Date): Promise<BreakingNewsRow | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(breakingNews), newsId: publicLink(now) })
        .from(breakingNews)
        .where(eq(breakingNews.id, id));
      return row;
    },
    async articleExists(id: number, ex: Executor = db): Promise<boolean> {
      const { rows } = await ex.execute(sql`select 1 from news where id = ${id} for share`);
      return rows.length > 0;
    },
    async insert(values: Required<BreakingNewsValues> & { createdAt: Date }, ex: Executor = db) {
      const [row] = await ex.insert(breakingNews).values(values).returning();
      return row!;
    },
    async update(id: number, values: BreakingNewsValues, ex: Executor = db): Promise<BreakingNewsRow | undefined> {
      const [row] = await ex.update(breakingNews).set(values).where(eq(breakingNews.id, id)).returning();
      return row;
    },
    async delete(id: number, ex: Executor = db): Promise<BreakingNewsRow | undefined> {
      const [row] = await ex.delete(breakingNews).where(eq(breakingNews.id, id)).returning();
      return row;
    },
  };
}
export type BreakingNewsRepository = ReturnType<typeof breakingNewsRepository>;
