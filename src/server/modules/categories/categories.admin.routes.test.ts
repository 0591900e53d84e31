import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';
import { addNews } from '../../test/fixtures';
import { sectionNameKey } from '../../../shared/arabic';

let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'chief', 'admin');
  call = as(t.app, (await login(t.app, 'chief')).cookie);
});
afterAll(() => t.close());

const slugs = async () => (await call('GET', '/api/admin/categories')).json().map((c: { slug: string }) => c.slug);

it('adds sections with the spec defaults, refuses a taken slug, and reorders in one step', async () => {
  const a = await call('POST', '/api/admin/categories', { name: 'سياسة', slug: 'politics', isActive: true });
  expect(a.statusCode).toBe(201);
  expect(a.json()).toMatchObject({ color: '#3b82f6', order: 0, description: null, isActive: true });
  await call('POST', '/api/admin/categories', {
    name: 'ثقافة',
    slug: 'culture',
    isActive: true,
    color: '#123456',
    description: 'فنون',
  });
  await call('POST', '/api/admin/categories', { name: 'صحة', slug: 'health', isActive: true });
  expect(await slugs()).toEqual(['politics', 'culture', 'health']);

  const taken = await call('POST', '/api/admin/categories', { name: 'أخرى', slug: 'culture', isActive: true });
  expect(taken.statusCode).toBe(409);
  expect(taken.json().message).toBe('معرف التصنيف مستخدم بالفعل، اختر معرفاً آخر');

  const health = (await call('GET', '/api/admin/categories')).json()[2];
  expect((await call('POST', '/api/admin/categories/reorder', { id: health.id, direction: 'up' })).statusCode).toBe(
    200,
  );
  expect(await slugs()).toEqual(['politics', 'health', 'culture']);
  await call('POST', '/api/admin/categories/reorder', { id: a.json().id, direction: 'up' }); // first: nothing happens
  expect(await slugs()).toEqual(['politics', 'health', 'culture']);

  // The spec's two partial PUTs still work: { order } and { isActive }.
  await call('PUT', `/api/admin/categories/${a.json().id}`, { order: 5 });
  expect(await slugs()).toEqual(['health', 'culture', 'politics']);
  const off = await call('PUT', `/api/admin/categories/${a.json().id}`, { isActive: false });
  expect(off.json().isActive).toBe(false);
  expect((await t.app.inject('/api/categories')).json().map((c: { slug: string }) => c.slug)).not.toContain('politics');
});

it('renames a slug and carries the news along; refuses to delete a section that has news', async () => {
  const c = (await call('POST', '/api/admin/categories', { name: 'اقتصاد', slug: 'economy', isActive: true })).json();
  const n = await addNews(t.database.db, { category: 'economy' });
  const renamed = await call('PUT', `/api/admin/categories/${c.id}`, {
    name: 'اقتصاد',
    slug: 'economics',
    isActive: true,
  });
  expect(renamed.json().slug).toBe('economics');
  expect((await t.database.pool.query('select category from news where id = $1', [n.id])).rows[0].category).toBe(
    'economics',
  );
  const refused = await call('DELETE', `/api/admin/categories/${c.id}`);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toContain('لا يمكن حذف هذا التصنيف');
  await t.database.pool.query('delete from news where id = $1', [n.id]);
  expect((await call('DELETE', `/api/admin/categories/${c.id}`)).statusCode).toBe(200);
});

it.each([
  [{ slug: 'x', isActive: true }, 'اسم التصنيف مطلوب'],
  [{ name: 'اسم', slug: '', isActive: true }, 'معرف التصنيف مطلوب'],
  [{ name: 'اسم', slug: 'Bad Slug!', isActive: true }, 'المعرف يقبل الأحرف الإنجليزية الصغيرة والأرقام والشرطات فقط'],
  [{ name: 'اسم', slug: 'ok', color: 'red', isActive: true }, 'اللون غير صالح'],
])('refuses %j', async (body, message) => {
  const res = await call('POST', '/api/admin/categories', body);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
});

it('refuses a second section whose name reads the same (Arabic folding, any case), on the name field', async () => {
  const first = await call('POST', '/api/admin/categories', {
    name: 'الإقتصاد الليبي',
    slug: 'libyan-eco',
    isActive: true,
  });
  expect(first.statusCode).toBe(201);
  const message = 'يوجد تصنيف باسم «الإقتصاد الليبي»؛ اختر اسماً آخر حتى لا يظهر القسم مرتين في القائمة';
  for (const name of ['الإقتصاد الليبي', 'الاقتصاد  الليبي', ' الاقتصادُ الليبي ', 'الأقتصاد الليبى', 'اقتصاد ليبي']) {
    const again = await call('POST', '/api/admin/categories', { name, slug: 'libyan-eco-2', isActive: true });
    expect(again.statusCode, name).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CATEGORY_NAME_TAKEN',
      message,
      details: [{ path: 'name', message }],
    });
  }
  await call('POST', '/api/admin/categories', { name: 'Sport', slug: 'sport-en', isActive: true });
  expect(
    (await call('POST', '/api/admin/categories', { name: 'sport', slug: 'sport-2', isActive: true })).statusCode,
  ).toBe(409);
  // Renaming another section to a taken name is refused; saving a section under its own name is not.
  const other = (await call('POST', '/api/admin/categories', { name: 'مال', slug: 'money', isActive: true })).json();
  const renamed = await call('PUT', `/api/admin/categories/${other.id}`, {
    name: 'الاقتصاد الليبي',
    slug: 'money',
    isActive: true,
  });
  expect(renamed.statusCode).toBe(409);
  const same = await call('PUT', `/api/admin/categories/${first.json().id}`, {
    name: 'الإقتصاد الليبي',
    slug: 'libyan-eco',
    description: 'أخبار الاقتصاد',
    isActive: true,
  });
  expect(same.statusCode).toBe(200);
  // The public menu lists it once.
  const names = (await t.app.inject('/api/categories')).json().map((c: { name: string }) => c.name);
  expect(names.filter((n: string) => sectionNameKey(n) === sectionNameKey('الاقتصاد الليبي'))).toEqual([
    'الإقتصاد الليبي',
  ]);
});

it('lets only one of two admins adding the same name at once succeed (the unique index decides)', async () => {
  const [a, b] = await Promise.all([
    call('POST', '/api/admin/categories', { name: 'تقنية', slug: 'tech-a', isActive: true }),
    call('POST', '/api/admin/categories', { name: 'تقنيه', slug: 'tech-b', isActive: true }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('CATEGORY_NAME_TAKEN');
  // Written around the service, the database itself refuses it.
  await expect(
    t.database.pool.query("insert into categories (name, slug) values ('التقنية ', 'tech-c'), ('تقنيّة', 'tech-d')"),
  ).rejects.toMatchObject({ code: '23505', constraint: 'categories_name_key' });
});
