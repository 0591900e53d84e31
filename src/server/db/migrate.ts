/** Applies the committed drizzle-kit migrations. Safe to run at every start and from several instances. */
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';

import { MIGRATIONS_DIR } from '../paths';

export { MIGRATIONS_DIR };

export async function runMigrations(db: Db): Promise<void> {
  // Serialise concurrent starts of several instances on one database.
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(727274)');
    }
  } finally {
    client.release();
  }
}
