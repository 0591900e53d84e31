/**
 * The editors' review queue: what writers sent, who sent it and when, the longest waiting first; the dashboard's
 * latest news says when a story in review was sent (never "غير محدد").
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let clock = Date.parse('2026-03-01T08:00:00Z');
let writer: ReturnType<typeof as>;
let editor: ReturnType<typeof as>;
const draft = {
  title: 'تقرير الكاتبة',
  description: 'وصف',
  content: '<p>نص التقرير</p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
};

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'rq-writer', 'writer');
  await addAdmin(t.database.db, 'rq-editor', 'editor');
  writer = as(t.app, (await login(t.app, 'rq-writer')).cookie);
  editor = as(t.app, (await login(t.app, 'rq-editor')).cookie);
});
afterAll(() => t.close());

const queue = async () => (await editor('GET', '/api/admin/news/review-queue')).json();

it('lists what writers sent, who sent it and when, the longest waiting first; only editors see it', async () => {
  expect(await queue()).toEqual({ total: 0, items: [] });
  // Sent in two steps (a draft, then «إرسال للمراجعة»)…
  const first = (await writer('POST', '/api/admin/news', { ...draft, action: 'draft' })).json();
  clock += 60_000;
  expect(
    (await writer('POST', `/api/admin/news/${first.id}/transition`, { action: 'review', version: first.version }))
      .statusCode,
  ).toBe(200);
  const sentFirst = new Date(clock).toISOString();
  // …or at once.
  clock += 60_000;
  const second = (await writer('POST', '/api/admin/news', { ...draft, title: 'تقرير ثان', action: 'review' })).json();
  const sentSecond = new Date(clock).toISOString();

  expect(await queue()).toEqual({
    total: 2,
    items: [
      {
        id: first.id,
        title: 'تقرير الكاتبة',
        categoryName: 'ليبيا',
        submittedAt: sentFirst,
        submittedBy: { id: expect.any(Number), fullName: 'rq-writer الكامل' },
      },
      expect.objectContaining({ id: second.id, submittedAt: sentSecond }),
    ],
  });
  expect((await writer('GET', '/api/admin/news/review-queue')).statusCode).toBe(403);

  // Saving it again while it waits keeps its place in the queue.
  clock += 60_000;
  const saved = await writer('PUT', `/api/admin/news/${first.id}`, {
    ...draft,
    title: 'تقرير الكاتبة معدلاً',
    action: 'review',
  });
  expect(saved.statusCode).toBe(200);
  expect((await queue()).items[0]).toMatchObject({ id: first.id, submittedAt: sentFirst });

  // The news table says it too.
  const rows = (await editor('GET', '/api/admin/news?status=review')).json();
  expect(rows.find((n: { id: number }) => n.id === first.id)).toMatchObject({ submittedAt: sentFirst });

  // The dashboard's latest news says when a story in review was sent.
  const latest = (await editor('GET', '/api/admin/statistics')).json().latestNews;
  expect(latest.find((n: { id: number }) => n.id === second.id)).toMatchObject({
    status: 'review',
    publishedAt: null,
    submittedAt: sentSecond,
  });

  // Published: it leaves the queue.
  clock += 60_000;
  await editor('POST', `/api/admin/news/${first.id}/transition`, { action: 'publish' });
  expect(await queue()).toMatchObject({ total: 1, items: [{ id: second.id }] });
});
