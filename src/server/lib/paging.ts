/** Admin lists a page at a time: the body is the page's rows, the position in the whole list goes in headers. */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { COUNT_CAP, PAGE_HEADERS, type PageInfo, type PageQuery } from '../../shared/schemas/common';
import type { Executor } from '../db/client';

export interface Page<T> {
  items: T[];
  info: PageInfo;
}

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.pageSize;

/** How many rows a query matches, counting at most `cap` + 1 of them (cheap at any archive size). */
export async function cappedCount(
  db: Executor,
  matching: SQL,
  cap = COUNT_CAP,
): Promise<{ total: number; exact: boolean }> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${matching} limit ${cap + 1}) as capped`,
  );
  const n = Number(result.rows[0]?.n ?? 0);
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
}

/** A page's rows and the capped count of everything the list matches, fetched together. */
export async function paged<T>(
  db: Executor,
  rows: Promise<T[]>,
  matching: SQL,
  cap?: number,
): Promise<{ rows: T[]; total: number; exact: boolean }> {
  const [r, count] = await Promise.all([rows, cappedCount(db, matching, cap)]);
  return { rows: r, ...count };
}

export function pageOf<T>(items: T[], q: PageQuery, count: { total: number; exact: boolean }): Page<T> {
  return { items, info: { ...count, page: q.page, pageSize: q.pageSize } };
}

/** Writes a page: the rows as the body, the rest as headers. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  void reply
    .header(PAGE_HEADERS.total, String(page.info.total))
    .header(PAGE_HEADERS.exact, String(page.info.exact))
    .header(PAGE_HEADERS.page, String(page.info.page))
    .header(PAGE_HEADERS.pageSize, String(page.info.pageSize));
  return page.items;
}
