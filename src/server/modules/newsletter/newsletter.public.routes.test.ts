/**
 * The reader's side of the newsletter without SMTP (the embedded default): every e-mail is written to the outbox
 * folder as a whole .eml file, which the tests read as a mail program would (mailparser).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { addCategory } from '../../test/fixtures';
import { header, linkIn, outbox } from '../../test/smtp';

let t: TestApp;
let clock = Date.parse('2026-03-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), config: testConfig(), fanout: { pollMs: 100 } });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة' });
  await addCategory(t.database.db, { slug: 'economy', name: 'اقتصاد' });
});
afterAll(() => t.close());

// Sign-ups are limited to 10 a minute per address: each group of tests comes from its own.
const subscribe = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, remoteAddress });
const mailsTo = async (address: string) =>
  (await outbox(t.config.mail.outboxDir)).filter((m) => m.mail.to && JSON.stringify(m.mail.to).includes(address));
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.9.9' });

it('answers every sign-up with the same words, new address or not, and never says who is subscribed', async () => {
  const first = await subscribe({ fullName: 'سالم', email: 'Salem@Example.ly' });
  const again = await subscribe({ fullName: 'سالم', email: 'salem@example.ly' });
  expect(first.statusCode).toBe(202);
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  expect(first.json().message).toContain('تم الاشتراك بنجاح');
  expect(first.json().message).toContain('بريدك');
  const rows = await t.database.pool.query('select full_name, email, state from newsletter_subscribers');
  expect(rows.rows).toEqual([{ full_name: 'سالم', email: 'salem@example.ly', state: 'pending' }]);
});

it('writes the confirmation to the outbox without SMTP; its link confirms once; a repeat sign-up within the hour sends nothing more', async () => {
  await subscribe({ fullName: 'منى الورفلي', email: 'mona@example.ly' }, '192.0.2.20');
  await expect.poll(async () => (await mailsTo('mona@example.ly')).length).toBe(1);
  await subscribe({ fullName: 'منى الورفلي', email: 'mona@example.ly' }, '192.0.2.20');
  const { mail, file } = (await mailsTo('mona@example.ly'))[0]!;
  expect(file).toMatch(/\.eml$/);
  expect(mail.subject).toContain('أكّد اشتراكك');
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.text).toContain('منى الورفلي');
  // A consent e-mail is not a list e-mail: no unsubscribe headers.
  expect(header(mail, 'list-unsubscribe')).toBeUndefined();

  const token = tokenOf(linkIn(mail, 'http://localhost:'));
  const confirmed = await post('/api/newsletter/confirm', { token });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().message).toContain('تم تأكيد اشتراكك');
  const state = await t.database.pool.query(`select state from newsletter_subscribers where email = 'mona@example.ly'`);
  expect(state.rows[0].state).toBe('confirmed');
  // The same link again: already confirmed, nothing changes; after leaving, it does not bring her back.
  expect((await post('/api/newsletter/confirm', { token })).json().message).toContain('مؤكَّد من قبل');
  await post('/api/newsletter/unsubscribe', { token: confirmed.json().manageToken });
  const reused = await post('/api/newsletter/confirm', { token });
  expect(reused.statusCode).toBe(410);
  expect(reused.json().message).toMatch(/[\u0600-\u06FF]/);
  const after = await t.database.pool.query(`select state from newsletter_subscribers where email = 'mona@example.ly'`);
  expect(after.rows[0].state).toBe('unsubscribed');
  // Still only the one e-mail: the repeat came within the hour.
  expect(await mailsTo('mona@example.ly')).toHaveLength(1);
});

it('sends a pending address its confirmation again after an hour; either link confirms, once', async () => {
  await subscribe({ fullName: 'زيد', email: 'zaid@example.ly' }, '192.0.2.24');
  await expect.poll(async () => (await mailsTo('zaid@example.ly')).length).toBe(1);
  clock += 61 * 60_000;
  try {
    await subscribe({ fullName: 'زيد', email: 'zaid@example.ly' }, '192.0.2.24');
    await expect.poll(async () => (await mailsTo('zaid@example.ly')).length).toBe(2);
  } finally {
    clock -= 61 * 60_000;
  }
  const [a, b] = await mailsTo('zaid@example.ly');
  const second = await post('/api/newsletter/confirm', { token: tokenOf(linkIn(b!.mail, 'http://localhost:')) });
  expect(second.json().message).toContain('تم تأكيد اشتراكك');
  const first = await post('/api/newsletter/confirm', { token: tokenOf(linkIn(a!.mail, 'http://localhost:')) });
  expect(first.json().message).toContain('مؤكَّد من قبل');
});

it('refuses a confirmation link past its seven days, and one not signed by this site', async () => {
  await subscribe({ fullName: 'عمر', email: 'omar@example.ly' }, '192.0.2.21');
  await expect.poll(async () => (await mailsTo('omar@example.ly')).length).toBe(1);
  const { mail } = (await mailsTo('omar@example.ly'))[0]!;
  const token = tokenOf(linkIn(mail, 'http://localhost:'));
  const forged = `${token.slice(0, -4)}AAAA`;
  expect((await post('/api/newsletter/confirm', { token: forged })).statusCode).toBe(400);
  clock += 7 * 86_400_000 + 60_000;
  try {
    const late = await post('/api/newsletter/confirm', { token });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toContain('انتهت صلاحية');
  } finally {
    clock -= 7 * 86_400_000 + 60_000;
  }
});

it('forgets a sign-up never confirmed after seven days, keeps a legacy subscriber until the campaign', async () => {
  await subscribe({ fullName: 'قديم', email: 'stale@example.ly' }, '192.0.2.22');
  await t.database.pool.query(
    `insert into newsletter_subscribers (full_name, email, state, legacy, created_at) values ('مشترك قديم', 'legacy@example.ly', 'pending', true, now() - interval '1 year')`,
  );
  clock += 8 * 86_400_000;
  try {
    await t.app.modules.newsletter.housekeeping();
  } finally {
    clock -= 8 * 86_400_000;
  }
  const left = await t.database.pool.query(
    `select email from newsletter_subscribers where email in ('stale@example.ly', 'legacy@example.ly')`,
  );
  expect(left.rows).toEqual([{ email: 'legacy@example.ly' }]);
});

it('lets a subscriber choose what arrives and unsubscribe with one POST to the List-Unsubscribe URL', async () => {
  await subscribe({ fullName: 'هدى', email: 'huda@example.ly' }, '192.0.2.23');
  await expect.poll(async () => (await mailsTo('huda@example.ly')).length).toBe(1);
  const { mail } = (await mailsTo('huda@example.ly'))[0]!;
  const { manageToken } = (
    await post('/api/newsletter/confirm', { token: tokenOf(linkIn(mail, 'http://localhost:')) })
  ).json();

  const view = await t.app.inject({ method: 'GET', url: `/api/newsletter/preferences?token=${manageToken}` });
  expect(view.statusCode).toBe(200);
  expect(view.headers['cache-control']).toBe('no-store');
  expect(view.json()).toMatchObject({
    email: 'huda@example.ly',
    state: 'confirmed',
    digest: true,
    alerts: true,
    sections: [],
  });
  expect(view.json().sectionChoices.map((s: { slug: string }) => s.slug)).toContain('sports');

  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/newsletter/preferences',
    payload: { token: manageToken, digest: false, alerts: true, sections: ['sports', 'economy'] },
  });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ digest: false, alerts: true, sections: ['sports', 'economy'] });
  const unknown = await t.app.inject({
    method: 'PUT',
    url: '/api/newsletter/preferences',
    payload: { token: manageToken, digest: true, alerts: true, sections: ['no-such-section'] },
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().message).toMatch(/[\u0600-\u06FF]/);

  // RFC 8058: the mail program POSTs "List-Unsubscribe=One-Click", form-encoded, to the header's URL.
  const oneClick = await t.app.inject({
    method: 'POST',
    url: `/api/newsletter/one-click/${manageToken}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.statusCode).toBe(200);
  const row = await t.database.pool.query(`select state from newsletter_subscribers where email = 'huda@example.ly'`);
  expect(row.rows[0].state).toBe('unsubscribed');
  // A browser opening the same URL lands on the unsubscribe page.
  const opened = await t.app.inject({ method: 'GET', url: `/api/newsletter/one-click/${manageToken}` });
  expect(opened.statusCode).toBe(303);
  expect(opened.headers.location).toBe(`/newsletter/unsubscribe?t=${encodeURIComponent(manageToken)}`);
  // Back again from the page: the link proves the mailbox is theirs.
  expect((await post('/api/newsletter/resubscribe', { token: manageToken })).json().state).toBe('confirmed');
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/newsletter/one-click/m.1.bad', payload: '' })).statusCode,
  ).toBe(400);
});

it.each([
  {},
  { fullName: '', email: 'a@b.ly' },
  { fullName: 'سالم', email: 'not-an-email' },
  { fullName: 'سالم' },
  'text',
])('refuses %j with an Arabic 4xx', async (payload) => {
  const res = await subscribe(payload, '192.0.2.5');
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
  await subscribe({ fullName: 'سالم الأول', email: 'salem.first@example.ly' }, '192.0.2.8');
  await subscribe({ fullName: '=HYPERLINK("x")', email: 'formula@example.ly' }, '192.0.2.8');
  await addAdmin(t.database.db, 'chief', 'admin');
  await addAdmin(t.database.db, 'writer', 'editor');
  const csv = await as(t.app, (await login(t.app, 'chief')).cookie)('GET', '/api/admin/newsletter/export.csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.body).toContain('سالم الأول,salem.first@example.ly,pending');
  expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`); // no spreadsheet formulas
  expect(
    (await as(t.app, (await login(t.app, 'writer')).cookie)('GET', '/api/admin/newsletter/export.csv')).statusCode,
  ).toBe(403);
});
