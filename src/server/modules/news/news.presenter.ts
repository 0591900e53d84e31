import { paragraphEnds } from '../../../shared/in-article';
import { CATEGORY_FALLBACK } from '../../../shared/constants';
import type {
  AdminNewsItem,
  AdminNewsListItem,
  AutosavePayload,
  NewsRevision,
  NewsRevisionSummary,
  ReviewQueue,
} from '../../../shared/schemas/admin';
import type { NewsArticle, NewsListItem } from '../../../shared/schemas/news';
import type { AdminNewsListRow, AdminNewsRow, NewsArticleRow, NewsListRow, ReviewQueueRow } from './news.repository';
import type { RevisionRow } from './news-revisions.repository';
import { SANITIZER_VERSION, cleanStoredBody } from './sanitize-html';
import { renderMediaBlocks } from '../media/media-blocks';
import type { MediaMeta } from '../media/media.repository';
import { presentReaderNote } from '../corrections/corrections.presenter';
import type { NoteRow } from '../corrections/corrections.repository';

/** What readers get besides the row: the library's text of every picture the body shows, and the notes. */
export interface ReaderExtras {
  media: Map<string, MediaMeta>;
  notes: NoteRow[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentNewsListItem(row: NewsListRow): NewsListItem {
  const publishedAt = iso(row.publishedAt);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    categoryName: row.categoryName ?? CATEGORY_FALLBACK.name,
    categoryColor: row.categoryColor ?? CATEGORY_FALLBACK.color,
    imageUrl: row.imageUrl,
    image_url: row.imageUrl,
    featured: row.featured,
    views: row.views,
    publishedAt,
    published_at: publishedAt,
    createdAt: row.createdAt.toISOString(),
    live: row.live,
    imageInfo: row.imageInfo ?? null,
  };
}

/**
 * A body is sanitised when it is saved, with the sanitiser's version recorded; one saved by an older version (or
 * written around the editor) is cleaned again here, so no row can carry a script to readers — at a bounded cost:
 * a body nested too deeply to clean quickly is served as its text (cleanStoredBody).
 */
export const servedBody = (row: Pick<NewsArticleRow, 'content' | 'sanitizedWith'>) =>
  row.sanitizedWith === SANITIZER_VERSION ? row.content : cleanStoredBody(row.content);

/**
 * The article as readers get it: with `extras`, its body's pictures, galleries and videos drawn with the library's
 * current text, and its notes; without (the newsroom's own view), the body as stored.
 */
export function presentNewsArticle(row: NewsArticleRow, extras?: ReaderExtras): NewsArticle {
  const content = extras ? renderMediaBlocks(servedBody(row), extras.media, row.title) : servedBody(row);
  return {
    ...presentNewsListItem(row),
    content,
    paragraphEnds: paragraphEnds(content),
    notes: (extras?.notes ?? []).map(presentReaderNote),
    updatedAt: row.updatedAt.toISOString(),
    modifiedAt: iso(row.modifiedAt),
    byline: row.byline,
    authors: row.authors.map((a) => ({ username: a.username, fullName: a.fullName, avatarUrl: a.avatarUrl })),
    tags: row.tags,
  };
}

/** The newsroom's view: the body as stored, the state and version, the people, this editor's autosave. */
export function presentAdminNews(
  row: AdminNewsRow,
  autosave: { payload: unknown; baseVersion: number; savedAt: Date } | null = null,
): AdminNewsItem {
  return {
    ...presentNewsArticle(row),
    content: row.content,
    status: row.status,
    version: row.version,
    staff: row.authors.map((a) => ({ id: a.id, fullName: a.fullName })),
    createdBy: row.authorId !== null && row.createdByName ? { id: row.authorId, fullName: row.createdByName } : null,
    updatedBy: row.updatedBy !== null && row.updatedByName ? { id: row.updatedBy, fullName: row.updatedByName } : null,
    autosave: autosave
      ? {
          payload: autosave.payload as AutosavePayload,
          baseVersion: autosave.baseVersion,
          savedAt: autosave.savedAt.toISOString(),
        }
      : null,
  };
}

/** A row of the admin news table: no body. */
export function presentAdminNewsListItem(row: AdminNewsListRow): AdminNewsListItem {
  return {
    ...presentNewsListItem(row),
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    version: row.version,
    staff: row.staff,
    createdById: row.authorId,
  };
}

export function presentRevisionSummary(
  r: Pick<RevisionRow, 'id' | 'version' | 'adminName' | 'reason' | 'title' | 'note' | 'createdAt'>,
): NewsRevisionSummary {
  return {
    id: r.id,
    version: r.version,
    adminName: r.adminName,
    reason: r.reason,
    title: r.title,
    note: r.note ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentRevision(r: RevisionRow): NewsRevision {
  return {
    ...presentRevisionSummary(r),
    description: r.description,
    content: r.content,
    category: r.category,
    imageUrl: r.imageUrl,
    byline: r.byline,
    authors: r.authors as { id: number; fullName: string }[],
    tags: r.tags as string[],
  };
}

/** The review queue: who sent each story and when (a story in review always has a submission time). */
export function presentReviewQueue(q: { rows: ReviewQueueRow[]; total: number }): ReviewQueue {
  return {
    total: q.total,
    items: q.rows.map((r) => ({
      id: r.id,
      title: r.title,
      categoryName: r.categoryName,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      submittedBy:
        r.submittedBy !== null && r.submittedByName ? { id: r.submittedBy, fullName: r.submittedByName } : null,
    })),
  };
}
