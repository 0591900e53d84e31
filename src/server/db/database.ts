/**
 * Opens the database the app runs on: DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR
 * (locked for this process). Migrations are applied either way. close() undoes everything in order.
 */
import type { Config } from '../config';
import { connect, standaloneClient, type ConnectionErrorHandler, type Database } from './client';
import { acquireDataDirLock, DataDirInUseError, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

export const EMBEDDED_DATABASE = 'sahifa';

/**
 * Connections one instance opens at most: its pool (client.ts, 10) and its LISTEN connection, and with its staff
 * thread (staff/, STAFF_THREAD) that thread's pool and LISTEN connection. The embedded PostgreSQL is sized for every
 * worker plus the primary and room for tools (backups, psql); an external one must allow this many per instance
 * (README, «Running several instances»).
 */
export const INSTANCE_CONNECTIONS = 11;
/** The staff thread's own pool: a newsroom's staff, not its readers. */
export const STAFF_POOL_SIZE = 5;
export const STAFF_THREAD_CONNECTIONS = STAFF_POOL_SIZE + 1;
export const connectionBudget = (workers: number, staffThread: boolean) =>
  Math.max(100, (workers + 1) * (INSTANCE_CONNECTIONS + (staffThread ? STAFF_THREAD_CONNECTIONS : 0)) + 20);

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = standaloneClient({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)} encoding 'UTF8' template template0`);
  } finally {
    await client.end();
  }
}

export async function openDatabase(
  config: Config,
  log: (msg: string) => void,
  onConnectionError?: ConnectionErrorHandler,
): Promise<Database> {
  if (config.databaseUrl) {
    await waitForDatabase(config.databaseUrl, config.databaseStartWaitMs, log);
    const database = connect(config.databaseUrl, { onError: onConnectionError });
    await runMigrations(database.db);
    return database;
  }
  const release = acquireDataDirLock(config.dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  try {
    server = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log,
      maxConnections: connectionBudget(config.webConcurrency, config.staffThread),
      avoidPorts: [config.port],
    });
    await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE);
    const database = connect(server.url(EMBEDDED_DATABASE), { onError: onConnectionError });
    await runMigrations(database.db);
    log(`Embedded PostgreSQL ready on 127.0.0.1:${server.port} (data in ${config.dataDir}/postgres)`);
    const embedded = server;
    return {
      ...database,
      close: async () => {
        await database.close();
        await embedded.stop();
        release();
      },
    };
  } catch (err) {
    await server?.stop().catch(() => {});
    release();
    throw err;
  }
}

/** A start that cannot use DATABASE_URL: one line for the engineer, naming where and why (never the password). */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Where a connection string points, without its user and password: host:port/database (or its socket folder). */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    const socket = u.searchParams.get('host');
    return `${socket ?? (u.hostname || 'localhost')}${socket ? '' : `:${u.port || 5432}`}${u.pathname}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

/** Node's socket errors and PostgreSQL's answers that mean "not yet": worth waiting for, not a wrong setting. */
const NOT_YET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** cannot_connect_now (starting up, shutting down, in recovery), too_many_connections. */
const PG_NOT_YET = new Set(['57P03', '53300']);
const WAIT_STEP_MS = 500;

function notYet(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e.code && (NOT_YET.has(e.code) || PG_NOT_YET.has(e.code))) return true;
  // node-postgres's own words for a connection cut or timed out before PostgreSQL answered.
  return /^Connection terminated/.test(e.message ?? '');
}

/** What a refusal that waiting will not change says to check, by PostgreSQL's error code. */
function refusal(where: string, reason: string, code: string | undefined): string {
  // invalid_catalog_name: the database named in the URL does not exist there.
  if (code === '3D000')
    return `The database at ${where} (DATABASE_URL) does not exist: ${reason}. Check the database name in DATABASE_URL, or create it (createdb).`;
  // invalid_password, invalid_authorization_specification (no such role, or pg_hba.conf refuses it).
  if (code === '28P01' || code === '28000')
    return `The database at ${where} (DATABASE_URL) refused this server's sign-in: ${reason}. Check DATABASE_URL's user and password (and pg_hba.conf).`;
  // Anything else (TLS asked of a server without it, a protocol error): the reason says what.
  return `The database at ${where} (DATABASE_URL) could not be used: ${reason}. Check DATABASE_URL (its user, password, database name and sslmode).`;
}

/**
 * Before a start uses DATABASE_URL: waits up to `waitMs` for its PostgreSQL to accept a connection, since at boot it
 * may be starting beside this server (a refused connection, "the database system is starting up"), and says once that
 * it waits. A refusal that waiting will not change (the credentials, a database that does not exist) stops at once.
 * Either way the error names the address and the reason in one line, not Node's whole error object.
 */
export async function waitForDatabase(url: string, waitMs: number, log: (msg: string) => void): Promise<void> {
  const where = databaseAddress(url);
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const client = standaloneClient({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.end();
      if (told) log(`The database at ${where} accepts connections`);
      return;
    } catch (err) {
      void client.end().catch(() => {});
      const e = err as { code?: string; message?: string };
      const reason = `${e.message ?? String(err)}${e.code ? ` (${e.code})` : ''}`;
      if (!notYet(err)) throw new DatabaseUnreachableError(refusal(where, reason, e.code));
      if (Date.now() >= deadline)
        throw new DatabaseUnreachableError(
          `Cannot reach the database at ${where} (DATABASE_URL): ${reason}${waitMs > 0 ? `, tried for ${Math.round(waitMs / 1000)} s (DATABASE_START_WAIT_S)` : ''}. Check that PostgreSQL runs there and that DATABASE_URL is right.`,
        );
      if (!told) log(`Waiting for the database at ${where} (DATABASE_URL) to accept connections: ${reason}`);
      told = true;
      await new Promise((r) => setTimeout(r, Math.min(WAIT_STEP_MS, deadline - Date.now())));
    }
  }
}

/** How long a tool waits for a running server's PostgreSQL to accept connections (it may be starting or restarting). */
const ATTACH_WAIT_MS = 30_000;

/**
 * The database for a tool that may run beside a live server (the backup): DATABASE_URL when set; else the embedded
 * PostgreSQL of DATA_DIR, started here when no server owns the data directory (openDatabase), or, when a server runs
 * on it, that server's own PostgreSQL, reached at the port and with the password it keeps in the data directory. Only
 * the server starts, stops and migrates it then; close() only ends this tool's connections.
 */
export async function openDatabaseBeside(config: Config, log: (msg: string) => void): Promise<Database> {
  try {
    return await openDatabase(config, log);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const deadline = Date.now() + ATTACH_WAIT_MS;
    let url = runningEmbeddedUrl(config.dataDir, EMBEDDED_DATABASE);
    while (!url && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      url = runningEmbeddedUrl(config.dataDir, EMBEDDED_DATABASE);
    }
    if (!url)
      throw new DataDirInUseError(
        err.dataDir,
        err.ownerPid,
        err.startedAt,
        `its PostgreSQL did not accept connections within ${ATTACH_WAIT_MS / 1000} s`,
      );
    log(`The server (pid ${err.ownerPid}) runs on ${config.dataDir}: using its PostgreSQL`);
    return connect(url, { max: 2 });
  }
}
