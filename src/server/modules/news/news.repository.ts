/**
 * Every statement about articles. Visibility to readers is decided here, with the injected clock (never SQL's
 * now()), so a test that fixes the clock controls what readers see.
 */
import { and, desc, eq, ilike, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { offsetOf, paged } from '../../lib/paging';
import type { PageQuery } from '../../../shared/schemas/common';
import type { NewsCursor } from '../../../shared/cursor';

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

export type NewsRow = typeof news.$inferSelect;
export type NewsListRow = Pick<
  NewsRow,
  'id' | 'title' | 'description' | 'category' | 'imageUrl' | 'featured' | 'views' | 'publishedAt' | 'createdAt'
> & {
  categoryName: string | null;
  categoryColor: string | null;
};
export type NewsArticleRow = NewsListRow & { content: string; updatedAt: Date };
export type AdminNewsRow = NewsArticleRow & { status: NewsRow['status'] };
export type AdminNewsListRow = NewsListRow & { status: NewsRow['status']; updatedAt: Date };
export type NewsValues = Partial<
  Pick<NewsRow, 'title' | 'description' | 'content' | 'category' | 'imageUrl' | 'featured' | 'status' | 'publishedAt'>
>;

export interface AdminNewsFilter {
  q?: string;
  category?: string;
}

const articleColumns = { ...listColumns, content: news.content, updatedAt: news.updatedAt };
const adminColumns = { ...articleColumns, status: news.status };
const adminListColumns = { ...listColumns, status: news.status, updatedAt: news.updatedAt };

export function newsRepository(db: Db, now: () => Date) {
  /** Visible to readers: not a draft, and its publication time has come (scheduled items appear by themselves). */
  const visible = (): SQL => sql`${news.status} <> 'draft' and ${news.publishedAt} <= ${now()}`;

  /** Newest first; after `before` (keyset: the same cost at any depth) or skipping `offset` rows. */
  const list = ({
    limit,
    offset = 0,
    before,
    where,
  }: {
    limit: number;
    offset?: number;
    before?: NewsCursor;
    where?: SQL;
  }) =>
    db
      .select(listColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .where(
        and(
          visible(),
          where,
          before ? sql`(${news.publishedAt}, ${news.id}) < (${before.at}, ${before.id})` : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset) as Promise<NewsListRow[]>;

  return {
    listLatest: (limit: number, offset: number, before?: NewsCursor) => list({ limit, offset, before }),
    listFeatured: (limit: number) => list({ limit, where: eq(news.featured, true) }),
    listByCategory: (slug: string, limit: number, offset: number, before?: NewsCursor) =>
      list({ limit, offset, before, where: eq(news.category, slug) }),
    /** Same category first, then the most recent of the rest; never the article itself. */
    async listRelated(id: number, slug: string, limit: number): Promise<{ rows: NewsListRow[]; usedLatest: boolean }> {
      const same = await list({ limit, where: and(eq(news.category, slug), ne(news.id, id)) });
      if (same.length >= limit) return { rows: same, usedLatest: false };
      const exclude = [id, ...same.map((r) => r.id)];
      const rest = await list({ limit: limit - same.length, where: notInArray(news.id, exclude) });
      return { rows: [...same, ...rest], usedLatest: true };
    },
    /** Every visible article's id and last change, newest first (sitemaps). */
    listForSitemap: (limit: number) =>
      db
        .select({ id: news.id, updatedAt: news.updatedAt, publishedAt: news.publishedAt })
        .from(news)
        .where(visible())
        .orderBy(...newestFirst)
        .limit(limit),
    /** Visible news published since `since` (the Google News sitemap's last 48 hours). */
    listPublishedSince: (since: Date, limit: number) => list({ limit, where: sql`${news.publishedAt} >= ${since}` }),
    mostRead: (limit: number) =>
      db
        .select({ id: news.id, title: news.title, views: news.views, category: news.category })
        .from(news)
        .where(visible())
        .orderBy(sql`${news.views} desc nulls last`, sql`${news.id} desc nulls last`)
        .limit(limit),
    async findVisible(id: number): Promise<NewsArticleRow | undefined> {
      const [row] = await db
        .select(articleColumns)
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .where(and(visible(), eq(news.id, id)))
        .limit(1);
      return row as NewsArticleRow | undefined;
    },
    /** Counts one view; undefined when the article is not visible. */
    async addView(id: number): Promise<number | undefined> {
      const [row] = await db
        .update(news)
        .set({ views: sql`${news.views} + 1` })
        .where(and(visible(), eq(news.id, id)))
        .returning({ views: news.views });
      return row?.views;
    },

    /** Staff: any article whatever its state. */
    async findById(id: number, ex: Executor = db): Promise<AdminNewsRow | undefined> {
      const [row] = await ex
        .select(adminColumns)
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .where(eq(news.id, id))
        .limit(1);
      return row as AdminNewsRow | undefined;
    },
    async lockById(id: number, ex: Executor): Promise<NewsRow | undefined> {
      const [row] = await ex.select().from(news).where(eq(news.id, id)).for('update');
      return row;
    },
    async page(
      filter: AdminNewsFilter,
      q: PageQuery,
    ): Promise<{ rows: AdminNewsListRow[]; total: number; exact: boolean }> {
      const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        pattern ? or(ilike(news.title, pattern), ilike(news.description, pattern)) : undefined,
        filter.category && filter.category !== 'all' ? eq(news.category, filter.category) : undefined,
      );
      return paged(
        db,
        db
          .select(adminListColumns)
          .from(news)
          .leftJoin(categories, eq(categories.slug, news.category))
          .where(where)
          .orderBy(desc(news.createdAt), desc(news.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)) as Promise<AdminNewsListRow[]>,
        sql`select 1 from ${news} where ${where ?? sql`true`}`,
      );
    },
    async insert(
      values: NewsValues & { title: string; category: string; authorId: number | null; at: Date },
      ex: Executor,
    ) {
      const { at, ...rest } = values;
      const [row] = await ex
        .insert(news)
        .values({ ...rest, createdAt: at, updatedAt: at })
        .returning({ id: news.id });
      return row!.id;
    },
    async update(id: number, values: NewsValues & { updatedAt: Date }, ex: Executor): Promise<boolean> {
      const rows = await ex.update(news).set(values).where(eq(news.id, id)).returning({ id: news.id });
      return rows.length > 0;
    },
    async delete(id: number, ex: Executor): Promise<NewsRow | undefined> {
      const [row] = await ex.delete(news).where(eq(news.id, id)).returning();
      return row;
    },
    async totalViews(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`coalesce(sum(${news.views}), 0)::bigint` }).from(news);
      return Number(row?.n ?? 0);
    },
  };
}
export type NewsRepository = ReturnType<typeof newsRepository>;
