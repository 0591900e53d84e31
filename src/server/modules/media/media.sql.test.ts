/**
 * What readers are told about an article's picture is read with one comparison per library row at most: the id in
 * the article's address is taken out once per article, never again for every picture the database looks at (it did,
 * whenever the planner scanned a small library, and that made the database the limit of every rendered page).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCategory, addNews } from '../../test/fixtures';
import { imageInfoSql, mediaIdSql } from './media.sql';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'pictures', name: 'صور' });
  // A small library, as a new newsroom has: 60 pictures, each the picture of one article.
  const ids = (
    await t.database.pool.query(
      `insert into media (original_name, source_type, width, height, widths, bytes, alt, caption, credit)
       select 'photo-' || i || '.jpg', 'jpeg', 1600, 1000, '{400,800,1200}', 250000, 'صورة رقم ' || i, 'تعليق', 'رويترز'
       from generate_series(1, 60) i returning id`,
    )
  ).rows.map((r: { id: string }) => r.id);
  for (const id of ids) await addNews(t.database.db, { category: 'pictures', imageUrl: `/media/${id}/1200.webp` });
  await t.database.pool.query('analyze media; analyze news');
}, 60_000);
afterAll(() => t.close());

/** Every plan node under `node`, itself included. */
const nodes = (node: Record<string, unknown>): Record<string, unknown>[] => [
  node,
  ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(nodes),
];

it("finds each article's picture without reading the address again for every picture in the library", async () => {
  const rows = (
    await t.database.db.execute(
      sql`select ${imageInfoSql('n.image_url')} as info from news n where n.category = 'pictures'`,
    )
  ).rows as { info: { alt: string; credit: string } | null }[];
  expect(rows).toHaveLength(60);
  expect(rows.every((r) => r.info?.alt.startsWith('صورة رقم') && r.info.credit === 'رويترز')).toBe(true);

  const [explained] = (
    await t.database.db.execute(
      sql`explain (format json) select ${imageInfoSql('n.image_url')} as info from news n where n.category = 'pictures'`,
    )
  ).rows as { 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[];
  const plan = nodes(explained!['QUERY PLAN'][0]!.Plan);
  const mediaScans = plan.filter((n) => n['Relation Name'] === 'media');
  expect(mediaScans.length).toBeGreaterThan(0);
  for (const scan of mediaScans) {
    // The condition on the picture's rows compares with a value made once per article, by key or by filter.
    const condition = String(scan.Filter ?? scan['Index Cond'] ?? '');
    expect(condition).not.toContain('substring');
    expect(condition).toContain('InitPlan');
  }
});

it('reads the library id from a picture address, and none from an address that only looks like one', async () => {
  const id = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
  const cases: [string | null, string | null][] = [
    [`/media/${id}/800.webp`, id],
    [`/media/${id}/og.jpg`, id],
    // What the article form lets through (36 of [0-9a-f-]) without being a UUID: no id, and no failed cast.
    ['/media/------------------------------------/1.webp', null],
    ['/media/0f1e2d3c4b5a-4978-8a6b-5c4d3e2f1a0b-/1.webp', null],
    [`/media/${id.replace('-4978', '4978-')}/1.webp`, null],
    [`/media/${id.replace('0f1e', '0g1e')}/1.webp`, null],
    [`/media/${id.slice(1)}/1.webp`, null],
    [`https://agency.example/media/${id}/1.webp`, null],
    ['', null],
    [null, null],
  ];
  for (const [url, expected] of cases) {
    const [row] = (await t.database.db.execute(sql`select ${mediaIdSql(sql`${url}::text`)} as id`)).rows as {
      id: string | null;
    }[];
    expect({ url, id: row!.id }).toEqual({ url, id: expected });
  }
});

it('keeps answering the lists and the article when an article names a picture address that is not a UUID', async () => {
  await addCategory(t.database.db, { slug: 'odd', name: 'غريب' });
  const odd = await addNews(t.database.db, {
    category: 'odd',
    imageUrl: '/media/------------------------------------/1.webp',
  });
  const res = await t.app.inject({ method: 'GET', url: '/api/news/category/odd' });
  expect(res.statusCode).toBe(200);
  const [item] = res.json() as { id: number; imageUrl: string }[];
  expect(item).toMatchObject({ id: odd.id, imageUrl: '/media/------------------------------------/1.webp' });
  // An older row, or one written by hand: the form refuses such an address now (news.admin.routes.test.ts).
  const article = await t.app.inject({ method: 'GET', url: `/api/news/${odd.id}` });
  expect(article.statusCode).toBe(200);
  expect(article.json()).toMatchObject({ id: odd.id, imageInfo: null });
});
