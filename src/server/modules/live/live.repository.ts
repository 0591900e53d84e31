/** All SQL of live coverage: coverages, their entries (tombstones included) and their change numbers. */
import { and, desc, eq, gt, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIVE_PAGE_SIZE, LIVE_POLL_WINDOW, type LiveState } from '../../../shared/schemas/live';
import type { NewsCursor } from '../../../shared/cursor';
import type { Db, Executor } from '../../db/client';
import { news } from '../../db/schema/content';
import { liveCoverages, liveEntries } from '../../db/schema/live';
import { newsAuthors } from '../../db/schema/newsroom';

export interface EntryAuthor {
  id: number | null;
  username: string;
  fullName: string;
}

export type CoverageRow = typeof liveCoverages.$inferSelect;
export type EntryRow = Omit<typeof liveEntries.$inferSelect, 'authors'> & { authors: EntryAuthor[] };

export interface CoverageWithArticle extends CoverageRow {
  title: string;
  status: string;
  publishedAt: Date | null;
  authorId: number | null;
  entryCount: number;
}

export interface KeyEventRow {
  id: number;
  label: string;
  createdAt: Date;
}

/** A coverage with what the poll needs, read in one statement. */
export interface PollRow {
  coverage: CoverageRow & { entryCount: number };
  keyEvents: KeyEventRow[];
  changes: EntryRow[];
}

/** Visible to readers: the article is published and its time has come. */
const publicArticle = (now: Date | Placeholder) =>
  sql`exists (select 1 from news n where n.id = ${liveCoverages.newsId} and n.status = 'published' and n.published_at <= ${now})`;

const liveEntryCount = sql<number>`(select count(*)::int from live_entries e where e.news_id = ${liveCoverages.newsId} and e.deleted_at is null)`;

const withArticleColumns = {
  coverage: liveCoverages,
  title: news.title,
  status: news.status,
  publishedAt: news.publishedAt,
  authorId: news.authorId,
  entryCount: liveEntryCount,
};
const withArticle = ({
  coverage,
  ...article
}: { coverage: CoverageRow } & Omit<CoverageWithArticle, keyof CoverageRow>): CoverageWithArticle => ({
  ...coverage,
  ...article,
});

/** Whether a staff member writes an article: its creator or one of its authors. */
const writes = (newsId: SQL, adminId: number) =>
  sql<boolean>`(exists (select 1 from news w where w.id = ${newsId} and w.author_id = ${adminId})
    or exists (select 1 from ${newsAuthors} wa where wa.news_id = ${newsId} and wa.admin_id = ${adminId}))`;

const newestFirst = [desc(liveEntries.createdAt), desc(liveEntries.id)];

const toDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** Rows of json_agg come back with snake_case keys and ISO strings. */
function entryFromJson(r: Record<string, unknown>): EntryRow {
  return {
    id: Number(r.id),
    newsId: Number(r.news_id),
    seq: Number(r.seq),
    version: Number(r.version),
    body: String(r.body),
    imageUrl: (r.image_url as string | null) ?? null,
    imageCaption: String(r.image_caption ?? ''),
    embedUrl: (r.embed_url as string | null) ?? null,
    keyEvent: (r.key_event as string | null) ?? null,
    authors: r.authors as EntryAuthor[],
    createdBy: (r.created_by as number | null) ?? null,
    createdAt: toDate(r.created_at as string)!,
    updatedAt: toDate(r.updated_at as string)!,
    deletedAt: toDate(r.deleted_at as string | null),
  };
}

export function liveRepository(db: Db) {
  // Every article page asks whether it is a coverage: a named statement, planned once per connection (db/named.ts).
  const publicCoverageQuery = db
    .select({ coverage: liveCoverages, entryCount: liveEntryCount })
    .from(liveCoverages)
    .where(and(eq(liveCoverages.newsId, sql.placeholder('id')), publicArticle(sql.placeholder('now'))))
    .prepare('live_public_coverage');
  return {
    // Reader side

    /** A public coverage (the article is published), or undefined. */
    async publicCoverage(newsId: number, now: Date) {
      const [row] = await publicCoverageQuery.execute({ id: newsId, now });
      return row ? { ...row.coverage, entryCount: row.entryCount } : undefined;
    },

    async keyEvents(newsId: number): Promise<KeyEventRow[]> {
      const rows = await db
        .select({ id: liveEntries.id, label: liveEntries.keyEvent, createdAt: liveEntries.createdAt })
        .from(liveEntries)
        .where(
          and(eq(liveEntries.newsId, newsId), isNull(liveEntries.deletedAt), sql`${liveEntries.keyEvent} is not null`),
        )
        .orderBy(desc(liveEntries.createdAt));
      return rows.map((r) => ({ ...r, label: r.label ?? '' }));
    },

    async entry(newsId: number, entryId: number, ex: Executor = db): Promise<EntryRow | undefined> {
      const [row] = await ex
        .select()
        .from(liveEntries)
        .where(and(eq(liveEntries.newsId, newsId), eq(liveEntries.id, entryId)));
      return row as EntryRow | undefined;
    },

    /** Entries newest first by creation, after a cursor: new arrivals never shift a page. One more than asked. */
    async page(newsId: number, before: NewsCursor | null, limit = LIVE_PAGE_SIZE): Promise<EntryRow[]> {
      const after = before
        ? or(
            lt(liveEntries.createdAt, before.at),
            and(eq(liveEntries.createdAt, before.at), lt(liveEntries.id, before.id)),
          )
        : undefined;
      const rows = await db
        .select()
        .from(liveEntries)
        .where(and(eq(liveEntries.newsId, newsId), isNull(liveEntries.deletedAt), after))
        .orderBy(...newestFirst)
        .limit(limit + 1);
      return rows as EntryRow[];
    },

    /**
     * The poll, in one statement: the coverage (if readers may see it), its key events and its latest changes
     * (entries and tombstones), newest change first.
     */
    async poll(newsId: number, now: Date): Promise<PollRow | undefined> {
      const { rows } = await db.execute<{
        coverage: Record<string, unknown>;
        key_events: unknown;
        changes: unknown;
      }>(sql`
        select to_jsonb(c) || jsonb_build_object('entry_count',
                 (select count(*) from live_entries e where e.news_id = c.news_id and e.deleted_at is null)) as coverage,
          coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'label', k.key_event, 'created_at', k.created_at)
                                     order by k.created_at desc)
                    from live_entries k
                    where k.news_id = c.news_id and k.deleted_at is null and k.key_event is not null), '[]') as key_events,
          coalesce((select jsonb_agg(to_jsonb(x) order by x.seq desc)
                    from (select * from live_entries e where e.news_id = c.news_id
                          order by e.seq desc limit ${LIVE_POLL_WINDOW}) x), '[]') as changes
        from live_coverages c
        join news n on n.id = c.news_id and n.status = 'published' and n.published_at <= ${now}
        where c.news_id = ${newsId}`);
      const r = rows[0];
      if (!r) return undefined;
      const c = r.coverage;
      return {
        coverage: {
          newsId: Number(c.news_id),
          state: c.state as LiveState,
          startedAt: toDate(c.started_at as string)!,
          endedAt: toDate(c.ended_at as string | null),
          pinnedEntryId: (c.pinned_entry_id as number | null) ?? null,
          lastSeq: Number(c.last_seq),
          lastEntryAt: toDate(c.last_entry_at as string | null),
          startedBy: (c.started_by as number | null) ?? null,
          entryCount: Number(c.entry_count),
        },
        keyEvents: (r.key_events as Record<string, unknown>[]).map((k) => ({
          id: Number(k.id),
          label: String(k.label),
          createdAt: toDate(k.created_at as string)!,
        })),
        changes: (r.changes as Record<string, unknown>[]).map(entryFromJson),
      };
    },

    // Newsroom side

    async coverage(newsId: number, ex: Executor = db): Promise<CoverageWithArticle | undefined> {
      const [row] = await ex
        .select(withArticleColumns)
        .from(liveCoverages)
        .innerJoin(news, eq(news.id, liveCoverages.newsId))
        .where(eq(liveCoverages.newsId, newsId));
      return row && withArticle(row);
    },

    /** Locks the coverage row: every change to a coverage is serialised on it (its change numbers are in order). */
    async lockCoverage(newsId: number, tx: Executor): Promise<CoverageRow | undefined> {
      const [row] = await tx.select().from(liveCoverages).where(eq(liveCoverages.newsId, newsId)).for('update');
      return row;
    },

    /** Newest first; at most `limit` (the newsroom's list), each saying whether this staff member writes it. */
    async list(limit: number, adminId: number): Promise<(CoverageWithArticle & { writes: boolean })[]> {
      const rows = await db
        .select({ ...withArticleColumns, writes: writes(sql`${liveCoverages.newsId}`, adminId) })
        .from(liveCoverages)
        .innerJoin(news, eq(news.id, liveCoverages.newsId))
        .orderBy(sql`${liveCoverages.state} = 'ended'`, desc(liveCoverages.startedAt))
        .limit(limit);
      return rows.map(({ writes: w, ...r }) => ({ ...withArticle(r), writes: w }));
    },

    /** Every change after `since` (tombstones included), oldest first; with since 0 every entry ever posted. */
    async changesSince(newsId: number, since: number, limit: number): Promise<EntryRow[]> {
      const rows = await db
        .select()
        .from(liveEntries)
        .where(and(eq(liveEntries.newsId, newsId), gt(liveEntries.seq, since)))
        .orderBy(liveEntries.seq)
        .limit(limit);
      return rows as EntryRow[];
    },

    /** Is this staff member named on the article (its creator or one of its authors)? */
    async writesFor(newsId: number, adminId: number, ex: Executor = db): Promise<boolean> {
      const { rows } = await ex.execute<{ writes: boolean }>(sql`select ${writes(sql`${newsId}`, adminId)} as writes`);
      return rows[0]!.writes;
    },

    async articleExists(newsId: number, ex: Executor = db) {
      const [row] = await ex.select({ id: news.id }).from(news).where(eq(news.id, newsId)).for('share');
      return !!row;
    },

    async start(newsId: number, at: Date, by: number | null, tx: Executor) {
      const [row] = await tx
        .insert(liveCoverages)
        .values({ newsId, state: 'live', startedAt: at, startedBy: by, lastSeq: 1 })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Takes the coverage's next change number (the row must be locked by this transaction). */
    async nextSeq(newsId: number, at: Date | null, tx: Executor): Promise<number> {
      const [row] = await tx
        .update(liveCoverages)
        .set({
          lastSeq: sql`${liveCoverages.lastSeq} + 1`,
          ...(at ? { lastEntryAt: at } : {}),
        })
        .where(eq(liveCoverages.newsId, newsId))
        .returning({ seq: liveCoverages.lastSeq });
      return row!.seq;
    },

    async setState(newsId: number, state: LiveState, at: Date, tx: Executor) {
      await tx
        .update(liveCoverages)
        .set(state === 'ended' ? { state, endedAt: at } : { state, endedAt: null })
        .where(eq(liveCoverages.newsId, newsId));
    },

    async setPinned(newsId: number, entryId: number | null, tx: Executor) {
      await tx.update(liveCoverages).set({ pinnedEntryId: entryId }).where(eq(liveCoverages.newsId, newsId));
    },

    async insertEntry(
      values: Pick<
        EntryRow,
        'newsId' | 'seq' | 'body' | 'imageUrl' | 'imageCaption' | 'embedUrl' | 'keyEvent' | 'authors' | 'createdBy'
      > & { at: Date },
      tx: Executor,
    ): Promise<EntryRow> {
      const { at, ...rest } = values;
      const [row] = await tx
        .insert(liveEntries)
        .values({ ...rest, createdAt: at, updatedAt: at })
        .returning();
      return row as EntryRow;
    },

    async updateEntry(
      id: number,
      values: Pick<EntryRow, 'seq' | 'body' | 'imageUrl' | 'imageCaption' | 'embedUrl' | 'keyEvent' | 'authors'> & {
        at: Date;
      },
      tx: Executor,
    ): Promise<EntryRow> {
      const { at, ...rest } = values;
      const [row] = await tx
        .update(liveEntries)
        .set({ ...rest, updatedAt: at, version: sql`${liveEntries.version} + 1` })
        .where(eq(liveEntries.id, id))
        .returning();
      return row as EntryRow;
    },

    /** An entry deleted: its text goes, a tombstone with the new change number stays. */
    async tombstone(id: number, seq: number, at: Date, tx: Executor) {
      await tx
        .update(liveEntries)
        .set({
          seq,
          deletedAt: at,
          updatedAt: at,
          body: '',
          imageUrl: null,
          embedUrl: null,
          keyEvent: null,
          imageCaption: '',
          version: sql`${liveEntries.version} + 1`,
        })
        .where(eq(liveEntries.id, id));
    },
  };
}
export type LiveRepository = ReturnType<typeof liveRepository>;
