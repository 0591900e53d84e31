import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category } from '../../../shared/schemas/categories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCategory } from '../../test/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة', position: 2 });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا', position: 0, description: 'أخبار ليبيا' });
  await addCategory(t.database.db, { slug: 'hidden', name: 'مخفي', position: 1, isActive: false });
});
afterAll(() => t.close());

describe('public categories', () => {
  it('lists active sections by their order', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((c: { slug: string }) => c.slug)).toEqual(['libya', 'sports']);
    for (const c of body) expect(category.safeParse(c).success).toBe(true);
    expect(body[0]).toMatchObject({ name: 'ليبيا', order: 0, isActive: true, color: '#3b82f6' });
  });

  it('finds a section by slug, with name and description', async () => {
    const res = await t.app.inject('/api/categories/slug/libya');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'ليبيا', description: 'أخبار ليبيا' });
  });

  it('answers 404 for inactive and unknown slugs', async () => {
    for (const slug of ['hidden', 'unknown', '%D8%A7']) {
      const res = await t.app.inject(`/api/categories/slug/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('القسم غير موجود');
    }
  });
});
