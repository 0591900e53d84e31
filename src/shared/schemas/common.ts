import { z } from 'zod';

/** Every error body: an Arabic message for people, a stable code for programs, and the request id for the logs. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  requestId: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * A whole number from a path or a query string, written in decimal digits only: `z.coerce.number()` alone would
 * read "0x10" as 16, "1e1" as 10 and " 7 " as 7, so one article would answer at many addresses.
 */
export const decimalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (/^\d{1,16}$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number().int().min(min).max(max),
  );

/** A positive integer id from a path segment; anything else is a 400, never a database error. */
export const idParam = z.object({
  id: decimalInt(1, 2_147_483_647),
});

export const slugParam = z.object({
  slug: z.string().min(1).max(100),
});

/** Admin lists come a page at a time (never a whole archive): page numbers from 1, at most 50 rows a page. */
export const PAGE_SIZE_MAX = 50;
export const pageQuery = z.object({
  page: decimalInt(1, 100_000).default(1),
  pageSize: decimalInt(1, PAGE_SIZE_MAX).default(PAGE_SIZE_MAX),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * A page's body stays the plain array SPEC §7 describes; where it sits in the whole list travels in headers.
 * Totals past COUNT_CAP are not counted exactly (x-total-exact: false): counting 100,000 rows per page is waste.
 */
export const PAGE_HEADERS = {
  total: 'x-total-count',
  exact: 'x-total-exact',
  page: 'x-page',
  pageSize: 'x-page-size',
} as const;
export const COUNT_CAP = 10_000;

export interface PageInfo {
  total: number;
  exact: boolean;
  page: number;
  pageSize: number;
}
