/** The database handle: a pg pool and Drizzle over it. Embedded or external is decided in main.ts. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

// DATE columns stay 'yyyy-MM-dd' strings; no time-zone shifting of calendar dates.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// COUNT(*) and other int8 results fit comfortably in a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase & { $client: pg.Pool };
/** A transaction handle: what Db.transaction() passes to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a repository runs a statement: the pool, or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
}

export function connect(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    // A stalled or lost database answers 503 within seconds instead of holding every request: waiting for a
    // connection gives up after 5 s, a statement after 15 s (the longest an admin list or a flush may take).
    connectionTimeoutMillis: 5_000,
    statement_timeout: 15_000,
    query_timeout: 20_000,
    application_name: 'sahifa',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool }) as Db;
  return { db, pool, url, close: () => pool.end() };
}
