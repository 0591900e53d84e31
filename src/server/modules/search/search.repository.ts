/**
 * Arabic-aware search: the query is prepared like the stored text (sahifa_search_text: folding, article prefixes
 * off) and stemmed by PostgreSQL's `arabic` configuration, then matched against news.search_vector (title >
 * description > body).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { listColumns, type NewsListRow } from '../news/news.repository';

export function searchRepository(db: Db, now: () => Date) {
  return {
    async search(query: string, limit: number, offset: number): Promise<{ total: number; rows: NewsListRow[] }> {
      const tsquery = sql`plainto_tsquery('arabic'::regconfig, sahifa_search_text(${query}))`;
      const match = and(
        sql`${news.status} <> 'draft' and ${news.publishedAt} <= ${now()}`,
        sql`${news.searchVector} @@ ${tsquery}`,
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(news)
        .where(match);
      if (total === 0) return { total, rows: [] };
      const rows = (await db
        .select(listColumns)
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .where(match)
        .orderBy(
          sql`ts_rank_cd(${news.searchVector}, ${tsquery}) desc`,
          sql`${news.publishedAt} desc nulls last`,
          sql`${news.id} desc`,
        )
        .limit(limit)
        .offset(offset)) as NewsListRow[];
      return { total, rows };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
