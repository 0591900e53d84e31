/** Notes told to readers on an article (news_notes), and the public page of corrections. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CORRECTIONS_PAGE_KINDS, type NoteKind } from '../../../shared/schemas/corrections';
import type { Db, Executor } from '../../db/client';
import { news } from '../../db/schema/content';
import { newsNotes } from '../../db/schema/editorial';

export type NoteRow = typeof newsNotes.$inferSelect;
export type CorrectionsPageRow = Pick<NoteRow, 'id' | 'kind' | 'body' | 'createdAt'> & {
  newsId: number;
  title: string;
};

export function correctionsRepository(db: Db, now: () => Date) {
  return {
    async insert(
      values: { newsId: number; kind: NoteKind; body: string; at: Date; by: number | null; byName: string },
      ex: Executor,
    ): Promise<NoteRow> {
      const [row] = await ex
        .insert(newsNotes)
        .values({
          newsId: values.newsId,
          kind: values.kind,
          body: values.body,
          createdAt: values.at,
          createdBy: values.by,
          createdByName: values.byName,
        })
        .returning();
      return row!;
    },
    async findForUpdate(newsId: number, id: number, ex: Executor): Promise<NoteRow | undefined> {
      const [row] = await ex
        .select()
        .from(newsNotes)
        .where(and(eq(newsNotes.newsId, newsId), eq(newsNotes.id, id)))
        .for('update');
      return row;
    },
    async remove(id: number, values: { at: Date; by: number | null; byName: string; reason: string }, ex: Executor) {
      await ex
        .update(newsNotes)
        .set({ removedAt: values.at, removedBy: values.by, removedByName: values.byName, removedReason: values.reason })
        .where(eq(newsNotes.id, id));
    },
    /** An article's notes, oldest first: all of them for the staff, those still shown for readers. */
    list: (newsId: number, shownOnly: boolean, ex: Executor = db) =>
      ex
        .select()
        .from(newsNotes)
        .where(and(eq(newsNotes.newsId, newsId), shownOnly ? isNull(newsNotes.removedAt) : undefined))
        .orderBy(asc(newsNotes.createdAt), asc(newsNotes.id)),
    /**
     * What readers see changed: the article's modification time (dateModified, the sitemap's lastmod) moves without
     * a new version (an editor with the article open is not told someone else saved it).
     */
    async touchArticle(newsId: number, at: Date, ex: Executor): Promise<void> {
      await ex.update(news).set({ modifiedAt: at }).where(eq(news.id, newsId));
    },
    /**
     * The public page: corrections and clarifications still shown, on articles readers can see, newest first, by
     * cursor (news_notes_public_idx in order; `limit` + 1 read to know whether an older page exists).
     */
    async page(limit: number, before?: { at: Date; id: number }): Promise<CorrectionsPageRow[]> {
      return db
        .select({
          id: newsNotes.id,
          kind: newsNotes.kind,
          body: newsNotes.body,
          createdAt: newsNotes.createdAt,
          newsId: news.id,
          title: news.title,
        })
        .from(newsNotes)
        .innerJoin(news, eq(news.id, newsNotes.newsId))
        .where(
          and(
            isNull(newsNotes.removedAt),
            inArray(newsNotes.kind, [...CORRECTIONS_PAGE_KINDS]),
            sql`${news.status} = 'published' and ${news.publishedAt} <= ${now()}`,
            before ? sql`(${newsNotes.createdAt}, ${newsNotes.id}) < (${before.at}, ${before.id})` : undefined,
          ),
        )
        .orderBy(sql`${newsNotes.createdAt} desc nulls last`, sql`${newsNotes.id} desc nulls last`)
        .limit(limit + 1);
    },
  };
}
export type CorrectionsRepository = ReturnType<typeof correctionsRepository>;
