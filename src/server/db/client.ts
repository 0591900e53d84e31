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

/** Told of every connection a pool client loses (database killed, restarted or refusing), busy or idle. */
export type ConnectionErrorHandler = (err: Error) => void;

const warnOnStderr: ConnectionErrorHandler = (err) =>
  process.stderr.write(`database connection lost: ${err.message}\n`);

/**
 * A transaction on a client of its own from the pool, returned to the pool sound or not at all. Drizzle's pooled
 * transaction (0.45.4, and 1.0's candidates) sends BEGIN before the try/finally that releases its client, so a BEGIN
 * that fails (the connection lost while idle, the database restarting) leaks that client for the life of the process,
 * and a failed one goes back to the pool as if healthy (drizzle-orm issues #6241, #6114; unfixed upstream). Here the
 * client is checked out by us and always released: after a failure that was not the app's own refusal (a 4xx rule
 * such as a conflict), with the error, so the pool closes it rather than hand out a connection that may be dead or
 * still busy with a statement that timed out. Drizzle runs BEGIN, COMMIT and ROLLBACK on that one client.
 */
async function transactionOnPool<T>(
  pool: pg.Pool,
  work: (tx: Tx) => Promise<T>,
  config: Parameters<Db['transaction']>[1],
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await drizzle({ client }).transaction(work, config);
  } catch (err) {
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    const refusal = typeof status === 'number' && status < 500;
    if (!refusal) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

export function connect(url: string, options: { max?: number; onError?: ConnectionErrorHandler } = {}): Database {
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
  // A client losing its connection (the database killed, restarted, or ending sessions) emits 'error'. pg-pool listens
  // only while a client is idle; one checked out (between the statements of a transaction, a flush, a job) has no
  // listener of its own, and an 'error' with no listener ends the process. So every client gets one for its whole
  // life, when the pool opens it: the loss is logged, the statement in flight (if any) fails as usual, and the pool
  // drops the client when it is released (it is no longer queryable).
  const onError = options.onError ?? warnOnStderr;
  pool.on('connect', (client) => client.on('error', onError));
  // The pool re-emits an idle client's loss; the client's own listener above has logged it already.
  pool.on('error', () => {});
  const db = drizzle({ client: pool }) as Db;
  db.transaction = (work, config) => transactionOnPool(pool, work, config);
  return { db, pool, url, close: () => pool.end() };
}

/**
 * A connection of its own, outside the pool (creating the database, backups, restores). Losing it emits 'error' on
 * the client, which would end the process with no listener; the loss also fails the statement in flight (or the
 * next one), and that rejection is how the caller learns of it, so the event itself is only noted here.
 */
export function standaloneClient(config: pg.ClientConfig): pg.Client {
  const client = new pg.Client(config);
  client.on('error', () => {});
  return client;
}
