import { z } from 'zod';
import { LIMITS } from '../constants';
import { CURSOR, type NewsCursor } from '../cursor';

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

/**
 * Deep pages go by cursor, not offset: `before` names the last item of the previous page (its publication time and
 * id), so a page costs the same at any depth and new articles arriving meanwhile cause no duplicates or gaps.
 * SPEC's `offset` still works for the first pages; it stops at OFFSET_MAX.
 */
export const OFFSET_MAX = 1000;

export const cursorParam = z
  .string()
  .regex(CURSOR, 'مؤشر الصفحة غير صالح')
  .transform((v): NewsCursor => {
    const [, at, id] = CURSOR.exec(v)!;
    return { at: new Date(at!), id: Number(id) };
  })
  .refine((c) => !Number.isNaN(c.at.getTime()) && c.id <= 2_147_483_647, 'مؤشر الصفحة غير صالح');

export const newsListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.newsListMax).default(LIMITS.homeList),
  offset: z.coerce.number().int().min(0).max(OFFSET_MAX).default(0),
  before: cursorParam.optional(),
});

export const mostReadQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.mostRead),
});

export const viewResponse = z.object({ id: z.number().int(), views: z.number().int() });
