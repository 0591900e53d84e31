/**
 * The newsroom's side: subscribers by state (admins only), forgetting one, the digest's settings and whether mail is
 * configured, the history of sends with their figures and the e-mail as sent, the one confirmation campaign.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addSubscriber } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { header, linkIn, outbox } from '../../test/smtp';

let t: TestApp;
let chief: ReturnType<typeof as>;
let desk: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ fanout: { pollMs: 100 } });
  await addAdmin(t.database.db, 'chief', 'admin');
  await addAdmin(t.database.db, 'desk', 'editor');
  chief = as(t.app, (await login(t.app, 'chief')).cookie);
  desk = as(t.app, (await login(t.app, 'desk')).cookie);
});
afterAll(() => t.close());

it('lists subscribers by state and by part of their address or name, with the counts; admins only', async () => {
  const db = t.database.db;
  await addSubscriber(db, { fullName: 'نوال الترهوني', email: 'nawal@example.ly' });
  await addSubscriber(db, { email: 'left@example.ly', state: 'unsubscribed', unsubscribedAt: new Date() });
  await addSubscriber(db, { email: 'bounced@example.ly', state: 'suppressed', suppressedReason: '5.1.1 no such user' });
  await addSubscriber(db, { email: 'new@example.ly', state: 'pending', confirmedAt: null });
  await addSubscriber(db, { email: 'old1@example.ly', state: 'pending', legacy: true, confirmedAt: null });
  await addSubscriber(db, { email: 'old2@example.ly', state: 'pending', legacy: true, confirmedAt: null });

  const counts = (await chief('GET', '/api/admin/newsletter')).json();
  expect(counts).toEqual({
    subscribers: 6,
    pending: 3,
    confirmed: 1,
    unsubscribed: 1,
    suppressed: 1,
    legacyWaiting: 2,
    campaignSent: false,
  });
  const suppressed = await chief('GET', '/api/admin/newsletter/subscribers?state=suppressed');
  expect(suppressed.json()).toEqual([
    expect.objectContaining({
      email: 'bounced@example.ly',
      state: 'suppressed',
      suppressedReason: '5.1.1 no such user',
    }),
  ]);
  expect((await chief('GET', `/api/admin/newsletter/subscribers?q=${encodeURIComponent('الترهوني')}`)).json()).toEqual([
    expect.objectContaining({ email: 'nawal@example.ly', state: 'confirmed' }),
  ]);
  expect((await chief('GET', '/api/admin/newsletter/subscribers?q=old')).headers['x-total-count']).toBe('2');
  expect((await chief('GET', '/api/admin/newsletter/subscribers?state=gone')).statusCode).toBe(400);
  expect((await desk('GET', '/api/admin/newsletter/subscribers')).statusCode).toBe(403);
});

it('sends the one confirmation campaign to legacy subscribers, whose link then confirms them', async () => {
  expect((await desk('POST', '/api/admin/newsletter/campaign')).statusCode).toBe(403);
  const res = await chief('POST', '/api/admin/newsletter/campaign');
  expect(res.statusCode).toBe(201);
  expect(res.json().message).toContain('مستلم');
  expect((await chief('POST', '/api/admin/newsletter/campaign')).statusCode).toBe(409);
  await expect.poll(async () => (await outbox(t.config.mail.outboxDir)).length).toBe(2);
  const [first] = await outbox(t.config.mail.outboxDir);
  expect(first!.mail.subject).toContain('مشتركاً');
  expect(header(first!.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const token = new URL(linkIn(first!.mail, 'http://localhost:')).searchParams.get('t')!;
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
  expect(confirmed.statusCode).toBe(200);
  const counts = (await chief('GET', '/api/admin/newsletter')).json();
  expect(counts).toMatchObject({ confirmed: 2, legacyWaiting: 0, campaignSent: true });
});

it('shows the history of sends with their figures and the e-mail as sent, to editors, in a sandboxed frame', async () => {
  await expect.poll(async () => (await desk('GET', '/api/admin/sends')).json()[0]?.state).toBe('done');
  const [campaign] = (await desk('GET', '/api/admin/sends')).json();
  expect(campaign).toMatchObject({
    kind: 'campaign',
    channel: 'email',
    createdBy: 'chief الكامل',
    queued: 2,
    sent: 2,
    failed: 0,
    suppressed: 0,
    durationMs: expect.any(Number),
  });
  // Consent e-mails (one per sign-up) stay out of the history unless asked for.
  await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { fullName: 'جديد', email: 'fresh@example.ly' },
    remoteAddress: '192.0.2.40',
  });
  expect((await desk('GET', '/api/admin/sends')).json()).toHaveLength(1);
  expect((await desk('GET', '/api/admin/sends?kind=confirmation')).json()).toHaveLength(1);

  const detail = (await desk('GET', `/api/admin/sends/${campaign.id}`)).json();
  expect(detail.hasHtml).toBe(true);
  expect(detail.previewText).toContain('نعم، أبقني مشتركاً');
  const html = await desk('GET', `/api/admin/sends/${campaign.id}/preview.html`);
  expect(html.statusCode).toBe(200);
  expect(html.headers['content-type']).toContain('text/html');
  expect(html.headers['content-security-policy']).toContain('sandbox');
  expect(html.headers['content-security-policy']).toContain("default-src 'none'");
  expect(html.body).toContain('dir="rtl"');
  expect(html.body).not.toContain('%%'); // no placeholder left: one reader's copy, links blanked
  expect((await desk('GET', '/api/admin/sends/999999')).statusCode).toBe(404);
});

it('forgets a deleted subscriber: the row, every delivery naming them, and no address in the audit log', async () => {
  const [{ id }] = (await chief('GET', '/api/admin/newsletter/subscribers?q=old1')).json();
  const before = await t.database.pool.query(
    'select count(*)::int as n from fanout_deliveries where recipient_id = $1',
    [id],
  );
  expect(before.rows[0].n).toBe(1);
  expect((await desk('DELETE', `/api/admin/newsletter/subscribers/${id}`)).statusCode).toBe(403);
  expect((await chief('DELETE', `/api/admin/newsletter/subscribers/${id}`)).statusCode).toBe(200);
  const rows = await t.database.pool.query(
    `select (select count(*)::int from newsletter_subscribers where id = $1) as subscriber,
            (select count(*)::int from fanout_deliveries where recipient_id = $1) as deliveries`,
    [id],
  );
  expect(rows.rows[0]).toEqual({ subscriber: 0, deliveries: 0 });
  const audit = await t.database.pool.query(`select * from audit_log where entity = 'newsletter_subscriber'`);
  expect(audit.rows).toHaveLength(1);
  expect(JSON.stringify(audit.rows[0])).not.toContain('old1@example.ly');
  expect((await chief('DELETE', `/api/admin/newsletter/subscribers/${id}`)).statusCode).toBe(404);
});

it('keeps the digest hour the editor chooses and says plainly that mail is not configured', async () => {
  const view = (await desk('GET', '/api/admin/newsletter/settings')).json();
  expect(view).toMatchObject({ digestEnabled: true, digestHour: 7, mail: { transport: 'outbox' } });
  expect(view.mail.outboxDir).toBe(t.config.mail.outboxDir);
  const saved = await desk('PUT', '/api/admin/newsletter/settings', { digestEnabled: true, digestHour: 18 });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().digestHour).toBe(18);
  expect(saved.json().nextDigestAt).toEqual(expect.any(String));
  const wrong = await desk('PUT', '/api/admin/newsletter/settings', { digestEnabled: true, digestHour: 24 });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toContain('من 0 إلى 23');
  expect((await desk('GET', '/api/admin/newsletter/settings')).json().digestHour).toBe(18);
});
