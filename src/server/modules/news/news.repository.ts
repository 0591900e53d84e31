import { and, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';

/** Visible to readers: not a draft, and its publication time has come (scheduled items appear by themselves). */
export const isVisible = sql`${news.status} <> 'draft' and ${news.publishedAt} <= now()`;
/** Matches the partial indexes news_*_idx (published_at desc nulls last, id desc nulls last). */
const newestFirst = [sql`${news.publishedAt} desc nulls last`, sql`${news.id} desc nulls last`];

export const listColumns = {
  id: news.id,
  title: news.title,
  description: news.description,
  category: news.category,
  categoryName: categories.name,
  categoryColor: categories.color,
  imageUrl: news.imageUrl,
  featured: news.featured,
  views: news.views,
  publishedAt: news.publishedAt,
  createdAt: news.createdAt,
};

type NewsRow = typeof news.$inferSelect;
export type NewsListRow = Pick<
  NewsRow,
  'id' | 'title' | 'description' | 'category' | 'imageUrl' | 'featured' | 'views' | 'publishedAt' | 'createdAt'
> & {
  categoryName: string | null;
  categoryColor: string | null;
};
export type NewsArticleRow = NewsListRow & { content: string; updatedAt: Date };

export interface ListOptions {
  limit: number;
  offset?: number;
  where?: SQL;
}

export function newsRepository(db: Db) {
  const list = ({ limit, offset = 0, where }: ListOptions): Promise<NewsListRow[]> =>
    db
      .select(listColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .where(where ? and(isVisible, where) : isVisible)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset) as Promise<NewsListRow[]>;

  return {
    listLatest: (limit: number, offset: number) => list({ limit, offset }),
    listFeatured: (limit: number) => list({ limit, where: eq(news.featured, true) }),
    listByCategory: (slug: string, limit: number, offset: number) =>
      list({ limit, offset, where: eq(news.category, slug) }),
    /** Same category first, then the most recent of the rest; never the article itself. */
    listRelated: async (id: number, slug: string, limit: number): Promise<NewsListRow[]> => {
      const same = await list({ limit, where: and(eq(news.category, slug), ne(news.id, id)) });
      if (same.length >= limit) return same;
      const exclude = [id, ...same.map((r) => r.id)];
      const rest = await list({ limit: limit - same.length, where: notInArray(news.id, exclude) });
      return [...same, ...rest];
    },
    /** Every visible article's id and last change, newest first (sitemaps). */
    listForSitemap: (limit: number) =>
      db
        .select({ id: news.id, updatedAt: news.updatedAt, publishedAt: news.publishedAt })
        .from(news)
        .where(isVisible)
        .orderBy(...newestFirst)
        .limit(limit),
    /** Visible news published since `since` (the Google News sitemap's last 48 hours). */
    listPublishedSince: (since: Date, limit: number) => list({ limit, where: sql`${news.publishedAt} >= ${since}` }),
    mostRead: (limit: number) =>
      db
        .select({ id: news.id, title: news.title, views: news.views, category: news.category })
        .from(news)
        .where(isVisible)
        .orderBy(sql`${news.views} desc nulls last`, sql`${news.id} desc nulls last`)
        .limit(limit),
    async findVisible(id: number): Promise<NewsArticleRow | undefined> {
      const rows = await db
        .select({ ...listColumns, content: news.content, updatedAt: news.updatedAt })
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .where(and(isVisible, eq(news.id, id)))
        .limit(1);
      return rows[0] as NewsArticleRow | undefined;
    },
    /** Counts one view; undefined when the article is not visible. */
    async addView(id: number): Promise<number | undefined> {
      const rows = await db
        .update(news)
        .set({ views: sql`${news.views} + 1` })
        .where(and(isVisible, eq(news.id, id)))
        .returning({ views: news.views });
      return rows[0]?.views;
    },
  };
}
export type NewsRepository = ReturnType<typeof newsRepository>;
