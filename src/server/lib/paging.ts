/** Admin lists a page at a time: the body is the page's rows, the position in the whole list goes in headers. */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

/**
 * The capped count of a whole table (an unfiltered list). When PostgreSQL's own estimate of the table's rows
 * (pg_class.reltuples, kept by autovacuum and ANALYZE) is more than twice the cap, "more than `cap`" is certain enough
 * without reading `cap` + 1 index entries for every page (1–2 ms for the audit log at 200,000 rows); otherwise, or
 * before the table was ever analysed (-1), the rows are counted.
 */
export async function wholeTableCount(
  db: Executor,
  table: PgTable,
  cap = COUNT_CAP,
): Promise<{ total: number; exact: boolean }> {
  const result = await db.execute<{ n: number | null }>(
    sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${getTableName(table)})`,
  );
  const estimate = Number(result.rows[0]?.n ?? -1);
  if (estimate > 2 * cap) return { total: cap, exact: false };
  return cappedCount(db, sql`select 1 from ${table}`, cap);
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

/** A page's rows and the capped count of a whole table (an unfiltered list), fetched together. */
export async function pagedTable<T>(
  db: Executor,
  rows: Promise<T[]>,
  table: PgTable,
): Promise<{ rows: T[]; total: number; exact: boolean }> {
  const [r, count] = await Promise.all([rows, wholeTableCount(db, table)]);
  return { rows: r, ...count };
}
