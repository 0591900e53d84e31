/**
 * Migrations run on a connection of their own, without the pool's statement timeout: one that builds an index over a
 * large archive takes minutes (a million articles' search index, about 100 s), and the pool's 15 s timeout
 * cancelled it, so the app could not start. Here the pool's timeout is 1 ms, which cancels any real statement.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import type { Db } from './client';
import { adminQuery } from '../test/harness';
import { runMigrations } from './migrate';

const name = `sahifa_mig_timeout_${Date.now()}`;
const url = new URL(inject('pgAdminUrl'));
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 2, statement_timeout: 1 });

afterAll(async () => {
  await pool.end();
  await adminQuery(`drop database if exists ${name} with (force)`);
});

it('applies every migration whatever the pool’s statement timeout, the search index month first', async () => {
  await adminQuery(`create database ${name} encoding 'UTF8' template template0`);
  // The pool's own statements are cancelled at 1 ms: what the migrations would have met.
  await expect(pool.query('select pg_sleep(0.05)')).rejects.toThrow(/statement timeout/);
  await runMigrations(drizzle({ client: pool }) as Db);
  const index = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    const { rows } = await index.query(`select pg_get_indexdef('news_search_month_idx'::regclass) as def`);
    expect(rows[0].def).toContain('gin (sahifa_month_lexeme(published_at), search_vector)');
  } finally {
    await index.end();
  }
});
