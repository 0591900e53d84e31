import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'chief', 'admin');
});
afterAll(() => t.close());

it('changes the site name and contact e-mail that the reader pages show', async () => {
  const call = as(t.app, (await login(t.app, 'chief')).cookie);
  const current = (await call('GET', '/api/admin/settings')).json();
  await t.app.inject({ url: '/', headers: { host: 'sahifa.test' } }); // cached page
  const res = await call('PUT', '/api/admin/settings', {
    ...current,
    siteName: 'الوسط الليبي',
    contactEmail: 'desk@alwasat.ly',
  });
  expect(res.statusCode).toBe(200);
  expect((await t.app.inject('/api/settings')).json()).toMatchObject({
    siteName: 'الوسط الليبي',
    contactEmail: 'desk@alwasat.ly',
  });
  const page = await t.app.inject({ url: '/', headers: { host: 'sahifa.test' } });
  expect(page.body).toContain('<meta property="og:site_name" content="الوسط الليبي">');
  expect(page.body).toContain('desk@alwasat.ly');
  const bad = await call('PUT', '/api/admin/settings', {
    ...current,
    social: { ...current.social, facebook: 'javascript:alert(1)' },
  });
  expect(bad.statusCode).toBe(400);
});
