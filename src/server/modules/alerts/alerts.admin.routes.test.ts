/**
 * The guard against accidental blasts («إرسال بالبريد»): a preview with whom it reaches and a confirmation the send
 * must carry, published stories only, once per story and channel, ten minutes between alerts, editors only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addBreaking, addCategory, addNews, addSubscriber } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { header, outbox } from '../../test/smtp';

let t: TestApp;
let clock = Date.parse('2026-06-01T09:00:00Z');
let editor: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let writer: ReturnType<typeof as>;
const ids = {} as Record<'libya' | 'sports' | 'later' | 'draft' | 'breaking' | 'inactive', number>;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), fanout: { pollMs: 100 } });
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(db, { slug: 'sports', name: 'رياضة' });
  const published = { publishedAt: new Date(clock - 3_600_000) };
  ids.libya = (await addNews(db, { category: 'libya', title: 'انتخابات بلدية في بنغازي', ...published })).id;
  ids.sports = (await addNews(db, { category: 'sports', title: 'نهائي الكأس الليلة', ...published })).id;
  ids.later = (await addNews(db, { category: 'libya', title: 'خبر ثالث', ...published })).id;
  ids.draft = (await addNews(db, { category: 'libya', title: 'مسودة', status: 'draft', publishedAt: null })).id;
  ids.breaking = (await addBreaking(db, { title: 'انقطاع الكهرباء في طرابلس', isActive: true })).id;
  ids.inactive = (await addBreaking(db, { title: 'خبر عاجل قديم', isActive: false })).id;
  await addSubscriber(db, { email: 'everything@example.ly' });
  await addSubscriber(db, { email: 'sports-fan@example.ly', sections: ['sports'] });
  await addSubscriber(db, { email: 'digest-only@example.ly', alerts: false });
  await addSubscriber(db, { email: 'waiting@example.ly', state: 'pending', confirmedAt: null });
  await addAdmin(db, 'desk', 'editor');
  await addAdmin(db, 'desk2', 'editor');
  await addAdmin(db, 'pen', 'writer');
  editor = as(t.app, (await login(t.app, 'desk')).cookie);
  other = as(t.app, (await login(t.app, 'desk2')).cookie);
  writer = as(t.app, (await login(t.app, 'pen')).cookie);
});
afterAll(() => t.close());

const news = (id: number) => ({ type: 'news' as const, id });
const preview = (call: typeof editor, source: object) =>
  call('POST', '/api/admin/alerts/preview', { source, channels: ['email'] });
const send = (call: typeof editor, source: object, confirmation: string) =>
  call('POST', '/api/admin/alerts', { source, channels: ['email'], confirmation });
const sends = async () => (await t.database.pool.query('select * from fanout_sends order by id')).rows;

it('offers «إرسال بالبريد» and says plainly that mail is not configured; and «إرسال تنبيه» (web push)', async () => {
  const res = await editor('GET', '/api/admin/alerts/channels');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([
    { name: 'email', label: 'إرسال بالبريد', configured: false, note: expect.stringContaining('البريد غير مُعدّ') },
    { name: 'push', label: 'إرسال تنبيه', configured: true, note: null },
  ]);
});

it('previews whom a story reaches (its section, alerts wanted, confirmed only) and sends only with that confirmation', async () => {
  const p = await preview(editor, news(ids.sports));
  expect(p.statusCode).toBe(200);
  expect(p.json().channels).toEqual([
    expect.objectContaining({ name: 'email', audience: 2, blocked: null, configured: false }),
  ]);
  expect((await preview(editor, news(ids.libya))).json().channels[0].audience).toBe(1);

  // No confirmation, a forged one, another editor's, or one for another story: nothing is sent.
  const { confirmation } = p.json();
  for (const [call, source, token] of [
    [editor, news(ids.sports), 'a.news.1.email.0.xxxxxxxxxxxxxxxxxxxxxx'],
    [editor, news(ids.sports), `${confirmation.slice(0, -3)}AAA`],
    [other, news(ids.sports), confirmation],
    [editor, news(ids.libya), confirmation],
  ] as const) {
    const refused = await send(call, source, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ALERT_NOT_CONFIRMED');
  }
  expect(await sends()).toHaveLength(0);

  const sent = await send(editor, news(ids.sports), confirmation);
  expect(sent.statusCode).toBe(201);
  expect(sent.json().sends).toEqual([{ channel: 'email', sendId: expect.any(Number), queued: 2 }]);
  expect(sent.json().message).toContain('مستلم');
  await expect.poll(async () => (await outbox(t.config.mail.outboxDir)).length).toBe(2);
  const mails = await outbox(t.config.mail.outboxDir);
  const to = mails.map((m) => JSON.stringify(m.mail.to).match(/[\w.-]+@example\.ly/)?.[0]).sort();
  expect(to).toEqual(['everything@example.ly', 'sports-fan@example.ly']);
  expect(mails[0]!.mail.subject).toContain('نهائي الكأس الليلة');
  expect(header(mails[0]!.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const audit = await t.database.pool.query(
    `select action, entity, details from audit_log where entity = 'fanout_send'`,
  );
  expect(audit.rows).toEqual([
    expect.objectContaining({ action: 'create', details: expect.objectContaining({ kind: 'article', queued: 2 }) }),
  ]);
});

it('refuses the same story twice, and a second alert within ten minutes, saying when it can go', async () => {
  const again = await preview(editor, news(ids.sports));
  expect(again.json().channels[0].blocked).toContain('من قبل');
  const twice = await send(editor, news(ids.sports), again.json().confirmation);
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toContain('من قبل');

  clock += 4 * 60_000;
  const soon = await preview(editor, news(ids.libya));
  expect(soon.json().channels[0].blocked).toContain('بعد 6 دقائق');
  const tooSoon = await send(editor, news(ids.libya), soon.json().confirmation);
  expect(tooSoon.statusCode).toBe(409);
  expect(tooSoon.json().code).toBe('ALERT_BLOCKED');
  expect(await sends()).toHaveLength(1);

  clock += 6 * 60_000;
  const ok = await preview(editor, news(ids.libya));
  expect(ok.json().channels[0].blocked).toBeNull();
  expect((await send(editor, news(ids.libya), ok.json().confirmation)).statusCode).toBe(201);
});

it('sends only what readers can see; a confirmation lasts ten minutes', async () => {
  clock += 11 * 60_000;
  const draft = await preview(editor, news(ids.draft));
  expect(draft.statusCode).toBe(200); // a story about to be published can be previewed
  const refused = await send(editor, news(ids.draft), draft.json().confirmation);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().code).toBe('ALERT_NOT_PUBLISHED');

  const inactive = { type: 'breaking', id: ids.inactive };
  const off = await send(editor, inactive, (await preview(editor, inactive)).json().confirmation);
  expect(off.statusCode).toBe(409);
  expect(off.json().message).toContain('غير نشط');

  const stale = (await preview(editor, news(ids.later))).json().confirmation;
  clock += 11 * 60_000;
  expect((await send(editor, news(ids.later), stale)).json().code).toBe('ALERT_NOT_CONFIRMED');
  expect((await preview(editor, { type: 'news', id: 999_999 })).statusCode).toBe(404);
});

it('sends a breaking-news item to everyone who wants alerts, whatever their sections', async () => {
  clock += 11 * 60_000;
  const source = { type: 'breaking', id: ids.breaking };
  const p = await preview(editor, source);
  expect(p.json().channels[0].audience).toBe(2);
  const res = await send(editor, source, p.json().confirmation);
  expect(res.statusCode).toBe(201);
  const [row] = (await t.database.pool.query(`select * from fanout_sends where kind = 'breaking'`)).rows;
  expect(row.title).toBe('عاجل: انقطاع الكهرباء في طرابلس');
  await expect
    .poll(
      async () => (await t.database.pool.query('select state from fanout_sends where id = $1', [row.id])).rows[0].state,
    )
    .toBe('done');
});

it('is for editors and admins only', async () => {
  expect((await writer('GET', '/api/admin/alerts/channels')).statusCode).toBe(403);
  expect((await preview(writer, news(ids.later))).statusCode).toBe(403);
  expect((await as(t.app, undefined)('POST', '/api/admin/alerts/preview', {})).statusCode).toBe(401);
});
