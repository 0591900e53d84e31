/** What an article said at each save (news_revisions), for the history, the diff and restore. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { newsRevisions } from '../../db/schema/newsroom';

export type RevisionRow = typeof newsRevisions.$inferSelect;
export type RevisionSnapshot = Pick<
  RevisionRow,
  'title' | 'description' | 'content' | 'category' | 'imageUrl' | 'byline'
> & { authors: { id: number; fullName: string }[]; tags: string[] };

/** What a revision keeps of an article as the newsroom reads it. */
export const snapshotOf = (row: {
  title: string;
  description: string;
  content: string;
  category: string;
  imageUrl: string | null;
  byline: string;
  authors: { id: number; fullName: string }[];
  tags: { name: string }[];
}): RevisionSnapshot => ({
  title: row.title,
  description: row.description,
  content: row.content,
  category: row.category,
  imageUrl: row.imageUrl,
  byline: row.byline,
  authors: row.authors.map((a) => ({ id: a.id, fullName: a.fullName })),
  tags: row.tags.map((t) => t.name),
});

const summaryColumns = {
  id: newsRevisions.id,
  version: newsRevisions.version,
  adminName: newsRevisions.adminName,
  reason: newsRevisions.reason,
  title: newsRevisions.title,
  note: newsRevisions.note,
  createdAt: newsRevisions.createdAt,
};
const newestFirst = [sql`${newsRevisions.createdAt} desc nulls last`, sql`${newsRevisions.id} desc nulls last`];

export function newsRevisionsRepository(db: Db) {
  return {
    async latest(newsId: number, ex: Executor = db): Promise<RevisionRow | undefined> {
      const [row] = await ex
        .select()
        .from(newsRevisions)
        .where(eq(newsRevisions.newsId, newsId))
        .orderBy(...newestFirst)
        .limit(1);
      return row;
    },
    list: (newsId: number, limit: number, offset: number) =>
      db
        .select(summaryColumns)
        .from(newsRevisions)
        .where(eq(newsRevisions.newsId, newsId))
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
    count: async (newsId: number) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsRevisions)
        .where(eq(newsRevisions.newsId, newsId));
      return row?.n ?? 0;
    },
    async find(newsId: number, id: number): Promise<RevisionRow | undefined> {
      const [row] = await db
        .select()
        .from(newsRevisions)
        .where(and(eq(newsRevisions.newsId, newsId), eq(newsRevisions.id, id)))
        .limit(1);
      return row;
    },
    async insert(
      values: RevisionSnapshot & {
        newsId: number;
        version: number;
        adminId: number | null;
        adminName: string;
        reason: string;
        at: Date;
        /** A note told to readers with this revision (a correction's text). */
        note?: string;
      },
      ex: Executor,
    ): Promise<void> {
      const { at, ...rest } = values;
      await ex.insert(newsRevisions).values({ ...rest, createdAt: at });
    },
    /**
     * The pruning rule: every revision of the last `keepDays` days stays; older ones keep the last of each Tripoli
     * day per article (so the newest revision of an article always stays). Returns how many went.
     */
    async prune(cutoff: Date): Promise<number> {
      const result = await db.execute(sql`
        delete from ${newsRevisions} r using (
          select id, row_number() over (
            partition by news_id, (created_at at time zone 'Africa/Tripoli')::date
            order by created_at desc, id desc) as rn
          from ${newsRevisions} where created_at < ${cutoff}) old
        where r.id = old.id and old.rn > 1`);
      return result.rowCount ?? 0;
    },
  };
}
export type NewsRevisionsRepository = ReturnType<typeof newsRevisionsRepository>;

const sameSnapshot = (a: RevisionSnapshot, b: RevisionRow) =>
  a.title === b.title &&
  a.description === b.description &&
  a.content === b.content &&
  a.category === b.category &&
  a.imageUrl === b.imageUrl &&
  a.byline === b.byline &&
  JSON.stringify(a.authors.map((x) => x.id)) === JSON.stringify((b.authors as { id: number }[]).map((x) => x.id)) &&
  JSON.stringify(a.tags) === JSON.stringify(b.tags);

/**
 * Keeps a revision of the article as it is now if what it says differs from its last revision, or always with
 * `force` (a restore's record, a note told to readers, which carries its text). Whether one was kept.
 */
export async function keepRevisionOf(
  revisions: NewsRevisionsRepository,
  row: Parameters<typeof snapshotOf>[0] & { id: number; version: number },
  how: {
    staff: { id: number | null; username: string; fullName?: string };
    reason: string;
    at: Date;
    force?: boolean;
    note?: string;
  },
  ex: Executor,
): Promise<boolean> {
  const snap = snapshotOf(row);
  const last = await revisions.latest(row.id, ex);
  if (!how.force && last && sameSnapshot(snap, last)) return false;
  await revisions.insert(
    {
      ...snap,
      newsId: row.id,
      version: row.version,
      adminId: how.staff.id,
      adminName: how.staff.fullName ?? how.staff.username,
      reason: how.reason,
      at: how.at,
      ...(how.note !== undefined ? { note: how.note } : {}),
    },
    ex,
  );
  return true;
}
