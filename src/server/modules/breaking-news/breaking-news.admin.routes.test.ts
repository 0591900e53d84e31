import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';

let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'chief', 'admin');
  call = as(t.app, (await login(t.app, 'chief')).cookie);
});
afterAll(() => t.close());

it('creates, toggles (isActive only), edits and deletes breaking news; the public ticker follows at once', async () => {
  expect((await t.app.inject('/api/breaking-news')).json()).toEqual([]); // now cached
  const created = await call('POST', '/api/admin/breaking-news', {
    title: '  عاجل: خبر مهم  ',
    isActive: true,
    priority: 70,
    expiresAt: null,
  });
  expect(created.statusCode).toBe(201);
  const item = created.json();
  expect(item).toMatchObject({ title: 'عاجل: خبر مهم', priority: 70, isActive: true, expiresAt: null });
  expect((await t.app.inject('/api/breaking-news')).json().map((b: { id: number }) => b.id)).toEqual([item.id]);

  const toggled = await call('PUT', `/api/admin/breaking-news/${item.id}`, { isActive: false });
  expect(toggled.json()).toMatchObject({ isActive: false, title: 'عاجل: خبر مهم', priority: 70 });
  expect((await t.app.inject('/api/breaking-news')).json()).toEqual([]);

  const edited = await call('PUT', `/api/admin/breaking-news/${item.id}`, {
    title: 'عنوان جديد',
    isActive: true,
    priority: 'abc',
    expiresAt: '2099-01-01T10:00:00.000Z',
  });
  expect(edited.json()).toMatchObject({ title: 'عنوان جديد', priority: 0, expiresAt: '2099-01-01T10:00:00.000Z' });
  expect((await call('GET', '/api/admin/breaking-news')).json()).toHaveLength(1);

  expect((await call('DELETE', `/api/admin/breaking-news/${item.id}`)).json()).toEqual({ message: 'تم الحذف' });
  expect((await call('DELETE', `/api/admin/breaking-news/${item.id}`)).statusCode).toBe(404);
  const log = await t.database.pool.query("select action from audit_log where entity = 'breaking_news' order by id");
  expect(log.rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
});

it.each([
  [{ title: '   ', isActive: true, priority: 0 }, 'عنوان الخبر العاجل مطلوب'],
  [{ isActive: true, priority: 0 }, 'عنوان الخبر العاجل مطلوب'],
  [{ title: 'خبر', priority: 150 }, 'الأولوية من 0 إلى 100'],
  [{ title: 'خبر', priority: -1 }, 'الأولوية من 0 إلى 100'],
  [{ title: 'خبر', expiresAt: 'tomorrow' }, 'تاريخ الانتهاء غير صالح'],
])('refuses %j with "%s" and stores nothing', async (body, message) => {
  const res = await call('POST', '/api/admin/breaking-news', body);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
  expect((await t.database.pool.query('select count(*)::int n from breaking_news')).rows[0].n).toBe(0);
});

it('links a breaking item to its story (a live coverage) while readers can see the story, never to a draft', async () => {
  const { addCategory, addNews } = await import('../../test/fixtures');
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  const story = await addNews(t.database.db, { category: 'libya' });
  const draft = await addNews(t.database.db, { category: 'libya', status: 'draft', publishedAt: null });
  const linked = await call('POST', '/api/admin/breaking-news', { title: 'عاجل مع رابط', newsId: story.id });
  expect(linked.json()).toMatchObject({ newsId: story.id });
  const toDraft = await call('POST', '/api/admin/breaking-news', { title: 'عاجل إلى مسودة', newsId: draft.id });
  const missing = await call('POST', '/api/admin/breaking-news', { title: 'عاجل بلا خبر', newsId: 999_999 });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().details).toEqual([{ path: 'newsId', message: expect.stringContaining('غير موجود') }]);
  const ticker = (await t.app.inject('/api/breaking-news')).json<{ id: number; newsId: number | null }[]>();
  expect(ticker.find((b) => b.id === linked.json().id)?.newsId).toBe(story.id);
  expect(ticker.find((b) => b.id === toDraft.json().id)?.newsId).toBeNull();
});
