/**
 * An archive made by the first version survives the newsroom migration (0004): views move to their own table with the
 * total, past "scheduled" articles are published, drafts lose their publication time, creators become authors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connect, type Database } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

let database: Database;
let name: string;
let oldDir: string;

async function admin(sqlText: string) {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  await c.query(sqlText);
  await c.end();
}

beforeAll(async () => {
  name = `sahifa_mig_${Date.now()}`;
  await admin(`create database ${name} encoding 'UTF8' template template0`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  database = connect(url.toString(), { max: 2 });
  // The migrations as the first version shipped them: 0000–0003.
  oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-old-migrations-'));
  fs.mkdirSync(path.join(oldDir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 3);
  fs.writeFileSync(path.join(oldDir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(oldDir, `${e.tag}.sql`));
  await migrate(database.db, { migrationsFolder: oldDir });
});
afterAll(async () => {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(oldDir, { recursive: true, force: true });
});

it('carries the first version’s archive into the newsroom schema', async () => {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(
    "insert into admins (username, full_name, email, role, password_hash) values ('old', 'محرر قديم', 'o@x.ly', 'editor', 'x')",
  );
  await q("insert into categories (name, slug, position) values ('ليبيا', 'libya', 0)");
  const insert = (title: string, status: string, publishedAt: string | null, views: number) =>
    q(
      `insert into news (title, description, content, category, status, published_at, views, author_id)
       values ($1, 'وصف', '<p>نص</p>', 'libya', $2, $3, $4, (select id from admins where username = 'old'))`,
      [title, status, publishedAt, views],
    );
  await insert('منشور', 'published', '2026-01-01T10:00:00Z', 120);
  await insert('مجدول مضى وقته', 'scheduled', '2026-01-02T10:00:00Z', 7);
  await insert('مجدول قادم', 'scheduled', '2999-01-01T10:00:00Z', 0);
  await insert('مسودة', 'draft', '2026-01-03T10:00:00Z', 3);

  await runMigrations(database.db);

  const rows = (await q('select title, status, published_at from news order by id')).rows;
  expect(rows.map((r) => [r.title, r.status, r.published_at?.toISOString() ?? null])).toEqual([
    ['منشور', 'published', '2026-01-01T10:00:00.000Z'],
    ['مجدول مضى وقته', 'published', '2026-01-02T10:00:00.000Z'],
    ['مجدول قادم', 'scheduled', '2999-01-01T10:00:00.000Z'],
    ['مسودة', 'draft', null],
  ]);
  const views = (await q('select n.title, v.views from news_views v join news n on n.id = v.news_id order by n.id'))
    .rows;
  expect(views).toEqual([
    { title: 'منشور', views: 120 },
    { title: 'مجدول مضى وقته', views: 7 },
    { title: 'مسودة', views: 3 },
  ]);
  expect((await q("select value from counters where key = 'views'")).rows[0].value).toBe(130);
  const authors = (
    await q('select n.title, a.visible_at from news_authors a join news n on n.id = a.news_id order by n.id')
  ).rows;
  expect(authors.map((a) => [a.title, a.visible_at !== null])).toEqual([
    ['منشور', true],
    ['مجدول مضى وقته', true],
    ['مجدول قادم', false],
    ['مسودة', false],
  ]);
});
