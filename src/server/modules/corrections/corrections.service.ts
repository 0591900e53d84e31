/**
 * Corrections (تصحيح), clarifications (توضيح) and updates (تحديث) on a published article. Readers see a correction
 * above the text and the others below it; the article's modification time moves (dateModified, the sitemap's
 * lastmod); its structured data gains `correction`; corrections and clarifications are listed on /corrections.
 *
 * Rules chosen where the brief is silent:
 * - Editors and admins add and remove notes ('news.publish'), on an article that is published (drafts are simply
 *   edited; the staff's editorial notes are for a story under way).
 * - A note is kept with the article's revisions: each one records a revision (reason: the note's kind) carrying the
 *   note's text, so the history reads «تصحيح: …» at its time.
 * - Nothing is deleted silently: a removal needs a reason and keeps the note with who removed it and when; readers
 *   stop seeing it, the staff see the dated trace, the audit log has both.
 */
import { CORRECTIONS_PAGE_SIZE, NOTE_KIND_LABELS, type NoteInput } from '../../../shared/schemas/corrections';
import { CURSOR } from '../../../shared/cursor';
import { tag, type CacheTag } from '../../lib/cache-tags';
import type { Actor, Writer } from '../../lib/write';
import { newsErrors } from '../news/news.errors';
import type { NewsRepository, NewsRow } from '../news/news.repository';
import { keepRevisionOf, type NewsRevisionsRepository } from '../news/news-revisions.repository';
import type { Tx } from '../../db/client';
import { isPublic } from '../news/news.tags';
import { correctionsErrors } from './corrections.errors';
import type { CorrectionsRepository } from './corrections.repository';

type Staff = Actor & { id: number; fullName: string };

export function correctionsService(deps: {
  repo: CorrectionsRepository;
  news: NewsRepository;
  revisions: NewsRevisionsRepository;
  write: Writer;
  now: () => Date;
}) {
  const { repo, news, revisions, write, now } = deps;

  /** What a note changes for readers: the article's page (and lists with it), the corrections page, its sitemap. */
  const tagsOf = (row: NewsRow): CacheTag[] => {
    if (!isPublic(row, now())) return [];
    const month = row.publishedAt?.toISOString().slice(0, 7);
    return [tag.article(row.id), 'corrections', ...(month ? [tag.sitemapMonth(month)] : [])];
  };

  async function keepRevision(newsId: number, staff: Staff, reason: string, note: string, tx: Tx) {
    const article = await news.findById(newsId, tx);
    if (!article) throw newsErrors.notFound();
    await keepRevisionOf(revisions, article, { staff, reason, at: now(), force: true, note }, tx);
  }

  return {
    /** Adds a note to a published article. */
    add: (staff: Staff, newsId: number, input: NoteInput) =>
      write(staff, async (tx) => {
        const article = await news.lockById(newsId, tx);
        if (!article) throw newsErrors.notFound();
        if (article.status !== 'published') throw correctionsErrors.notPublished();
        const at = now();
        const note = await repo.insert(
          { newsId, kind: input.kind, body: input.text, at, by: staff.id, byName: staff.fullName },
          tx,
        );
        await repo.touchArticle(newsId, at, tx);
        await keepRevision(newsId, staff, input.kind, input.text, tx);
        return {
          value: note,
          audit: {
            action: 'create',
            entity: 'news_note',
            entityId: newsId,
            details: {
              title: article.title,
              kind: input.kind,
              label: NOTE_KIND_LABELS[input.kind],
              text: input.text,
              note: note.id,
            },
          },
          tags: tagsOf(article),
        };
      }),

    /** Takes a note off the article: readers stop seeing it; the note stays with who removed it, when and why. */
    remove: (staff: Staff, newsId: number, noteId: number, reason: string) =>
      write(staff, async (tx) => {
        const article = await news.lockById(newsId, tx);
        if (!article) throw newsErrors.notFound();
        const note = await repo.findForUpdate(newsId, noteId, tx);
        if (!note) throw correctionsErrors.notFound();
        if (note.removedAt) throw correctionsErrors.alreadyRemoved();
        const at = now();
        await repo.remove(noteId, { at, by: staff.id, byName: staff.fullName, reason }, tx);
        await repo.touchArticle(newsId, at, tx);
        await keepRevision(newsId, staff, `remove-${note.kind}`, `${note.body}\n— ${reason}`, tx);
        return {
          value: undefined,
          audit: {
            action: 'delete',
            entity: 'news_note',
            entityId: newsId,
            details: {
              title: article.title,
              kind: note.kind,
              label: NOTE_KIND_LABELS[note.kind],
              text: note.body,
              reason,
              note: noteId,
            },
          },
          tags: tagsOf(article),
        };
      }),

    /** Every note of an article, removed ones with their trace (the editor's panel). */
    async staffNotes(newsId: number) {
      if (!(await news.exists(newsId))) throw newsErrors.notFound();
      return repo.list(newsId, false);
    },
    /** The notes readers see on the article. */
    readerNotes: (newsId: number) => repo.list(newsId, true),

    /** A page of the public corrections page, and the cursor of the next one. */
    async page(before?: string) {
      const m = before ? CURSOR.exec(before) : null;
      const rows = await repo.page(CORRECTIONS_PAGE_SIZE, m ? { at: new Date(m[1]!), id: Number(m[2]) } : undefined);
      const more = rows.length > CORRECTIONS_PAGE_SIZE;
      return { rows: rows.slice(0, CORRECTIONS_PAGE_SIZE), more };
    },
  };
}
export type CorrectionsService = ReturnType<typeof correctionsService>;
