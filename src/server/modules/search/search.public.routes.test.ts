import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '../../../shared/schemas/search';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCategory, addNews } from '../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا' });
  await addNews(db, { category: 'libya', title: 'إبراهيم يفتتح مدرسة جديدة', description: 'افتتاح في طرابلس' });
  await addNews(db, {
    category: 'libya',
    title: 'أخبار الطقس',
    description: 'الأمطار في المدارس',
    content: '<p>المدرسة مغلقة اليوم</p>',
  });
  await addNews(db, { category: 'libya', title: 'مسودة عن إبراهيم', status: 'draft' });
  for (let i = 0; i < 12; i++)
    await addNews(db, { category: 'libya', title: `تقرير اقتصادي رقم ${i}`, description: 'النفط والاقتصاد' });
});
afterAll(() => t.close());

const search = async (q: string, page = 1) => {
  const res = await t.app.inject(`/api/search?q=${encodeURIComponent(q)}&page=${page}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(searchResponse.safeParse(body).success).toBe(true);
  return body;
};

describe('GET /api/search', () => {
  it.each(['ابراهيم', 'إبراهيم', 'إِبْرَاهِيم', 'ابراهـــيم'])('finds إبراهيم typed as %s, never the draft', async (q) => {
    const body = await search(q);
    expect(body.results.map((r: { title: string }) => r.title)).toEqual(['إبراهيم يفتتح مدرسة جديدة']);
  });

  it('matches ة typed as ه and inflected forms, title before body', async () => {
    const body = await search('مدرسه');
    expect(body.results[0].title).toBe('إبراهيم يفتتح مدرسة جديدة');
    expect(body.total).toBeGreaterThanOrEqual(2);
  });

  it('pages the results', async () => {
    const first = await search('الاقتصاد');
    expect(first.total).toBe(12);
    expect(first.results).toHaveLength(10);
    expect((await search('الاقتصاد', 2)).results).toHaveLength(2);
  });

  it('answers a query with no hits with an empty list, and a blank query with 400', async () => {
    expect(await search('كلمةلاتوجد')).toMatchObject({ total: 0, results: [] });
    expect((await t.app.inject('/api/search?q=%20')).statusCode).toBe(400);
    expect((await t.app.inject(`/api/search?q=${'x'.repeat(300)}`)).statusCode).toBe(400);
    expect((await search("'); drop table news; --")).total).toBe(0);
  });
});
