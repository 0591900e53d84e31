/**
 * A fresh database migrated only up to a given migration, as a newsroom's database from before a later one is: a
 * migration's test fills it with what it must cope with, then applies the rest (runMigrations) and looks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { inject } from 'vitest';
import { connect, type Database } from '../db/client';
import { MIGRATIONS_DIR } from '../db/migrate';
import { adminQuery } from './harness';

export async function createDatabaseAt(
  lastIdx: number,
): Promise<Database & { url: string; drop: () => Promise<void> }> {
  const name = `sahifa_at${lastIdx}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(`create database ${name} encoding 'UTF8' template template0`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const database = connect(url.toString(), { max: 2 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sahifa-at-${lastIdx}-`));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastIdx);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  try {
    await migrate(database.db, { migrationsFolder: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
