/**
 * An article's life in the newsroom, as one table both sides read: the server enforces it (news.service.ts), the
 * editor shows only the buttons it allows.
 *
 *   draft ──review──▶ review ──publish──▶ published ──unpublish──▶ unpublished
 *     │  ◀──draft───    │                   ▲                          │
 *     └────schedule─────┴──▶ scheduled ─────┘ (by itself at its minute)   └──publish / schedule / draft
 *
 * Rules chosen where the newsroom's brief was silent (the closing note lists them):
 * - A writer works on their own articles (created by them or naming them as an author) while they are drafts or in
 *   review, and can only move them between those two states; an editor or admin does everything.
 * - Saving without an action keeps the state (SPEC's PUT); SPEC's POST without an action publishes for an editor and
 *   makes a draft for a writer.
 * - A published article is never rescheduled or put back to draft directly: unpublish it first (so a live story
 *   cannot vanish by a mis-click on "schedule").
 * - Republishing keeps the first publication time (a corrected story stays where it was in the archive); the change
 *   shows as "آخر تحديث".
 */
import type { Role } from './permissions';

export const NEWS_STATUSES = ['draft', 'review', 'scheduled', 'published', 'unpublished'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const STATUS_LABELS: Record<NewsStatus, string> = {
  draft: 'مسودة',
  review: 'قيد المراجعة',
  scheduled: 'مجدول',
  published: 'منشور',
  unpublished: 'غير منشور',
};

/** What a save or a button asks for: the state the article should be in afterwards. */
export const NEWS_ACTIONS = ['draft', 'review', 'publish', 'schedule', 'unpublish'] as const;
export type NewsAction = (typeof NEWS_ACTIONS)[number];

export const ACTION_LABELS: Record<NewsAction, string> = {
  draft: 'حفظ كمسودة',
  review: 'إرسال للمراجعة',
  publish: 'نشر',
  schedule: 'جدولة',
  unpublish: 'إلغاء النشر',
};

export const ACTION_TARGET: Record<NewsAction, NewsStatus> = {
  draft: 'draft',
  review: 'review',
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'unpublished',
};

/** From which states each action may start. */
const FROM: Record<NewsAction, readonly NewsStatus[]> = {
  draft: ['draft', 'review', 'scheduled', 'unpublished'],
  review: ['draft', 'review'],
  publish: ['draft', 'review', 'scheduled', 'published', 'unpublished'],
  schedule: ['draft', 'review', 'scheduled', 'unpublished'],
  unpublish: ['published'],
};

/** Actions a writer may take (on their own article); everyone else with news.publish may take all. */
const WRITER_ACTIONS: readonly NewsAction[] = ['draft', 'review'];
/** States in which a writer may still change their article. */
const WRITER_EDITABLE: readonly NewsStatus[] = ['draft', 'review'];

export const isEditorRole = (role: Role) => role === 'admin' || role === 'editor';

export interface ArticleAccess {
  status: NewsStatus;
  /** The staff member created the article or is one of its authors. */
  own: boolean;
}

export type Refusal = 'forbidden' | 'invalid';

/** Whether `action` may move this article now; why not, if it may not. */
export function checkAction(role: Role, action: NewsAction, a: ArticleAccess): Refusal | null {
  if (!FROM[action].includes(a.status)) return 'invalid';
  if (isEditorRole(role)) return null;
  if (!WRITER_ACTIONS.includes(action) || !a.own || !WRITER_EDITABLE.includes(a.status)) return 'forbidden';
  return null;
}

/** Whether the staff member may change the article's text (a save that keeps its state, an autosave, a restore). */
export function canEdit(role: Role, a: ArticleAccess): boolean {
  return isEditorRole(role) || (a.own && WRITER_EDITABLE.includes(a.status));
}

/** Whether the staff member may delete it: editors any article; a writer their own that never went out. */
export function canDelete(role: Role, a: ArticleAccess & { everPublished: boolean }): boolean {
  return isEditorRole(role) || (a.own && WRITER_EDITABLE.includes(a.status) && !a.everPublished);
}

/** The actions the editor offers for an article in this state (besides a plain save). */
export function actionsFor(role: Role, a: ArticleAccess): NewsAction[] {
  return NEWS_ACTIONS.filter((action) => checkAction(role, action, a) === null);
}

/** A scheduled time must be ahead of now, and within a year. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 3_600_000;
