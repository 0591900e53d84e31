/**
 * Editorial notes: the newsroom's review loop inside its own tool. Staff leave notes on a story in draft or in review
 * (who, when), mark them dealt with or open again, and see them beside the editor; nothing of them is ever public.
 *
 * Rules chosen where the brief is silent: editors and admins read and write notes on any article; a writer on the
 * articles they wrote or are credited on. Notes are added while the story is a draft or in review; they stay readable
 * (and can still be marked dealt with) afterwards. Notes are not deleted: a note that no longer matters is resolved.
 * Adding and resolving are in the audit log; no cache is touched (no reader sees them).
 */
import { can } from '../../../shared/permissions';
import type { Role } from '../../../shared/permissions';
import type { Actor, Writer } from '../../lib/write';
import { newsErrors } from '../news/news.errors';
import type { NewsRepository } from '../news/news.repository';
import { editorialNotesErrors } from './editorial-notes.errors';
import type { EditorialNotesRepository } from './editorial-notes.repository';

type Staff = Actor & { id: number; fullName: string; role: Role };
const OPEN_STATES = new Set(['draft', 'review']);

export function editorialNotesService(deps: {
  repo: EditorialNotesRepository;
  news: NewsRepository;
  write: Writer;
  now: () => Date;
}) {
  const { repo, news, write, now } = deps;

  /** The article, if this staff member may see its notes. */
  async function access(staff: Staff, newsId: number, ex?: Parameters<NewsRepository['isOwn']>[2]) {
    const article = await news.findById(newsId, ex);
    if (!article) throw newsErrors.notFound();
    if (
      !can(staff.role, 'news.publish') &&
      !(article.authorId === staff.id || (await news.isOwn(newsId, staff.id, ex)))
    )
      throw editorialNotesErrors.notYours();
    return article;
  }

  return {
    async list(staff: Staff, newsId: number) {
      await access(staff, newsId);
      return repo.list(newsId);
    },

    add: (staff: Staff, newsId: number, text: string) =>
      write(staff, async (tx) => {
        const locked = await news.lockById(newsId, tx);
        if (!locked) throw newsErrors.notFound();
        const article = await access(staff, newsId, tx);
        if (!OPEN_STATES.has(locked.status)) throw editorialNotesErrors.closed();
        const note = await repo.insert(
          { newsId, body: text, authorId: staff.id, authorName: staff.fullName, at: now() },
          tx,
        );
        return {
          value: note,
          audit: {
            action: 'create',
            entity: 'editorial_note',
            entityId: newsId,
            details: { title: article.title, text, note: note.id },
          },
          tags: [],
        };
      }),

    setResolved: (staff: Staff, newsId: number, noteId: number, resolved: boolean) =>
      write(staff, async (tx) => {
        const article = await access(staff, newsId, tx);
        const note = await repo.findForUpdate(newsId, noteId, tx);
        if (!note) throw editorialNotesErrors.notFound();
        const row = await repo.setResolved(
          noteId,
          resolved ? { at: now(), id: staff.id, name: staff.fullName } : null,
          tx,
        );
        return {
          value: row,
          audit: {
            action: 'update',
            entity: 'editorial_note',
            entityId: newsId,
            details: { title: article.title, resolved, note: noteId },
          },
          tags: [],
        };
      }),
  };
}
export type EditorialNotesService = ReturnType<typeof editorialNotesService>;
