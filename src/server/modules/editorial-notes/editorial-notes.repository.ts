/** The staff's notes on a story under way (editorial_notes): never read by any public route. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { editorialNotes } from '../../db/schema/editorial';

export type EditorialNoteRow = typeof editorialNotes.$inferSelect;

export function editorialNotesRepository(db: Db) {
  return {
    list: (newsId: number) =>
      db
        .select()
        .from(editorialNotes)
        .where(eq(editorialNotes.newsId, newsId))
        .orderBy(asc(editorialNotes.createdAt), asc(editorialNotes.id)),
    async insert(
      values: { newsId: number; body: string; authorId: number; authorName: string; at: Date },
      ex: Executor,
    ): Promise<EditorialNoteRow> {
      const [row] = await ex
        .insert(editorialNotes)
        .values({
          newsId: values.newsId,
          body: values.body,
          authorId: values.authorId,
          authorName: values.authorName,
          createdAt: values.at,
        })
        .returning();
      return row!;
    },
    async findForUpdate(newsId: number, id: number, ex: Executor): Promise<EditorialNoteRow | undefined> {
      const [row] = await ex
        .select()
        .from(editorialNotes)
        .where(and(eq(editorialNotes.newsId, newsId), eq(editorialNotes.id, id)))
        .for('update');
      return row;
    },
    async setResolved(id: number, by: { at: Date; id: number; name: string } | null, ex: Executor) {
      const [row] = await ex
        .update(editorialNotes)
        .set({ resolvedAt: by?.at ?? null, resolvedBy: by?.id ?? null, resolvedByName: by?.name ?? null })
        .where(eq(editorialNotes.id, id))
        .returning();
      return row!;
    },
  };
}
export type EditorialNotesRepository = ReturnType<typeof editorialNotesRepository>;
