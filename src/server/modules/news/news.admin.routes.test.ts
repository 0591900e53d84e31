import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews, hoursAgo } from '../../test/fixtures';

let t: TestApp;
let call: ReturnType<typeof as>;
const article = {
  title: 'خبر جديد',
  description: 'وصف الخبر',
  content: '<p>نص <strong>الخبر</strong></p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
};

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة' });
  await addAdmin(t.database.db, 'writer', 'editor');
  call = as(t.app, (await login(t.app, 'writer')).cookie);
});
afterAll(() => t.close());

describe('news administration', () => {
  it('creates an article that readers see at once, edits it, features it and deletes it', async () => {
    await t.app.inject('/api/news'); // fill the public cache
    const created = await call('POST', '/api/admin/news', article);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      title: 'خبر جديد',
      categoryName: 'ليبيا',
      featured: false,
      views: 0,
      status: 'published',
    });
    expect((await t.app.inject('/api/news')).json().map((n: { id: number }) => n.id)).toContain(id);

    const edited = await call('PUT', `/api/admin/news/${id}`, { ...article, title: 'عنوان معدل', category: 'sports' });
    expect(edited.json()).toMatchObject({ title: 'عنوان معدل', category: 'sports', categoryName: 'رياضة' });
    expect((await t.app.inject(`/api/news/${id}`)).json().title).toBe('عنوان معدل');

    expect((await call('PATCH', `/api/admin/news/${id}/featured`, { featured: true })).json().featured).toBe(true);
    expect((await t.app.inject('/api/news/featured')).json().map((n: { id: number }) => n.id)).toContain(id);

    const list = await call('GET', '/api/admin/news?q=معدل');
    expect(list.json().map((n: { id: number }) => n.id)).toEqual([id]);
    expect((await call('GET', '/api/admin/news?category=libya')).json()).toEqual([]);

    expect((await call('DELETE', `/api/admin/news/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/news/${id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/news/${id}/featured`, { featured: false })).statusCode).toBe(404);
  });

  it('sanitises the body on save', async () => {
    const res = await call('POST', '/api/admin/news', {
      ...article,
      content: '<p onclick="steal()">نص</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    });
    expect(res.statusCode).toBe(201);
    const stored = await t.database.pool.query('select content from news where id = $1', [res.json().id]);
    expect(stored.rows[0].content).toMatch(/^<p>نص<\/p>/);
    expect(stored.rows[0].content).not.toMatch(/onclick|onerror|script/);
  });

  it.each([
    [{ ...article, title: '  ' }, 'جميع الحقول مطلوبة'],
    [{ ...article, content: '<p> </p><script>x</script>' }, 'جميع الحقول مطلوبة'],
    [{ ...article, category: '' }, 'جميع الحقول مطلوبة'],
    [{ ...article, imageUrl: '' }, 'يرجى تحميل صورة للخبر أو توفير رابط صورة'],
    [{ ...article, imageUrl: 'javascript:alert(1)' }, 'رابط الصورة يجب أن يبدأ بـ http أو https'],
    // One of ours in shape only: the id is not a UUID (the database would refuse it wherever it is read).
    [
      { ...article, imageUrl: '/media/------------------------------------/1200.webp' },
      'رابط الصورة يجب أن يبدأ بـ http أو https',
    ],
    [{ ...article, category: 'nowhere' }, 'التصنيف المختار غير موجود'],
    // Too long is not "required": the message says what is wrong, and the field (details) where.
    [{ ...article, title: 'ع'.repeat(484) }, 'العنوان 300 حرف على الأكثر'],
    [{ ...article, description: 'و'.repeat(1001) }, 'الوصف 1000 حرف على الأكثر'],
    [
      { ...article, content: '<b>'.repeat(50_000) + 'نص' + '</b>'.repeat(50_000) },
      'تنسيق نص الخبر متداخل أكثر من المسموح؛ انسخ النص دون تنسيقه ثم أعد المحاولة',
    ],
  ])('refuses a bad article with the right message (%#)', async (body, message) => {
    const before = (await t.database.pool.query('select count(*)::int n from news')).rows[0].n;
    const res = await call('POST', '/api/admin/news', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.database.pool.query('select count(*)::int n from news')).rows[0].n).toBe(before);
  });

  it('names the field a too long title is in, and takes exactly the stated limit', async () => {
    const refused = await call('POST', '/api/admin/news', { ...article, title: 'ع'.repeat(301) });
    expect(refused.json().details).toEqual([{ path: 'body.title', message: 'العنوان 300 حرف على الأكثر' }]);
    const empty = await call('POST', '/api/admin/news', { ...article, title: ' ' });
    expect(empty.json().details).toEqual([{ path: 'body.title', message: 'جميع الحقول مطلوبة' }]);
    // The limit counts characters after trimming, as the editor's counter does.
    const fits = await call('POST', '/api/admin/news', { ...article, title: ` ${'ع'.repeat(300)} ` });
    expect(fits.statusCode).toBe(201);
    await call('DELETE', `/api/admin/news/${fits.json().id}`);
  });

  it('lists the last changed first, whatever order the rows were inserted in', async () => {
    await t.database.pool.query('delete from news');
    // An imported archive: inserted newest first, so ids run against time.
    const newest = await addNews(t.database.db, { category: 'libya', title: 'الأحدث', updatedAt: hoursAgo(1) });
    const middle = await addNews(t.database.db, { category: 'libya', title: 'الأوسط', updatedAt: hoursAgo(5) });
    const oldest = await addNews(t.database.db, { category: 'sports', title: 'الأقدم', updatedAt: hoursAgo(30) });
    const draft = await addNews(t.database.db, {
      category: 'libya',
      title: 'مسودة',
      status: 'draft',
      publishedAt: null,
      updatedAt: hoursAgo(3),
    });
    const ids = async (query = '') =>
      (await call('GET', `/api/admin/news${query}`)).json().map((n: { id: number }) => n.id);
    expect(await ids()).toEqual([newest.id, draft.id, middle.id, oldest.id]);
    expect(await ids('?status=published')).toEqual([newest.id, middle.id, oldest.id]);
    expect(await ids('?category=libya')).toEqual([newest.id, draft.id, middle.id]);
    // Correcting the oldest story brings it to the top; so does the dashboard's latest-news card.
    const version = (await call('GET', `/api/admin/news/${oldest.id}`)).json().version;
    await call('PUT', `/api/admin/news/${oldest.id}`, {
      ...article,
      title: 'الأقدم مصححاً',
      category: 'sports',
      version,
    });
    expect(await ids()).toEqual([oldest.id, newest.id, draft.id, middle.id]);
    const latest = (await call('GET', '/api/admin/statistics')).json().latestNews;
    expect(latest.map((n: { id: number }) => n.id)).toEqual([oldest.id, newest.id, draft.id, middle.id]);
    expect(latest[2]).toMatchObject({ status: 'draft', publishedAt: null, updatedAt: expect.any(String) });
  });

  it('reports the total views', async () => {
    const res = await call('GET', '/api/admin/news/views');
    expect(res.json()).toEqual({ totalViews: expect.any(Number) });
  });
});
