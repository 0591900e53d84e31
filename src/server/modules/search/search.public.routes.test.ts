import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcMonthStart } from '../../../shared/dates';
import { SEARCH_CANDIDATES, SEARCH_PAGE_SIZE, searchResponse } from '../../../shared/schemas/search';
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

  it('ranks the word exactly as typed above looser (stemmed) matches, even newer and more frequent ones', async () => {
    const db = t.database.db;
    await addCategory(db, { slug: 'economy', name: 'اقتصاد' });
    const exact = await addNews(db, {
      category: 'economy',
      title: 'موعد انتخاب المجلس البلدي',
      description: 'البلدية تحدد الموعد',
      publishedAt: new Date(Date.now() - 5 * 86_400_000),
    });
    // Newer, and the word's stem (انتخاب: الانتخابية، الانتخابي) in its title, summary and body, but never the word
    // as typed.
    const looser = await addNews(db, {
      category: 'economy',
      title: 'اللجنة الانتخابية تعلن الجدول الانتخابي',
      description: 'العملية الانتخابية',
      content: '<p>الدعاية الانتخابية والمراكز الانتخابية</p>',
    });
    const body = await search('انتخاب');
    const ids = body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(looser.id);
    expect(body.results[0].id).toBe(exact.id);
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

describe('searching an archive of many months', () => {
  it('finds matches in every slice of months, newest first, and ranks only the newest SEARCH_CANDIDATES', async () => {
    const db = t.database.db;
    const now = new Date();
    const monthStart = (back: number) => utcMonthStart(now, back);
    const DAY = 86_400_000;
    // One match in each slice: this month, last month, the four before, the eighteen before those, and older.
    const dates = [
      new Date(Math.max(monthStart(0).getTime(), now.getTime() - 3_600_000)),
      new Date(monthStart(1).getTime() + DAY),
      new Date(monthStart(3).getTime() + DAY),
      new Date(monthStart(12).getTime() + DAY),
      new Date(monthStart(30).getTime() + DAY),
    ];
    const byAge: number[] = [];
    for (const [i, publishedAt] of dates.entries())
      byAge.push((await addNews(db, { category: 'libya', title: `فسيفساء رقم ${i}`, publishedAt })).id);
    const all = await search('فسيفساء');
    expect(all).toMatchObject({ total: 5, totalExact: true });
    expect(all.results.map((r: { id: number }) => r.id)).toEqual(byAge);

    // More matches than are ranked: the newest SEARCH_CANDIDATES are the candidates, older ones are not.
    await t.database.pool.query(
      `insert into news (title, description, content, category, status, published_at)
       select 'فسيفساء حديثة ' || g, 'وصف', '<p>نص</p>', 'libya', 'published', now() - g * interval '100 milliseconds'
       from generate_series(1, ${SEARCH_CANDIDATES + 5}) g`,
    );
    // (Another spelling of the same word: the first answer may be served from the response cache.)
    const many = await search('الفسيفساء');
    expect(many).toMatchObject({ total: SEARCH_CANDIDATES, totalExact: false });
    const pages: number[] = [];
    for (let page = 1; page <= SEARCH_CANDIDATES / SEARCH_PAGE_SIZE + 1; page++)
      pages.push(...(await search('الفسيفساء', page)).results.map((r: { id: number }) => r.id));
    expect(pages).toHaveLength(SEARCH_CANDIDATES);
    expect(new Set(pages).size).toBe(SEARCH_CANDIDATES);
    expect(pages.filter((id) => byAge.includes(id))).toEqual([]); // older than the newest 100 matches
  });
});
