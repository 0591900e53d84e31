import type { BreakingNewsItem } from '../../../shared/schemas/breaking-news';
import type { BreakingNewsRow } from './breaking-news.repository';

export function presentBreakingNews(row: BreakingNewsRow): BreakingNewsItem {
  return {
    id: row.id,
    title: row.title,
    isActive: row.isActive,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    newsId: row.newsId,
  };
}
