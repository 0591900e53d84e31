/**
 * Every statement about articles. Visibility to readers is decided here, with the injected clock (never SQL's
 * now()), so a test that fixes the clock controls what readers see.
 */
import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
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

  // The reader-facing lists are prepared statements: built once here, parsed and planned once per connection by
  // PostgreSQL, then only executed (they run for every page a reader opens).
  const $ = sql.placeholder;
  const visibleNow = sql`${news.status} <> 'draft' and ${news.publishedAt} <= ${$('now')}`;
  const afterCursor = sql`(${news.publishedAt}, ${news.id}) < (${$('at')}, ${$('id')})`;
  const listQuery = (name: string, where?: SQL) =>
    db
      .select(listColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .where(and(visibleNow, where))
      .orderBy(...newestFirst)
      .limit($('limit'))
      .offset($('offset'))
      .prepare(`news_${name}`);
  const prepared = {
    latest: listQuery('latest'),
    latestBefore: listQuery('latest_before', afterCursor),
    featured: listQuery('featured', eq(news.featured, true)),
    byCategory: listQuery('by_category', eq(news.category, $('slug'))),
    byCategoryBefore: listQuery('by_category_before', and(eq(news.category, $('slug')), afterCursor)),
    relatedSame: listQuery('related_same', and(eq(news.category, $('slug')), ne(news.id, $('id')))),
    relatedRest: listQuery('related_rest', sql`${news.id} <> all(${$('exclude')}::int[])`),
    since: listQuery('since', sql`${news.publishedAt} >= ${$('since')}`),
    mostRead: db
      .select({ id: news.id, title: news.title, views: news.views, category: news.category })
      .from(news)
      .where(visibleNow)
      .orderBy(sql`${news.views} desc nulls last`, sql`${news.id} desc nulls last`)
      .limit($('limit'))
      .prepare('news_most_read'),
    findVisible: db
      .select(articleColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .where(and(visibleNow, eq(news.id, $('id'))))
      .limit(1)
      .prepare('news_find_visible'),
  };
  const page = (limit: number, offset = 0) => ({ now: now(), limit, offset });
  const rows = (p: Promise<unknown>) => p as Promise<NewsListRow[]>;

  return {
    listLatest: (limit: number, offset: number, before?: NewsCursor) =>
      rows(
        before
          ? prepared.latestBefore.execute({ ...page(limit), ...before })
          : prepared.latest.execute(page(limit, offset)),
      ),
    listFeatured: (limit: number) => rows(prepared.featured.execute(page(limit))),
    listByCategory: (slug: string, limit: number, offset: number, before?: NewsCursor) =>
      rows(
        before
          ? prepared.byCategoryBefore.execute({ ...page(limit), slug, ...before })
          : prepared.byCategory.execute({ ...page(limit, offset), slug }),
      ),
    /** Same category first, then the most recent of the rest; never the article itself. */
    async listRelated(id: number, slug: string, limit: number): Promise<{ rows: NewsListRow[]; usedLatest: boolean }> {
      const same = await rows(prepared.relatedSame.execute({ ...page(limit), slug, id }));
      if (same.length >= limit) return { rows: same, usedLatest: false };
      const exclude = [id, ...same.map((r) => r.id)];
      const rest = await rows(prepared.relatedRest.execute({ ...page(limit - same.length), exclude }));
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
    listPublishedSince: (since: Date, limit: number) => rows(prepared.since.execute({ ...page(limit), since })),
    mostRead: (limit: number) => prepared.mostRead.execute({ now: now(), limit }),
    async findVisible(id: number): Promise<NewsArticleRow | undefined> {
      const [row] = await prepared.findVisible.execute({ now: now(), id });
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
