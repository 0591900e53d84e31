import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticle, newsListItem } from '../../../shared/schemas/news';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCategory, addNews, hoursAgo, hoursAhead } from '../../test/fixtures';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا', color: '#dc2626', position: 0 });
  await addCategory(db, { slug: 'sports', name: 'رياضة', color: '#7c3aed', position: 1 });
  await addCategory(db, { slug: 'closed', name: 'مغلق', isActive: false, position: 2 });
  const newest = await addNews(db, {
    category: 'libya',
    title: 'الأحدث',
    publishedAt: hoursAgo(1),
    views: 5,
    featured: true,
  });
  const middle = await addNews(db, { category: 'sports', title: 'الأوسط', publishedAt: hoursAgo(2), views: 50 });
  const oldest = await addNews(db, {
    category: 'libya',
    title: 'الأقدم',
    publishedAt: hoursAgo(3),
    views: 500,
    featured: true,
  });
  const draft = await addNews(db, {
    category: 'libya',
    title: 'مسودة',
    status: 'draft',
    publishedAt: hoursAgo(1),
    views: 9999,
    featured: true,
  });
  const future = await addNews(db, {
    category: 'sports',
    title: 'مجدول',
    status: 'scheduled',
    publishedAt: hoursAhead(5),
    views: 9999,
  });
  const inClosed = await addNews(db, { category: 'closed', title: 'في قسم مغلق', publishedAt: hoursAgo(4), views: 1 });
  ids = {
    newest: newest.id,
    middle: middle.id,
    oldest: oldest.id,
    draft: draft.id,
    future: future.id,
    inClosed: inClosed.id,
  };
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/news', () => {
  it('lists published news newest first, with both camelCase and snake_case image and date fields', async () => {
    const res = await get('/api/news');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((n: { title: string }) => n.title)).toEqual(['الأحدث', 'الأوسط', 'الأقدم', 'في قسم مغلق']);
    for (const item of body) expect(newsListItem.safeParse(item).success).toBe(true);
    const first = body[0];
    expect(first.image_url).toBe(first.imageUrl);
    expect(first.published_at).toBe(first.publishedAt);
    expect(first.categoryName).toBe('ليبيا');
    expect(first.categoryColor).toBe('#dc2626');
  });

  it('never shows drafts or news scheduled for later', async () => {
    const titles = (await get('/api/news?limit=100')).json().map((n: { title: string }) => n.title);
    expect(titles).not.toContain('مسودة');
    expect(titles).not.toContain('مجدول');
  });

  it('pages with limit and offset', async () => {
    const page = (await get('/api/news?limit=2&offset=1')).json();
    expect(page.map((n: { id: number }) => n.id)).toEqual([ids.middle, ids.oldest]);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'limit=1e99'])(
    'rejects %s with an Arabic 400',
    async (q) => {
      const res = await get(`/api/news?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'البيانات المرسلة غير صالحة' });
      expect(res.json().requestId).toBeTruthy();
    },
  );
});

describe('featured and most read', () => {
  it('lists only featured, published news', async () => {
    const titles = (await get('/api/news/featured')).json().map((n: { title: string }) => n.title);
    expect(titles).toEqual(['الأحدث', 'الأقدم']);
  });

  it('orders most read by views and returns id, title, views', async () => {
    const body = (await get('/api/news/most-read')).json();
    expect(body.map((n: { id: number }) => n.id)).toEqual([ids.oldest, ids.middle, ids.newest, ids.inClosed]);
    expect(Object.keys(body[0]).sort()).toEqual(['category', 'id', 'title', 'views']);
    expect((await get('/api/news/most-read?limit=2')).json()).toHaveLength(2);
  });
});

describe('GET /api/news/category/:slug', () => {
  it("lists a section's published news", async () => {
    const body = (await get('/api/news/category/libya')).json();
    expect(body.map((n: { id: number }) => n.id)).toEqual([ids.newest, ids.oldest]);
  });

  it('answers 404 for an unknown or inactive section', async () => {
    for (const slug of ['nowhere', 'closed', 'home']) {
      const res = await get(`/api/news/category/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CATEGORY_NOT_FOUND', message: 'القسم غير موجود' });
    }
  });
});

describe('GET /api/news/:id', () => {
  it('returns one article with its body', async () => {
    const res = await get(`/api/news/${ids.newest}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(newsArticle.safeParse(body).success).toBe(true);
    expect(body.content).toContain('<p>');
  });

  it('never hands a script to readers, even from a row written around the editor', async () => {
    const row = await addNews(t.database.db, {
      category: 'libya',
      content: '<p onclick="x()">نص</p><script>alert(1)</script><a href="javascript:alert(1)">رابط</a>',
    });
    const body = (await get(`/api/news/${row.id}`)).json();
    expect(body.content).toBe('<p>نص</p><a rel="nofollow">رابط</a>');
  });

  it('hides drafts and scheduled news as not found', async () => {
    for (const id of [ids.draft, ids.future, 987654]) {
      const res = await get(`/api/news/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NEWS_NOT_FOUND', message: 'الخبر غير موجود' });
    }
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '1;drop table news'])('rejects the id %s with 400', async (id) => {
    const res = await get(`/api/news/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(400);
  });

  it('lists related news: same section first, never the article itself', async () => {
    const body = (await get(`/api/news/${ids.newest}/related`)).json();
    const relatedIds = body.map((n: { id: number }) => n.id);
    expect(relatedIds[0]).toBe(ids.oldest);
    expect(relatedIds).not.toContain(ids.newest);
    expect(relatedIds).not.toContain(ids.draft);
  });
});

describe('POST /api/news/:id/view', () => {
  it('counts every view, answering with the new count (public GETs are cached for up to a minute)', async () => {
    const stored = async () =>
      Number(
        (await t.database.pool.query('select views from news_views where news_id = $1', [ids.middle])).rows[0].views,
      );
    const before = await stored();
    for (let i = 1; i <= 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/news/${ids.middle}/view` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: ids.middle, views: before + i });
    }
    await t.app.modules.viewCounter.flush(); // written in batches (view-counter.test.ts)
    expect(await stored()).toBe(before + 3);
  });

  it('does not count views of drafts or missing news', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/news/${ids.draft}/view` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/news/424242/view' })).statusCode).toBe(404);
  });
});
