import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Sign-ups are limited to 10 a minute per address: each group of tests comes from its own.
const subscribe = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress });

it('stores a subscription once; a repeat (any letter case) is a friendly success', async () => {
  const first = await subscribe({ fullName: 'سالم', email: 'Salem@Example.ly' });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toEqual({ message: 'تم الاشتراك بنجاح', alreadySubscribed: false });
  const again = await subscribe({ fullName: 'سالم', email: 'salem@example.ly' });
  expect(again.statusCode).toBe(200);
  expect(again.json().alreadySubscribed).toBe(true);
  const rows = await t.database.pool.query('select full_name, email from newsletter_subscribers');
  expect(rows.rows).toEqual([{ full_name: 'سالم', email: 'salem@example.ly' }]);
});

it.each([
  {},
  { fullName: '', email: 'a@b.ly' },
  { fullName: 'سالم', email: 'not-an-email' },
  { fullName: 'سالم' },
  'text',
])('refuses %j with an Arabic 4xx', async (payload) => {
  const res = await subscribe(payload);
  expect([400, 415]).toContain(res.statusCode);
  expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
});

it.each([
  [{ fullName: '', email: 'a@b.ly' }, 'body.fullName', 'الاسم الكامل مطلوب'],
  [{ fullName: 'سالم', email: 'salem@' }, 'body.email', 'البريد الإلكتروني غير صالح'],
  [{ fullName: 'سالم', email: '  ' }, 'body.email', 'البريد الإلكتروني مطلوب'],
])('names the field at fault in %j, in Arabic, as the form shows it', async (payload, path, message) => {
  const res = await subscribe(payload, '192.0.2.7');
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toContain(message);
  expect(res.json().details).toContainEqual({ path, message: expect.stringContaining(message) });
});

it('lets an admin export the subscribers as CSV, and nobody else', async () => {
  const { addAdmin, as, login } = await import('../../test/admin-client');
  await subscribe({ fullName: '=HYPERLINK("x")', email: 'formula@example.ly' });
  await addAdmin(t.database.db, 'chief', 'admin');
  await addAdmin(t.database.db, 'writer', 'editor');
  const csv = await as(t.app, (await login(t.app, 'chief')).cookie)('GET', '/api/admin/newsletter/export.csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.body).toContain('سالم,salem@example.ly');
  expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`); // no spreadsheet formulas
  expect(
    (await as(t.app, (await login(t.app, 'writer')).cookie)('GET', '/api/admin/newsletter/export.csv')).statusCode,
  ).toBe(403);
});
