import { CATEGORY_FALLBACK } from '../../../shared/constants';
import type { AdminNewsItem, AdminNewsListItem } from '../../../shared/schemas/admin';
import type { NewsArticle, NewsListItem } from '../../../shared/schemas/news';
import type { AdminNewsListRow, AdminNewsRow, NewsArticleRow, NewsListRow } from './news.repository';
import { sanitizeArticleHtml } from './sanitize-html';

export function presentNewsListItem(row: NewsListRow): NewsListItem {
  const publishedAt = row.publishedAt ? row.publishedAt.toISOString() : null;
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
  };
}

/** The body is sanitised when it is saved; it is sanitised again here, so no row can carry a script to readers. */
export function presentNewsArticle(row: NewsArticleRow): NewsArticle {
  return {
    ...presentNewsListItem(row),
    content: sanitizeArticleHtml(row.content),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admin's view: the body as stored, and the state. */
export function presentAdminNews(row: AdminNewsRow): AdminNewsItem {
  return {
    ...presentNewsListItem(row),
    content: row.content,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row of the admin news table: no body. */
export function presentAdminNewsListItem(row: AdminNewsListRow): AdminNewsListItem {
  return { ...presentNewsListItem(row), status: row.status, updatedAt: row.updatedAt.toISOString() };
}
