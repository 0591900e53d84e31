import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { breakingNews } from '../../db/schema/content';

export type BreakingNewsRow = typeof breakingNews.$inferSelect;

export function breakingNewsRepository(db: Db) {
  return {
    /** Active and not expired at `now`; higher priority first, then newest. */
    listCurrent(now: Date): Promise<BreakingNewsRow[]> {
      return db
        .select()
        .from(breakingNews)
        .where(
          and(eq(breakingNews.isActive, true), or(isNull(breakingNews.expiresAt), gt(breakingNews.expiresAt, now))),
        )
        .orderBy(desc(breakingNews.priority), desc(breakingNews.createdAt), desc(breakingNews.id))
        .limit(50);
    },
  };
}
export type BreakingNewsRepository = ReturnType<typeof breakingNewsRepository>;
