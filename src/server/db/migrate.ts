/** Applies the committed drizzle-kit migrations. Safe to run at every start and from several instances. */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client';

import { MIGRATIONS_DIR } from '../paths';

export { MIGRATIONS_DIR };

export async function runMigrations(db: Db): Promise<void> {
  // On a connection of its own, without the pool's timeouts: a migration that builds an index over a large archive
  // takes minutes (the search index of a million articles, about 100 s on a 2-core machine), and the pool's 15 s
  // statement timeout cancelled it, so the app could not start.
  const client = new pg.Client({
    connectionString: db.$client.options.connectionString,
    application_name: 'sahifa-migrate',
  });
  // A connection lost mid-migration fails the statement in flight (and the start); it must not end the process by an
  // 'error' event nobody listens to.
  client.on('error', () => {});
  await client.connect();
  try {
    // Serialise concurrent starts of several instances on one database (the lock ends with the connection).
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}
