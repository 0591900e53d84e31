/** What an article said at each save (news_revisions), for the history, the diff and restore. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { newsRevisions } from '../../db/schema/newsroom';

export type RevisionRow = typeof newsRevisions.$inferSelect;
export type RevisionSnapshot = Pick<
  RevisionRow,
  'title' | 'description' | 'content' | 'category' | 'imageUrl' | 'byline'
> & { authors: { id: number; fullName: string }[]; tags: string[] };

const summaryColumns = {
  id: newsRevisions.id,
  version: newsRevisions.version,
  adminName: newsRevisions.adminName,
  reason: newsRevisions.reason,
  title: newsRevisions.title,
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
