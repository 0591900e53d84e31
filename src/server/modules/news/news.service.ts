/** Articles as readers see them: only published articles whose time has come (news.repository.ts decides). */
import type { NewsCursor } from '../../../shared/cursor';
import type { CategoriesRepository } from '../categories/categories.repository';
import { categoriesErrors } from '../categories/categories.errors';
import { newsErrors } from './news.errors';
import type { NewsArticleRow, NewsRepository } from './news.repository';
import type { ReaderExtras } from './news.presenter';
import { mediaIdsOf } from '../media/media.service';
import type { MediaMeta } from '../media/media.repository';
import type { NoteRow } from '../corrections/corrections.repository';

export const FEATURED_LIMIT = 10;
export const RELATED_LIMIT = 4;

const DAY_MS = 86_400_000;

export function newsService(deps: {
  repo: NewsRepository;
  categories: CategoriesRepository;
  /** How many days a featured story stays in the lead (site settings). */
  leadMaxAgeDays: () => Promise<number>;
  /** What the library says about pictures, and the notes readers see (media and corrections modules). */
  mediaMeta: (ids: string[]) => Promise<Map<string, MediaMeta>>;
  readerNotes: (newsId: number) => Promise<NoteRow[]>;
  now: () => Date;
}) {
  const { repo, categories } = deps;
  /** What an article shows readers besides its row: its pictures' library text and its notes. */
  const extrasOf = async (row: NewsArticleRow): Promise<ReaderExtras> => {
    const [media, notes] = await Promise.all([
      deps.mediaMeta(mediaIdsOf(row.imageUrl, row.content)),
      deps.readerNotes(row.id),
    ]);
    return { media, notes };
  };
  return {
    extrasOf,
    latest: (limit: number, offset: number, before?: NewsCursor) => repo.listLatest(limit, offset, before),
    /**
     * Featured stories for the lead positions (the slider and the big card), newest first: one older than the
     * site's lead age has left them by itself, so a story featured weeks ago never sits above today's news.
     */
    async featured() {
      const since = deps.now().getTime() - (await deps.leadMaxAgeDays()) * DAY_MS;
      const rows = await repo.listFeatured(FEATURED_LIMIT);
      return rows.filter((r) => r.publishedAt && r.publishedAt.getTime() >= since);
    },
    async byCategory(slug: string, limit: number, offset: number, before?: NewsCursor) {
      if (!(await categories.findActiveBySlug(slug))) throw categoriesErrors.notFound();
      return repo.listByCategory(slug, limit, offset, before);
    },
    async article(id: number): Promise<{ row: NewsArticleRow; extras: ReaderExtras }> {
      const row = await repo.findVisible(id);
      if (!row) throw newsErrors.notFound();
      return { row, extras: await extrasOf(row) };
    },
    /** Related news of a visible article, and its section (whose list the related list may follow). */
    async related(id: number) {
      const row = await repo.findVisible(id);
      if (!row) throw newsErrors.notFound();
      return { category: row.category, ...(await repo.listRelated(row.id, row.category, RELATED_LIMIT)) };
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;
