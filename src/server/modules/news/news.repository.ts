/**
 * Every statement about articles and their links (authors, tags). Visibility to readers is decided here, with the
 * injected clock (never SQL's now()), so a test that fixes the clock controls what readers see.
 *
 * Visible means `status = 'published' and published_at <= now`: exactly the predicate of the partial indexes
 * news_public_idx, news_category_idx and news_featured_idx, so every reader list (and every depth of it, by keyset
 * cursor) reads one index in order. Tag and author pages read news_tags/news_authors.visible_at the same way.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { utcMonthStart } from '../../../shared/dates';
import type { NewsStatus } from '../../../shared/news-workflow';
import type { NewsCursor } from '../../../shared/cursor';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db, Executor } from '../../db/client';
import { executeNamed } from '../../db/named';
import { admins } from '../../db/schema/accounts';
import { categories, news, newsMonths } from '../../db/schema/content';
import { newsAuthors, newsTags, newsViews, tags } from '../../db/schema/newsroom';
import { offsetOf, paged, pagedTable } from '../../lib/paging';
import { isLiveSql, lastChangeSql } from '../live/live.sql';
import { imageInfoSql } from '../media/media.sql';
import type { ImageInfo } from '../../../shared/schemas/media';

/** Matches the partial indexes news_*_idx (published_at desc nulls last, id desc nulls last). */
const newestFirst = [sql`${news.publishedAt} desc nulls last`, sql`${news.id} desc nulls last`];
/**
 * The newsroom's list: the last changed first (a story just written, submitted, published or corrected is on top;
 * ids say only when a row was inserted, and an imported archive inserts its newest first), as news_updated_idx and
 * news_*_updated_idx are read.
 */
const lastChanged = [sql`${news.updatedAt} desc nulls last`, sql`${news.id} desc nulls last`];

export const listColumns = {
  id: news.id,
  title: news.title,
  description: news.description,
  category: news.category,
  categoryName: categories.name,
  categoryColor: categories.color,
  imageUrl: news.imageUrl,
  featured: news.featured,
  views: sql<number>`coalesce(${newsViews.views}, 0)`.mapWith(Number),
  publishedAt: news.publishedAt,
  createdAt: news.createdAt,
  live: isLiveSql(sql`${news.id}`),
  imageInfo: imageInfoSql(sql`${news.imageUrl}`),
};

export type NewsRow = typeof news.$inferSelect;
export type NewsListRow = Pick<
  NewsRow,
  'id' | 'title' | 'description' | 'category' | 'imageUrl' | 'featured' | 'publishedAt' | 'createdAt'
> & {
  views: number;
  categoryName: string | null;
  categoryColor: string | null;
  live: boolean;
  imageInfo: ImageInfo | null;
};
export interface AuthorLink {
  id: number;
  username: string;
  fullName: string;
  avatarUrl: string | null;
}
export interface TagLink {
  name: string;
  slug: string;
}
export type NewsArticleRow = NewsListRow &
  Pick<NewsRow, 'content' | 'updatedAt' | 'modifiedAt' | 'byline' | 'sanitizedWith'> & {
    authors: AuthorLink[];
    tags: TagLink[];
  };
export type AdminNewsRow = NewsArticleRow &
  Pick<NewsRow, 'status' | 'version' | 'authorId' | 'updatedBy'> & {
    createdByName: string | null;
    updatedByName: string | null;
  };
export type AdminNewsListRow = NewsListRow &
  Pick<NewsRow, 'status' | 'updatedAt' | 'version' | 'authorId' | 'submittedAt'> & {
    staff: { id: number; fullName: string }[];
  };
export type NewsValues = Partial<
  Pick<
    NewsRow,
    | 'title'
    | 'description'
    | 'content'
    | 'category'
    | 'imageUrl'
    | 'featured'
    | 'status'
    | 'publishedAt'
    | 'modifiedAt'
    | 'byline'
    | 'sanitizedWith'
    | 'submittedAt'
    | 'submittedBy'
  >
>;
export type ReviewQueueRow = Pick<NewsRow, 'id' | 'title' | 'submittedAt' | 'submittedBy' | 'updatedAt'> & {
  categoryName: string | null;
  submittedByName: string | null;
};

/**
 * An admin search counts its matches among this many of the newest articles the other filters leave (about five
 * days of a busy paper, weeks of one section); past them the screen says "أكثر من …". Counting every match of a
 * common word is waste, and reading each article's title vector is what a count costs (about 1 µs an article).
 */
export const SEARCH_COUNT_SCAN = 500;

export interface AdminNewsFilter {
  /** A tsquery (already built from the words typed) or, for words the search ignores, a LIKE pattern. */
  match?: { tsquery: string } | { like: string };
  category?: string;
  status?: NewsStatus;
  author?: number;
}

/** The article's authors, in order, as JSON (one subquery; no extra round trip). */
const authorsJson = sql<AuthorLink[]>`(
  select coalesce(json_agg(json_build_object('id', ${admins.id}, 'username', ${admins.username},
    'fullName', ${admins.fullName}, 'avatarUrl', ${admins.avatarUrl}) order by ${newsAuthors.position}), '[]'::json)
  from ${newsAuthors} join ${admins} on ${admins.id} = ${newsAuthors.adminId}
  where ${newsAuthors.newsId} = ${news.id})`;
const tagsJson = sql<TagLink[]>`(
  select coalesce(json_agg(json_build_object('name', ${tags.name}, 'slug', ${tags.slug}) order by ${newsTags.position}),
    '[]'::json)
  from ${newsTags} join ${tags} on ${tags.id} = ${newsTags.tagId}
  where ${newsTags.newsId} = ${news.id})`;
const staffJson = sql<{ id: number; fullName: string }[]>`(
  select coalesce(json_agg(json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName})
    order by ${newsAuthors.position}), '[]'::json)
  from ${newsAuthors} join ${admins} on ${admins.id} = ${newsAuthors.adminId}
  where ${newsAuthors.newsId} = ${news.id})`;

const articleColumns = {
  ...listColumns,
  content: news.content,
  updatedAt: news.updatedAt,
  modifiedAt: news.modifiedAt,
  byline: news.byline,
  sanitizedWith: news.sanitizedWith,
  authors: authorsJson,
  tags: tagsJson,
};
const adminColumns = {
  ...articleColumns,
  status: news.status,
  version: news.version,
  authorId: news.authorId,
  updatedBy: news.updatedBy,
  createdByName: sql<string | null>`(select ${admins.fullName} from ${admins} where ${admins.id} = ${news.authorId})`,
  updatedByName: sql<string | null>`(select ${admins.fullName} from ${admins} where ${admins.id} = ${news.updatedBy})`,
};
const adminListColumns = {
  ...listColumns,
  status: news.status,
  updatedAt: news.updatedAt,
  submittedAt: news.submittedAt,
  version: news.version,
  authorId: news.authorId,
  staff: staffJson,
};

export function newsRepository(db: Db, now: () => Date) {
  /** Visible to readers: published, and its publication time has come. */
  const visible = (at: unknown = now()): SQL => sql`${news.status} = 'published' and ${news.publishedAt} <= ${at}`;

  // The reader-facing lists are prepared statements: built once here, parsed and planned once per connection by
  // PostgreSQL, then only executed (they run for every page a reader opens).
  const $ = sql.placeholder;
  const visibleNow = visible($('now'));
  const afterCursor = sql`(${news.publishedAt}, ${news.id}) < (${$('at')}, ${$('id')})`;
  const listQuery = (name: string, where?: SQL) =>
    db
      .select(listColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .leftJoin(newsViews, eq(newsViews.newsId, news.id))
      .where(and(visibleNow, where))
      .orderBy(...newestFirst)
      .limit($('limit'))
      .offset($('offset'))
      .prepare(`news_${name}`);
  // SPEC's offset paging: the ids of the page from the index alone (rows skipped are never joined or read), then
  // those rows. Deep offsets stay capped (OFFSET_MAX); cursors are the way further.
  const idsQuery = (name: string, where?: SQL) =>
    db
      .select({ id: news.id })
      .from(news)
      .where(and(visibleNow, where))
      .orderBy(...newestFirst)
      .limit($('limit'))
      .offset($('offset'))
      .prepare(`news_${name}_ids`);
  const prepared = {
    latestIds: idsQuery('latest'),
    byCategoryIds: idsQuery('by_category', eq(news.category, $('slug'))),
    latest: listQuery('latest'),
    latestBefore: listQuery('latest_before', afterCursor),
    featured: listQuery('featured', eq(news.featured, true)),
    byCategory: listQuery('by_category', eq(news.category, $('slug'))),
    byCategoryBefore: listQuery('by_category_before', and(eq(news.category, $('slug')), afterCursor)),
    relatedSame: listQuery(
      'related_same',
      and(eq(news.category, $('slug')), sql`${news.id} <> all(${$('exclude')}::int[])`),
    ),
    relatedRest: listQuery('related_rest', sql`${news.id} <> all(${$('exclude')}::int[])`),
    byIds: listQuery('by_ids', sql`${news.id} = any(${$('ids')}::int[])`),
    since: listQuery('since', sql`${news.publishedAt} >= ${$('since')}`),
    findVisible: db
      .select(articleColumns)
      .from(news)
      .leftJoin(categories, eq(categories.slug, news.category))
      .leftJoin(newsViews, eq(newsViews.newsId, news.id))
      .where(and(visibleNow, eq(news.id, $('id'))))
      .limit(1)
      .prepare('news_find_visible'),
  };
  const page = (limit: number, offset = 0) => ({ now: now(), limit, offset });
  const rows = (p: Promise<unknown>) => p as Promise<NewsListRow[]>;

  /** Ids in a given order, as list rows (only the visible ones). */
  async function listByIds(ids: number[]): Promise<NewsListRow[]> {
    if (!ids.length) return [];
    const found = await rows(prepared.byIds.execute({ ...page(ids.length), ids }));
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  // A tag's and an author's lists: prepared too, one statement per link table, with and without a cursor.
  const byLinkQuery = (
    link: typeof newsTags | typeof newsAuthors,
    keyColumn: typeof newsTags.tagId | typeof newsAuthors.adminId,
    name: string,
    cursor: boolean,
  ) =>
    db
      .select(listColumns)
      .from(link)
      .innerJoin(news, eq(news.id, link.newsId))
      .leftJoin(categories, eq(categories.slug, news.category))
      .leftJoin(newsViews, eq(newsViews.newsId, news.id))
      .where(
        and(
          eq(keyColumn, $('key')),
          sql`${link.visibleAt} is not null and ${link.visibleAt} <= ${$('now')}`,
          eq(news.status, 'published'),
          cursor ? sql`(${link.visibleAt}, ${link.newsId}) < (${$('at')}, ${$('id')})` : undefined,
        ),
      )
      .orderBy(sql`${link.visibleAt} desc nulls last`, sql`${link.newsId} desc nulls last`)
      .limit($('limit'))
      .prepare(`news_by_${name}${cursor ? '_before' : ''}`);
  const byLink = {
    tag: [byLinkQuery(newsTags, newsTags.tagId, 'tag', false), byLinkQuery(newsTags, newsTags.tagId, 'tag', true)],
    author: [
      byLinkQuery(newsAuthors, newsAuthors.adminId, 'author', false),
      byLinkQuery(newsAuthors, newsAuthors.adminId, 'author', true),
    ],
  } as const;
  const listByLink = (kind: keyof typeof byLink, key: number, limit: number, before?: NewsCursor) =>
    rows(
      before
        ? byLink[kind][1].execute({ ...page(limit), key, ...before })
        : byLink[kind][0].execute({ ...page(limit), key }),
    );

  return {
    visible,
    listLatest: async (limit: number, offset: number, before?: NewsCursor) =>
      before
        ? rows(prepared.latestBefore.execute({ ...page(limit), ...before }))
        : offset > 0
          ? listByIds((await prepared.latestIds.execute(page(limit, offset))).map((r) => r.id))
          : rows(prepared.latest.execute(page(limit, 0))),
    listFeatured: (limit: number) => rows(prepared.featured.execute(page(limit))),
    listByCategory: async (slug: string, limit: number, offset: number, before?: NewsCursor) =>
      before
        ? rows(prepared.byCategoryBefore.execute({ ...page(limit), slug, ...before }))
        : offset > 0
          ? listByIds((await prepared.byCategoryIds.execute({ ...page(limit, offset), slug })).map((r) => r.id))
          : rows(prepared.byCategory.execute({ ...page(limit, 0), slug })),
    listByIds,
    /**
     * Related news: articles sharing the most tags first, then the same section, then the most recent of the rest;
     * never the article itself. Says which lists it drew on (their cache tags go on the answer).
     */
    async listRelated(
      id: number,
      slug: string,
      limit: number,
    ): Promise<{ rows: NewsListRow[]; usedSection: boolean; usedLatest: boolean }> {
      const shared = await executeNamed<{ id: number }>(
        db,
        'news_related_tags',
        sql`select c.news_id as id
          from ${newsTags} t1
          cross join lateral (
            select t2.news_id, t2.visible_at from ${newsTags} t2
            where t2.tag_id = t1.tag_id and t2.visible_at is not null and t2.visible_at <= ${now()}
              and t2.news_id <> t1.news_id
            order by t2.visible_at desc nulls last, t2.news_id desc nulls last
            limit 50) c
          where t1.news_id = ${id}
          group by c.news_id
          order by count(*) desc, max(c.visible_at) desc, c.news_id desc
          limit ${limit}`,
      );
      const result = await listByIds(shared.map((r) => Number(r.id)));
      if (result.length >= limit) return { rows: result, usedSection: false, usedLatest: false };
      let exclude = [id, ...result.map((r) => r.id)];
      result.push(...(await rows(prepared.relatedSame.execute({ ...page(limit - result.length), slug, exclude }))));
      if (result.length >= limit) return { rows: result, usedSection: true, usedLatest: false };
      exclude = [id, ...result.map((r) => r.id)];
      result.push(...(await rows(prepared.relatedRest.execute({ ...page(limit - result.length), exclude }))));
      return { rows: result, usedSection: true, usedLatest: true };
    },
    /** A tag's or an author's visible news, newest first, by cursor: one index (news_*_visible_idx) in order. */
    listByTag: (tagId: number, limit: number, before?: NewsCursor) => listByLink('tag', tagId, limit, before),
    listByAuthor: (adminId: number, limit: number, before?: NewsCursor) => listByLink('author', adminId, limit, before),
    /**
     * Months (yyyy-MM, UTC) that have visible news, newest first: from news_months (kept by a trigger), a few dozen
     * rows however large the archive. The current month counts only once something in it is visible already.
     */
    async visibleMonths(): Promise<string[]> {
      const at = now();
      const thisMonth = utcMonthStart(at);
      const day = thisMonth.toISOString().slice(0, 10);
      const result = await db.execute<{ m: string }>(sql`
        select to_char(${newsMonths.month}, 'YYYY-MM') as m from ${newsMonths}
        where ${newsMonths.articles} > 0 and ${newsMonths.month} <= ${day}::date
          and (${newsMonths.month} < ${day}::date or exists (
            select 1 from ${news} where ${visible(at)} and ${news.publishedAt} >= ${thisMonth}))
        order by ${newsMonths.month} desc`);
      return result.rows.map((r) => r.m);
    },
    /** A month's visible articles for its sitemap: id and last change, newest first. */
    listMonth: (from: Date, to: Date) =>
      db
        .select({
          id: news.id,
          publishedAt: news.publishedAt,
          // A live coverage changes with its entries.
          modifiedAt: lastChangeSql(sql`${news.id}`, sql`${news.modifiedAt}`).mapWith(news.modifiedAt),
        })
        .from(news)
        .where(and(visible(), sql`${news.publishedAt} >= ${from} and ${news.publishedAt} < ${to}`))
        .orderBy(...newestFirst),
    /** Visible news published since `since` (the Google News sitemap's last 48 hours). */
    listPublishedSince: (since: Date, limit: number) => rows(prepared.since.execute({ ...page(limit), since })),
    async findVisible(id: number): Promise<NewsArticleRow | undefined> {
      const [row] = await prepared.findVisible.execute({ now: now(), id });
      return row as NewsArticleRow | undefined;
    },
    /** Author names of visible articles (feeds), by article id. */
    async authorNames(ids: number[]): Promise<Map<number, string[]>> {
      if (!ids.length) return new Map();
      const found = await db
        .select({ newsId: newsAuthors.newsId, fullName: admins.fullName })
        .from(newsAuthors)
        .innerJoin(admins, eq(admins.id, newsAuthors.adminId))
        .where(inArray(newsAuthors.newsId, ids))
        .orderBy(newsAuthors.newsId, newsAuthors.position);
      const map = new Map<number, string[]>();
      for (const r of found) map.set(r.newsId, [...(map.get(r.newsId) ?? []), r.fullName]);
      return map;
    },

    /** Staff: any article whatever its state. */
    async findById(id: number, ex: Executor = db): Promise<AdminNewsRow | undefined> {
      const [row] = await ex
        .select(adminColumns)
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .leftJoin(newsViews, eq(newsViews.newsId, news.id))
        .where(eq(news.id, id))
        .limit(1);
      return row as AdminNewsRow | undefined;
    },
    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: news.id }).from(news).where(eq(news.id, id)).limit(1);
      return !!row;
    },
    async lockById(id: number, ex: Executor): Promise<NewsRow | undefined> {
      const [row] = await ex.select().from(news).where(eq(news.id, id)).for('update');
      return row;
    },
    /** Whether the staff member created the article or is one of its authors (a writer's own work). */
    async isOwn(id: number, adminId: number, ex: Executor = db): Promise<boolean> {
      const result = await ex.execute<{ own: boolean }>(
        sql`select exists (select 1 from ${news} where ${news.id} = ${id} and ${news.authorId} = ${adminId})
          or exists (select 1 from ${newsAuthors} where ${newsAuthors.newsId} = ${id} and ${newsAuthors.adminId} = ${adminId})
          as own`,
      );
      return !!result.rows[0]?.own;
    },
    /** Builds a prefix query over titles and descriptions (title_vector) from typed words; null if none count. */
    async titleQuery(text: string): Promise<string | null> {
      const result = await db.execute<{ q: string | null }>(
        sql`select string_agg(quote_literal(lexeme) || ':*', ' & ') as q
          from unnest(to_tsvector('arabic'::regconfig, sahifa_search_text(${text})))`,
      );
      return result.rows[0]?.q ?? null;
    },
    async page(
      filter: AdminNewsFilter,
      q: PageQuery,
    ): Promise<{ rows: AdminNewsListRow[]; total: number; exact: boolean }> {
      const m = filter.match;
      const matches =
        m && 'tsquery' in m
          ? sql`${news.titleVector} @@ ${m.tsquery}::tsquery`
          : m && 'like' in m
            ? or(sql`${news.title} ilike ${m.like}`, sql`${news.description} ilike ${m.like}`)
            : undefined;
      const filtered = and(
        filter.category ? eq(news.category, filter.category) : undefined,
        filter.status ? eq(news.status, filter.status) : undefined,
        filter.author
          ? sql`${news.id} in (select ${newsAuthors.newsId} from ${newsAuthors} where ${newsAuthors.adminId} = ${filter.author})`
          : undefined,
      );
      const where = and(matches, filtered);
      // The page's ids first, from an index alone (no article row is read for the rows skipped), then those rows.
      const ids = db
        .select({ id: news.id })
        .from(news)
        .where(where)
        .orderBy(...lastChanged)
        .limit(q.pageSize)
        .offset(offsetOf(q));
      const rows = async () => {
        const pageIds = (await ids).map((r) => r.id);
        if (!pageIds.length) return [] as AdminNewsListRow[];
        return (await db
          .select(adminListColumns)
          .from(news)
          .leftJoin(categories, eq(categories.slug, news.category))
          .leftJoin(newsViews, eq(newsViews.newsId, news.id))
          .where(inArray(news.id, pageIds))
          .orderBy(...lastChanged)) as AdminNewsListRow[];
      };
      if (!matches) {
        // One author's articles alone are counted from that author's links (an index alone), not joined to news.
        if (!filtered) return pagedTable(db, rows(), news);
        const onlyAuthor = filter.author && !filter.category && !filter.status;
        const counting = onlyAuthor
          ? sql`select 1 from ${newsAuthors} where ${newsAuthors.adminId} = ${filter.author}`
          : sql`select 1 from ${news} where ${filtered}`;
        return paged(db, rows(), counting);
      }
      // A search counts its matches among the newest SEARCH_COUNT_SCAN articles the other filters leave: the
      // work is bounded whatever the archive's size or the word's frequency. Past them the total is "at least".
      const counted = async () => {
        const result = await db.execute<{ n: number; scanned: number }>(
          sql`select count(*) filter (where m)::int as n, count(*)::int as scanned from (
            select ${matches} as m from ${news} where ${filtered ?? sql`true`}
            order by ${news.id} desc limit ${SEARCH_COUNT_SCAN}) as newest`,
        );
        const { n = 0, scanned = 0 } = result.rows[0] ?? {};
        return { total: Number(n), exact: Number(scanned) < SEARCH_COUNT_SCAN };
      };
      const [r, count] = await Promise.all([rows(), counted()]);
      return { rows: r, ...count };
    },
    async insert(
      values: NewsValues & { title: string; category: string; authorId: number | null; at: Date },
      ex: Executor,
    ): Promise<number> {
      const { at, ...rest } = values;
      const [row] = await ex
        .insert(news)
        .values({ ...rest, updatedBy: rest.authorId, createdAt: at, updatedAt: at })
        .returning({ id: news.id });
      return row!.id;
    },
    /** Writes a change and moves the version on; the new version. */
    async update(
      id: number,
      values: NewsValues & { updatedAt: Date; updatedBy: number | null },
      ex: Executor,
    ): Promise<number> {
      const [row] = await ex
        .update(news)
        .set({ ...values, version: sql`${news.version} + 1` })
        .where(eq(news.id, id))
        .returning({ version: news.version });
      return row!.version;
    },
    async delete(id: number, ex: Executor): Promise<NewsRow | undefined> {
      const [row] = await ex.delete(news).where(eq(news.id, id)).returning();
      return row;
    },
    /** The review queue: articles in review, the longest waiting first (news_review_queue_idx), and how many. */
    async reviewQueue(limit: number): Promise<{ rows: ReviewQueueRow[]; total: number }> {
      const inReview = eq(news.status, 'review');
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: news.id,
            title: news.title,
            submittedAt: news.submittedAt,
            submittedBy: news.submittedBy,
            updatedAt: news.updatedAt,
            categoryName: categories.name,
            submittedByName: admins.fullName,
          })
          .from(news)
          .leftJoin(categories, eq(categories.slug, news.category))
          .leftJoin(admins, eq(admins.id, news.submittedBy))
          .where(inReview)
          .orderBy(news.submittedAt, news.id)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(news)
          .where(inReview),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    /** Scheduled articles whose minute has come, locked for publishing (SKIP LOCKED: one instance takes each). */
    async lockDue(at: Date, limit: number, ex: Executor): Promise<NewsRow[]> {
      return ex
        .select()
        .from(news)
        .where(and(eq(news.status, 'scheduled'), sql`${news.publishedAt} <= ${at}`))
        .orderBy(news.publishedAt)
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Staff ids that exist, of those given. */
    async existingStaff(ids: number[], ex: Executor): Promise<number[]> {
      if (!ids.length) return [];
      const found = await ex.select({ id: admins.id }).from(admins).where(inArray(admins.id, ids));
      return found.map((r) => r.id);
    },
    async setAuthors(id: number, adminIds: number[], visibleAt: Date | null, ex: Executor): Promise<void> {
      await ex.delete(newsAuthors).where(eq(newsAuthors.newsId, id));
      if (adminIds.length)
        await ex
          .insert(newsAuthors)
          .values(adminIds.map((adminId, position) => ({ newsId: id, adminId, position, visibleAt })));
    },
    async setTags(id: number, tagIds: number[], visibleAt: Date | null, ex: Executor): Promise<void> {
      await ex.delete(newsTags).where(eq(newsTags.newsId, id));
      if (tagIds.length)
        await ex.insert(newsTags).values(tagIds.map((tagId, position) => ({ newsId: id, tagId, position, visibleAt })));
    },
    /** Keeps the link tables' copy of "visible since" in step with the article (tag and author pages read it). */
    /** Both link tables follow the article's visibility, in one statement (one round trip). */
    async syncVisibility(id: number, visibleAt: Date | null, ex: Executor): Promise<void> {
      const at = visibleAt ? visibleAt.toISOString() : null;
      await ex.execute(sql`with authors as (
          update ${newsAuthors} set visible_at = ${at}::timestamptz where ${newsAuthors.newsId} = ${id}
        )
        update ${newsTags} set visible_at = ${at}::timestamptz where ${newsTags.newsId} = ${id}`);
    },
    async authorIds(id: number, ex: Executor = db): Promise<number[]> {
      const found = await ex
        .select({ id: newsAuthors.adminId })
        .from(newsAuthors)
        .where(eq(newsAuthors.newsId, id))
        .orderBy(newsAuthors.position);
      return found.map((r) => r.id);
    },
    async tagNames(id: number, ex: Executor = db): Promise<string[]> {
      const found = await ex
        .select({ name: tags.name })
        .from(newsTags)
        .innerJoin(tags, eq(tags.id, newsTags.tagId))
        .where(eq(newsTags.newsId, id))
        .orderBy(newsTags.position);
      return found.map((r) => r.name);
    },
  };
}
export type NewsRepository = ReturnType<typeof newsRepository>;
