/**
 * Tags had transliterated addresses (/tag/trabls for طرابلس) before migration 0007. After it, each tag's address is
 * its own Arabic words (/tag/طرابلس), and every former address still works: the page answers 301 to the new one,
 * so links already shared and search results keep working.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { createDatabaseAt } from '../test/database-at';
import { testConfig } from '../test/harness';

let database: Database & { drop: () => Promise<void> };

beforeAll(async () => {
  database = await createDatabaseAt(6);
});
afterAll(() => database.drop());

it('gives every tag an Arabic address and answers its former one with 301', async () => {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(`insert into categories (name, slug, position) values ('ليبيا', 'libya', 0)`);
  const { rows: news } = await q(`insert into news (title, description, content, category, status, published_at)
    values ('خبر من طرابلس', 'وصف', '<p>نص</p>', 'libya', 'published', now() - interval '1 hour') returning id`);
  // As the old code named them: transliterated; and two spellings of one name that PostgreSQL keeps apart.
  const { rows: tags } = await q(`insert into tags (name, slug) values
    ('طرابلس', 'trabls'), ('مصرف ليبيا المركزي', 'msrf-lyby-almrkzy'), ('Oil', 'oil'), ('الإعلام', 'alilam')
    returning id, name`);
  for (const [position, t] of tags.entries())
    await q(
      "insert into news_tags (news_id, tag_id, position, visible_at) values ($1, $2, $3, now() - interval '1 hour')",
      [news[0].id, t.id, position],
    );

  await runMigrations(database.db);

  const { rows: after } = await q('select name, slug from tags order by id');
  expect(after).toEqual([
    { name: 'طرابلس', slug: 'طرابلس' },
    { name: 'مصرف ليبيا المركزي', slug: 'مصرف-ليبيا-المركزي' },
    { name: 'Oil', slug: 'oil' },
    { name: 'الإعلام', slug: 'الإعلام' },
  ]);
  const { rows: aliases } = await q('select slug from tag_slug_aliases order by slug');
  // 'oil' stayed what it was: no alias needed.
  expect(aliases.map((a) => a.slug)).toEqual(['alilam', 'msrf-lyby-almrkzy', 'trabls']);

  const config = testConfig();
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  try {
    const old = await app.inject('/tag/trabls');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/tag/${encodeURIComponent('طرابلس')}`);
    const page = await app.inject(old.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('خبر من طرابلس');
    expect((await app.inject(`/api/tags/${encodeURIComponent('مصرف-ليبيا-المركزي')}`)).statusCode).toBe(200);
    // An address no tag ever had is still the not-found page.
    expect((await app.inject('/tag/no-such-tag')).statusCode).toBe(404);
  } finally {
    await app.close();
  }
});
