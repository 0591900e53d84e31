/**
 * What became public in a write, read from its audit records (lib/write.ts's observers), so what a publication sets
 * off (the Telegram channel's post) commits with it without any service having to announce it:
 *
 * - an article created as published (`create`, status `published`), or moved to published from any other state
 *   (`from` → `to` `published`: publishing a draft or a story in review, republishing an unpublished one), or
 *   published by the scheduler (`publish` without a `from`);
 * - a breaking-news item created active.
 *
 * A save of an article that was already published, a schedule, an unpublish, or a breaking item switched off, edited
 * or switched back on are not publications.
 */
import type { AuditRecord } from './write';

export type Publication =
  | { kind: 'article'; id: number; title: string }
  | { kind: 'breaking'; id: number; title: string; newsId: number | null };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function publicationsOf(records: readonly AuditRecord[]): Publication[] {
  const out: Publication[] = [];
  for (const r of records) {
    const d = isRecord(r.details) ? r.details : {};
    const id = Number(r.entityId);
    const title = typeof d.title === 'string' ? d.title : '';
    if (!Number.isInteger(id) || id <= 0 || !title) continue;
    if (r.entity === 'news') {
      const published =
        (r.action === 'create' && d.status === 'published') ||
        (d.to === 'published' && d.from !== undefined && d.from !== 'published') ||
        (r.action === 'publish' && d.from === undefined && d.to === undefined);
      // A restore that publishes writes two records for the one change.
      if (published && !out.some((p) => p.kind === 'article' && p.id === id)) out.push({ kind: 'article', id, title });
    } else if (r.entity === 'breaking_news' && r.action === 'create' && d.isActive === true) {
      out.push({ kind: 'breaking', id, title, newsId: typeof d.newsId === 'number' ? d.newsId : null });
    }
  }
  return out;
}
