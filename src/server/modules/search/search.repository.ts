/**
 * Arabic-aware search: the query is prepared like the stored text (sahifa_search_text: folding, article prefixes
 * off) and stemmed by PostgreSQL's `arabic` configuration, then matched against news.search_vector (title >
 * description > body) through its GIN index.
 *
 * The cost stays flat at any archive size and for any word: the newest SEARCH_CANDIDATES + 1 matching articles are
 * taken (from the index), only those are ranked, and the count says "more than SEARCH_CANDIDATES" past that. No
 * query ever counts or ranks every match.
 */
import { eq, sql } from 'drizzle-orm';
import { SEARCH_CANDIDATES } from '../../../shared/schemas/search';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { newsViews } from '../../db/schema/newsroom';
import { listColumns, type NewsListRow } from '../news/news.repository';

export function searchRepository(db: Db, now: () => Date) {
  return {
    async search(
      query: string,
      limit: number,
      offset: number,
    ): Promise<{ total: number; exact: boolean; rows: NewsListRow[] }> {
      const tsquery = sql`plainto_tsquery('arabic'::regconfig, sahifa_search_text(${query}))`;
      // The newest matches (the planner walks news_public_idx for common words, the GIN index for rare ones), then
      // ranked among themselves; the window count runs after the LIMIT, so it never exceeds the cap.
      const ranked = db.$with('ranked').as(
        db
          .select({
            rid: sql<number>`c.id`.as('rid'),
            rank: sql<number>`ts_rank_cd(c.search_vector, ${tsquery})`.as('rank'),
            total: sql<number>`count(*) over ()`.as('total'),
          })
          .from(
            sql`(select ${news.id}, ${news.searchVector} from ${news}
              where ${news.status} = 'published' and ${news.publishedAt} <= ${now()} and ${news.searchVector} @@ ${tsquery}
              order by ${news.publishedAt} desc nulls last, ${news.id} desc nulls last
              limit ${SEARCH_CANDIDATES + 1}) as c`,
          ),
      );
      const found = await db
        .with(ranked)
        .select({ ...listColumns, total: ranked.total })
        .from(ranked)
        .innerJoin(news, eq(news.id, ranked.rid))
        .leftJoin(categories, eq(categories.slug, news.category))
        .leftJoin(newsViews, eq(newsViews.newsId, news.id))
        .orderBy(sql`${ranked.rank} desc`, sql`${news.publishedAt} desc nulls last`, sql`${news.id} desc`)
        .limit(limit)
        .offset(offset);
      const count = Number(found[0]?.total ?? 0);
      if (!found.length && offset > 0) {
        // Past the last page: still say how many there are.
        const again = await this.search(query, 1, 0);
        return { ...again, rows: [] };
      }
      return {
        total: Math.min(count, SEARCH_CANDIDATES),
        exact: count <= SEARCH_CANDIDATES,
        rows: found.map(({ total: _total, ...row }) => row as NewsListRow),
      };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
