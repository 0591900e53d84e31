/**
 * GET /api/front/sections: the front page's blocks, every active section in the newsroom's order with its newest
 * visible stories (never a draft, a story scheduled ahead, or one of a section switched off), refreshed when a story
 * is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionBlock } from '../../../shared/schemas/front';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews, hoursAhead, hoursAgo } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addCategory(db, { slug: 'sports', name: 'رياضة', position: 2 });
  await addCategory(db, { slug: 'libya', name: 'ليبيا', position: 1 });
  await addCategory(db, { slug: 'quiet', name: 'قسم بلا أخبار', position: 3 });
  await addCategory(db, { slug: 'off', name: 'قسم موقوف', position: 0, isActive: false });
  for (let i = 1; i <= 4; i++)
    await addNews(db, { category: 'libya', title: `ليبيا ${i}`, publishedAt: hoursAgo(i), views: i * 10 });
  await addNews(db, { category: 'libya', title: 'مسودة', status: 'draft' });
  await addNews(db, { category: 'libya', title: 'مجدول', status: 'scheduled', publishedAt: hoursAhead(2) });
  await addNews(db, { category: 'sports', title: 'رياضة 1', publishedAt: hoursAgo(3) });
  await addNews(db, { category: 'off', title: 'من قسم موقوف' });
});
afterAll(() => t.close());

const blocks = async (query = '') => {
  const res = await t.app.inject(`/api/front/sections${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as unknown[]).map((b) => sectionBlock.parse(b));
};

describe('GET /api/front/sections', () => {
  it('gives every active section in order with its newest visible stories, up to the limit', async () => {
    const all = await blocks('?limit=3');
    expect(all.map((b) => b.slug)).toEqual(['libya', 'sports', 'quiet']);
    expect(all[0]!.items.map((n) => n.title)).toEqual(['ليبيا 1', 'ليبيا 2', 'ليبيا 3']);
    expect(all[0]!.items[0]).toMatchObject({ categoryName: 'ليبيا', views: 10 });
    expect(all[1]!.items.map((n) => n.title)).toEqual(['رياضة 1']);
    expect(all[2]!.items).toEqual([]);
    expect((await t.app.inject('/api/front/sections?limit=50')).statusCode).toBe(400);
  });

  it('shows a story published from the newsroom at once (the cached answer dropped)', async () => {
    expect((await blocks())[1]!.items).toHaveLength(1);
    await addAdmin(t.database.db, 'front-editor', 'editor');
    const editor = as(t.app, (await login(t.app, 'front-editor')).cookie);
    const res = await editor('POST', '/api/admin/news', {
      title: 'رياضة عاجلة',
      description: 'وصف',
      content: '<p>نص</p>',
      category: 'sports',
      imageUrl: 'https://example.ly/a.jpg',
      featured: false,
      action: 'publish',
    });
    expect(res.statusCode).toBe(201);
    expect((await blocks())[1]!.items[0]!.title).toBe('رياضة عاجلة');
  });
});
