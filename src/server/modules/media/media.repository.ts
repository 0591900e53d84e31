/**
 * Every statement about the media library: images, what readers are told about them, and where they are used. The
 * library's page reads one index in order whatever its size (media_created_idx, media_uploader_idx, or the search's
 * GIN index), then only the page's rows and their uses.
 */
import { adCampaigns, adCreatives } from '../../db/schema/ads';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db, Executor } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { media, news } from '../../db/schema/content';
import { mediaUsages } from '../../db/schema/editorial';
import { liveEntries } from '../../db/schema/live';
import { newsAutosaves, newsRevisions } from '../../db/schema/newsroom';
import { offsetOf, paged, pagedTable } from '../../lib/paging';
import { MEDIA_USES_SHOWN } from '../../../shared/schemas/media';
import { mediaIdSql } from './media.sql';

export type MediaValues = typeof media.$inferInsert;
export type MediaRow = Omit<typeof media.$inferSelect, 'searchVector'>;
export type MediaListRow = MediaRow & {
  createdByName: string | null;
  uses: { newsId: number; title: string; status: string }[];
  useCount: number;
};
/** What readers are told about an image (figures, galleries, cards). */
export type MediaMeta = Pick<
  MediaRow,
  'id' | 'width' | 'height' | 'alt' | 'caption' | 'credit' | 'source' | 'focusX' | 'focusY'
>;
export type MediaText = Pick<MediaRow, 'alt' | 'caption' | 'credit' | 'source' | 'focusX' | 'focusY'>;

export interface MediaFilter {
  /** A prefix tsquery built from the words typed (mediaRepository.searchQuery). */
  tsquery?: string;
  uploader?: number;
  from?: Date;
  to?: Date;
}

/** Where an image is used, for a refused delete: articles (and how), and staff photos. */
export interface MediaUsedBy {
  articles: { newsId: number; title: string; how: 'article' | 'revision' | 'autosave' | 'live' }[];
  staff: string[];
  /** Advertising campaigns whose creatives show it. */
  campaigns: string[];
}

const columns = {
  id: media.id,
  originalName: media.originalName,
  sourceType: media.sourceType,
  width: media.width,
  height: media.height,
  widths: media.widths,
  bytes: media.bytes,
  alt: media.alt,
  caption: media.caption,
  credit: media.credit,
  source: media.source,
  focusX: media.focusX,
  focusY: media.focusY,
  createdBy: media.createdBy,
  createdAt: media.createdAt,
  updatedAt: media.updatedAt,
  updatedBy: media.updatedBy,
};
const metaColumns = {
  id: media.id,
  width: media.width,
  height: media.height,
  alt: media.alt,
  caption: media.caption,
  credit: media.credit,
  source: media.source,
  focusX: media.focusX,
  focusY: media.focusY,
};
const newestFirst = [sql`${media.createdAt} desc nulls last`, sql`${media.id} desc nulls last`];

export function mediaRepository(db: Db) {
  /** The first uses of each image of a page (newest articles first) and how many in all, in one statement. */
  async function usesOf(ids: string[]): Promise<Map<string, { uses: MediaListRow['uses']; count: number }>> {
    const out = new Map<string, { uses: MediaListRow['uses']; count: number }>();
    if (!ids.length) return out;
    const result = await db.execute<{ media_id: string; news_id: number; title: string; status: string; n: number }>(
      sql`select u.media_id, n.id as news_id, n.title, n.status, u.n
        from (select ${mediaUsages.mediaId} as media_id, ${mediaUsages.newsId} as news_id,
                row_number() over (partition by ${mediaUsages.mediaId} order by ${mediaUsages.newsId} desc) as rn,
                count(*) over (partition by ${mediaUsages.mediaId}) as n
              from ${mediaUsages} where ${mediaUsages.mediaId} = any(${sql.param(ids)}::uuid[])) u
        join ${news} n on n.id = u.news_id
        where u.rn <= ${MEDIA_USES_SHOWN}
        order by u.media_id, n.id desc`,
    );
    for (const r of result.rows) {
      const entry = out.get(r.media_id) ?? { uses: [], count: Number(r.n) };
      entry.uses.push({ newsId: Number(r.news_id), title: r.title, status: r.status });
      out.set(r.media_id, entry);
    }
    return out;
  }

  async function withUses(rows: (MediaRow & { createdByName: string | null })[]): Promise<MediaListRow[]> {
    const uses = await usesOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, uses: uses.get(r.id)?.uses ?? [], useCount: uses.get(r.id)?.count ?? 0 }));
  }

  const listed = { ...columns, createdByName: admins.fullName };

  return {
    async insert(values: MediaValues, ex: Executor): Promise<void> {
      await ex.insert(media).values(values);
    },
    /** Locks the row for the rest of the transaction (a delete or an edit against a concurrent one). */
    async findForUpdate(id: string, ex: Executor): Promise<MediaRow | undefined> {
      const [row] = await ex.select(columns).from(media).where(eq(media.id, id)).for('update');
      return row;
    },
    async find(id: string, ex: Executor = db): Promise<MediaListRow | undefined> {
      const [row] = await ex
        .select(listed)
        .from(media)
        .leftJoin(admins, eq(admins.id, media.createdBy))
        .where(eq(media.id, id));
      return row ? (await withUses([row]))[0] : undefined;
    },
    /** What readers are told about these images (the ones that exist), by id. */
    async metaOf(ids: string[], ex: Executor = db): Promise<Map<string, MediaMeta>> {
      if (!ids.length) return new Map();
      const rows = await ex.select(metaColumns).from(media).where(inArray(media.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },
    /** How the newsroom names pictures in a message: the caption's start, else the file's name. */
    async namesOf(ids: string[], ex: Executor = db): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await ex
        .select({ id: media.id, caption: media.caption, name: media.originalName })
        .from(media)
        .where(inArray(media.id, ids));
      return new Map(rows.map((r) => [r.id, r.caption ? r.caption.slice(0, 60) : r.name]));
    },
    /** An article's picture and body as stored (its uses are worked out from them). */
    async articleMedia(
      newsId: number,
      ex: Executor,
    ): Promise<{ imageUrl: string | null; content: string } | undefined> {
      const [row] = await ex
        .select({ imageUrl: news.imageUrl, content: news.content })
        .from(news)
        .where(eq(news.id, newsId));
      return row;
    },
    async update(id: string, values: MediaText & { updatedAt: Date; updatedBy: number | null }, ex: Executor) {
      await ex.update(media).set(values).where(eq(media.id, id));
    },
    /** A prefix query over the library's words, folded and stemmed as the site search does; null if no word counts. */
    async searchQuery(text: string): Promise<string | null> {
      const result = await db.execute<{ q: string | null }>(
        sql`select string_agg(quote_literal(lexeme) || ':*', ' & ') as q
          from unnest(to_tsvector('arabic'::regconfig, sahifa_search_text(${text})))`,
      );
      return result.rows[0]?.q ?? null;
    },
    /** A page of the library, newest first, with each image's uploader and its first uses. */
    async page(filter: MediaFilter, q: PageQuery): Promise<{ rows: MediaListRow[]; total: number; exact: boolean }> {
      const where: SQL | undefined = and(
        filter.tsquery ? sql`${media.searchVector} @@ ${filter.tsquery}::tsquery` : undefined,
        filter.uploader ? eq(media.createdBy, filter.uploader) : undefined,
        filter.from ? sql`${media.createdAt} >= ${filter.from}` : undefined,
        filter.to ? sql`${media.createdAt} < ${filter.to}` : undefined,
      );
      // The page's ids from an index alone, then only those rows.
      const rows = async () => {
        const ids = (
          await db
            .select({ id: media.id })
            .from(media)
            .where(where)
            .orderBy(...newestFirst)
            .limit(q.pageSize)
            .offset(offsetOf(q))
        ).map((r) => r.id);
        if (!ids.length) return [];
        const found = await db
          .select(listed)
          .from(media)
          .leftJoin(admins, eq(admins.id, media.createdBy))
          .where(inArray(media.id, ids))
          .orderBy(...newestFirst);
        return withUses(found);
      };
      if (!where) return pagedTable(db, rows(), media);
      return paged(db, rows(), sql`select 1 from ${media} where ${where}`);
    },
    /** Staff who have uploaded to the library (the uploader filter), by name. */
    uploaders: () =>
      db
        .selectDistinct({ id: admins.id, fullName: admins.fullName })
        .from(admins)
        .where(sql`exists (select 1 from ${media} where ${media.createdBy} = ${admins.id})`)
        .orderBy(admins.fullName),

    /** The articles that show any of these images now (their uses), for the publishing and alt checks. */
    async articlesUsing(id: string, ex: Executor = db): Promise<{ id: number; title: string; status: string }[]> {
      return ex
        .select({ id: news.id, title: news.title, status: news.status })
        .from(mediaUsages)
        .innerJoin(news, eq(news.id, mediaUsages.newsId))
        .where(eq(mediaUsages.mediaId, id))
        .orderBy(sql`${news.id} desc`);
    },
    /**
     * Makes the article's (or coverage's) recorded uses exactly `ids` plus what its live entries show, in one
     * statement (a save's round trips are counted): ids that name no library picture are left out.
     */
    async setUses(newsId: number, ids: string[], ex: Executor): Promise<void> {
      await ex.execute(sql`with wanted as (
          select m.id from ${media} m
          where m.id = any(${sql.param(ids)}::uuid[])
            or m.id in (select ${mediaIdSql('e.image_url')} from ${liveEntries} e
              where e.news_id = ${newsId} and e.deleted_at is null and e.image_url like '/media/%')),
        gone as (delete from ${mediaUsages} u where u.news_id = ${newsId} and u.media_id not in (select id from wanted))
        insert into ${mediaUsages} (media_id, news_id) select id, ${newsId} from wanted
        on conflict do nothing`);
    },
    /**
     * Everything that still shows the image: articles (their picture or body), their kept revisions and autosaves,
     * live entries, staff photos. The id anywhere: the stored /media/… path, a block's attribute, or a CDN's address
     * pasted into a body.
     */
    async usedBy(id: string, ex: Executor): Promise<MediaUsedBy> {
      const pattern = `%${id}%`;
      const result = await ex.execute<{ news_id: number; title: string; how: MediaUsedBy['articles'][number]['how'] }>(
        sql`select distinct on (news_id) news_id, title, how from (
          select n.id as news_id, n.title, 'article' as how, 0 as rank from ${news} n
            where n.id in (select ${mediaUsages.newsId} from ${mediaUsages} where ${mediaUsages.mediaId} = ${id}::uuid)
              or n.image_url like ${pattern} or n.content like ${pattern}
          union all
          select n.id, n.title, 'live', 1 from ${liveEntries} e join ${news} n on n.id = e.news_id
            where e.deleted_at is null and (e.image_url like ${pattern} or e.body like ${pattern})
          union all
          select n.id, n.title, 'revision', 2 from ${newsRevisions} r join ${news} n on n.id = r.news_id
            where r.image_url like ${pattern} or r.content like ${pattern}
          union all
          select n.id, n.title, 'autosave', 3 from ${newsAutosaves} a join ${news} n on n.id = a.news_id
            where a.payload::text like ${pattern}
        ) uses order by news_id desc, rank`,
      );
      const staff = await ex
        .select({ fullName: admins.fullName })
        .from(admins)
        .where(sql`${admins.avatarUrl} like ${pattern}`);
      const campaigns = await ex
        .selectDistinct({ name: adCampaigns.name })
        .from(adCreatives)
        .innerJoin(adCampaigns, eq(adCampaigns.id, adCreatives.campaignId))
        .where(sql`${adCreatives.desktopMediaId} = ${id}::uuid or ${adCreatives.phoneMediaId} = ${id}::uuid`);
      return {
        articles: result.rows.map((r) => ({ newsId: Number(r.news_id), title: r.title, how: r.how })),
        staff: staff.map((s) => s.fullName),
        campaigns: campaigns.map((c) => c.name),
      };
    },
    async delete(id: string, ex: Executor): Promise<void> {
      await ex.delete(media).where(eq(media.id, id));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
