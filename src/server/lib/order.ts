/**
 * Newest first, the way the indexes are built: drizzle-kit writes `desc()` index columns as DESC NULLS LAST, while a
 * plain ORDER BY … DESC means NULLS FIRST, and PostgreSQL reads an index in order only when both match (it does not
 * reason from NOT NULL). Every "newest first" query orders with this.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const descNullsLast = (...columns: (AnyColumn | SQL)[]): SQL[] => columns.map((c) => sql`${c} desc nulls last`);
