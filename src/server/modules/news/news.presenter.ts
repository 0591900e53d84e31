import { CATEGORY_FALLBACK } from '../../../shared/constants';
import type { NewsArticle, NewsListItem } from '../../../shared/schemas/news';
import type { NewsArticleRow, NewsListRow } from './news.repository';

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

export function presentNewsArticle(row: NewsArticleRow): NewsArticle {
  return { ...presentNewsListItem(row), content: row.content, updatedAt: row.updatedAt.toISOString() };
}
