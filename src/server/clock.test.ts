/** One clock: what readers see and every timestamp a write stores follow the injected `now`, SQL included. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login } from './test/admin-client';
import { addCategory, addNews } from './test/fixtures';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
let clock = new Date('2030-06-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'clock', 'editor');
});
afterAll(() => t.close());

it('shows an article only once the injected clock reaches its publication time', async () => {
  const later = await addNews(t.database.db, {
    category: 'libya',
    title: 'خبر في المستقبل',
    publishedAt: new Date('2030-06-01T12:00:00Z'),
  });
  expect((await t.app.inject(`/api/news/${later.id}`)).statusCode).toBe(404);
  clock = new Date('2030-06-01T12:00:01Z');
  await t.app.invalidation.publish(['news']);
  expect((await t.app.inject(`/api/news/${later.id}`)).statusCode).toBe(200);
});

it('stamps writes with the injected clock, not the database’s', async () => {
  clock = new Date('2031-01-02T03:04:05.000Z');
  const call = as(t.app, (await login(t.app, 'clock')).cookie);
  const created = await call('POST', '/api/admin/news', {
    title: 'خبر بتوقيت الاختبار',
    description: 'وصف',
    content: '<p>نص</p>',
    category: 'libya',
    imageUrl: 'https://example.ly/a.jpg',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ publishedAt: clock.toISOString(), createdAt: clock.toISOString() });
  const audit = await t.database.pool.query("select created_at from audit_log where action = 'create'");
  expect(audit.rows[0].created_at.toISOString()).toBe(clock.toISOString());
});
