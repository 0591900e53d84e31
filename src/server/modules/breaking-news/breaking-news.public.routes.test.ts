import { afterAll, beforeAll, expect, it } from 'vitest';
import { breakingNewsItem } from '../../../shared/schemas/breaking-news';
import { createTestApp, type TestApp } from '../../test/harness';
import { addBreaking, hoursAgo, hoursAhead } from '../../test/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addBreaking(db, { title: 'منخفض قديم', priority: 10, createdAt: hoursAgo(5) });
  await addBreaking(db, { title: 'مرتفع', priority: 90, createdAt: hoursAgo(4) });
  await addBreaking(db, { title: 'منخفض جديد', priority: 10, createdAt: hoursAgo(1) });
  await addBreaking(db, { title: 'غير نشط', priority: 100, isActive: false });
  await addBreaking(db, { title: 'منتهي', priority: 100, expiresAt: hoursAgo(1) });
  await addBreaking(db, { title: 'ينتهي لاحقاً', priority: 50, expiresAt: hoursAhead(2) });
});
afterAll(() => t.close());

it('shows active, unexpired breaking news: higher priority first, then newest', async () => {
  const res = await t.app.inject('/api/breaking-news');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.map((b: { title: string }) => b.title)).toEqual(['مرتفع', 'ينتهي لاحقاً', 'منخفض جديد', 'منخفض قديم']);
  for (const b of body) expect(breakingNewsItem.safeParse(b).success).toBe(true);
  expect(body[0]).toMatchObject({ isActive: true, expiresAt: null });
});
