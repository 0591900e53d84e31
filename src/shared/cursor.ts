/**
 * Keyset cursors for news lists: the last item of a page (its publication time and id) names where the next page
 * starts. Kept free of zod so reader pages can use it without loading the schemas.
 */
export const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)~([1-9]\d{0,9})$/;

export interface NewsCursor {
  at: Date;
  id: number;
}

/** The cursor that continues a list after this item. */
export const cursorAfter = (item: { publishedAt: string | null; createdAt: string; id: number }) =>
  `${item.publishedAt ?? item.createdAt}~${item.id}`;
