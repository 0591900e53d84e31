import { z } from 'zod';
import { LIMITS } from '../constants';

/**
 * A news item as public lists return it. SPEC §3 says list clients read snake_case `image_url` and
 * `published_at`; both spellings are sent. Lists leave out `content` (the article body), which only
 * the article endpoint needs; this keeps list payloads small on slow mobile networks.
 */
export const newsListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  categoryName: z.string(),
  categoryColor: z.string(),
  imageUrl: z.string().nullable(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  views: z.number().int(),
  publishedAt: z.string().nullable(),
  published_at: z.string().nullable(),
  createdAt: z.string(),
});
export type NewsListItem = z.infer<typeof newsListItem>;

export const newsArticle = newsListItem.extend({
  content: z.string(),
  updatedAt: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

export const mostReadItem = z.object({
  id: z.number().int(),
  title: z.string(),
  views: z.number().int(),
  category: z.string(),
});
export type MostReadItem = z.infer<typeof mostReadItem>;

export const newsListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.newsListMax).default(LIMITS.homeList),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const mostReadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.mostRead),
});

export const viewResponse = z.object({ id: z.number().int(), views: z.number().int() });
