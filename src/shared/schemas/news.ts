import { z } from 'zod';
import { decimalInt } from './common';
import { LIMITS } from '../constants';
import { CURSOR, type NewsCursor } from '../cursor';
import { imageInfo } from './media';
import { readerNote } from './corrections';

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
  /** Live coverage whose coverage is still live (the «مباشر» badge). */
  live: z.boolean(),
  /** The library's alt, caption, credit and focal point of the picture (null: none, or an outside address). */
  imageInfo: imageInfo.nullable(),
});
export type NewsListItem = z.infer<typeof newsListItem>;

/** A staff member named on an article (its author page is /author/{username}). */
export const articleAuthor = z.object({
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ArticleAuthor = z.infer<typeof articleAuthor>;

export const articleTag = z.object({ name: z.string(), slug: z.string() });
export type ArticleTag = z.infer<typeof articleTag>;

export const newsArticle = newsListItem.extend({
  content: z.string(),
  updatedAt: z.string(),
  /** When what readers see last changed after publication (null: never); shown as "آخر تحديث". */
  modifiedAt: z.string().nullable(),
  /** Free byline text beside the authors, e.g. 'تقرير وترجمة: …'. */
  byline: z.string(),
  authors: z.array(articleAuthor),
  tags: z.array(articleTag),
  /** Corrections, clarifications and updates told to readers, oldest first. */
  notes: z.array(readerNote),
  /**
   * Where the body's own first paragraphs end (character offsets, only those more of the body follows): the
   * in-article ad box goes after one of them (shared/in-article.ts).
   */
  paragraphEnds: z.array(z.number().int()),
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
  limit: decimalInt(1, LIMITS.newsListMax).default(LIMITS.homeList),
  offset: decimalInt(0, OFFSET_MAX).default(0),
  before: cursorParam.optional(),
});

/**
 * Most read over the last 24 hours, the last 7 days, or all time (SPEC's list, the default). Windows come from views
 * per Tripoli day: the oldest day in a window counts for the part of it still inside (a sliding window).
 */
export const MOST_READ_WINDOWS = ['24h', '7d', 'all'] as const;
export type MostReadWindow = (typeof MOST_READ_WINDOWS)[number];

export const mostReadQuery = z.object({
  limit: decimalInt(1, 50).default(LIMITS.mostRead),
  window: z.enum(MOST_READ_WINDOWS).default('all'),
});

/** A staff member's public page: only staff with published articles have one. */
export const authorProfile = z.object({
  username: z.string(),
  fullName: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
});
export type AuthorProfile = z.infer<typeof authorProfile>;

export const usernameParam = z.object({ username: z.string().min(1).max(100) });

/** Pages of an author's or a tag's news: by cursor only (their lists have no SPEC offset to keep). */
export const cursorListQuery = z.object({
  limit: decimalInt(1, LIMITS.newsListMax).default(LIMITS.homeList),
  before: cursorParam.optional(),
});

export const viewResponse = z.object({ id: z.number().int(), views: z.number().int() });
