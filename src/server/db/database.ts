/**
 * Opens the database the app runs on: DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR
 * (locked for this process). Migrations are applied either way. close() undoes everything in order.
 */
import type { Config } from '../config';
import { connect, standaloneClient, type ConnectionErrorHandler, type Database } from './client';
import { acquireDataDirLock, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

export const EMBEDDED_DATABASE = 'sahifa';

/**
 * Connections one instance opens at most: its pool (client.ts, 10) and its LISTEN connection. The embedded
 * PostgreSQL is sized for every worker plus the primary and room for tools (backups, psql); an external one must
 * allow INSTANCE_CONNECTIONS per instance (README, «Running several instances»).
 */
export const INSTANCE_CONNECTIONS = 11;
export const connectionBudget = (workers: number) => Math.max(100, (workers + 1) * INSTANCE_CONNECTIONS + 20);

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
      maxConnections: connectionBudget(config.webConcurrency),
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
