/**
 * The newsletter over real SMTP: a local `smtp-server` accepts what the app sends and the tests read it as a mail
 * program would (mailparser). The clock is the test's, so the digest's hour and the retries' waits come when told.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCategory, addNews, addSubscriber } from '../../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { header, startSmtp, TEST_MAIL_IDENTITY, type SmtpStandIn } from '../../test/smtp';
import { SYSTEM_ACTOR } from '../../lib/write';

let t: TestApp;
let smtp: SmtpStandIn;
// 04:30 UTC = 06:30 in Tripoli: half an hour before the digest's default hour (07:00).
let clock = Date.parse('2026-05-10T04:30:00Z');
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    now: () => new Date(clock),
    config: testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'صحيفة <news@sahifa.test>', MAIL_RATE: '0' }),
    fanout: { pollMs: 100 },
  });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا', color: '#dc2626', position: 0 });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة', color: '#7c3aed', position: 1 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sendByKey = async (key: string) =>
  (await t.database.pool.query('select * from fanout_sends where dedupe_key = $1', [key])).rows[0];
/** One address's delivery of a send, as the job last wrote it. */
const deliveryOf = async (key: string, email: string) =>
  (
    await t.database.pool.query(
      `select d.state, d.attempts from fanout_deliveries d join fanout_sends f on f.id = d.send_id
       join newsletter_subscribers s on s.id = d.recipient_id where f.dedupe_key = $1 and s.email = $2`,
      [key, email],
    )
  ).rows[0];

it('sends the daily digest at the chosen Tripoli hour: each reader the stories of their sections since the last one, once', async () => {
  await addSubscriber(t.database.db, { fullName: 'قارئ الكل', email: 'all@example.ly' });
  await addSubscriber(t.database.db, { email: 'sports@example.ly', sections: ['sports'] });
  await addSubscriber(t.database.db, { email: 'nodigest@example.ly', digest: false });
  await addSubscriber(t.database.db, { email: 'pending@example.ly', state: 'pending', confirmedAt: null });
  // Before the window (more than 48 hours back), in it, and not yet readable (scheduled in the future).
  await addNews(t.database.db, { category: 'libya', title: 'خبر قديم جداً', publishedAt: at('2026-05-07T10:00:00Z') });
  await addNews(t.database.db, {
    category: 'libya',
    title: 'اجتماع المجلس البلدي في طرابلس',
    publishedAt: at('2026-05-09T18:00:00Z'),
    views: 50,
  });
  await addNews(t.database.db, {
    category: 'libya',
    title: 'افتتاح مدرسة جديدة في مصراتة',
    publishedAt: at('2026-05-10T02:00:00Z'),
    views: 900,
  });
  await addNews(t.database.db, {
    category: 'sports',
    title: 'الأهلي يفوز بالدوري',
    publishedAt: at('2026-05-09T20:00:00Z'),
  });
  await addNews(t.database.db, {
    category: 'sports',
    title: 'خبر مجدول لاحقاً',
    status: 'scheduled',
    publishedAt: at('2026-05-10T09:00:00Z'),
  });

  await t.app.modules.digest.runDue();
  expect(await sendByKey('email:digest:2026-05-10')).toBeUndefined(); // 06:30 in Tripoli: not yet
  clock = Date.parse('2026-05-10T05:00:00Z');
  await t.app.modules.digest.runDue();
  await t.app.modules.digest.runDue(); // a second instance's turn: still one digest
  await expect.poll(() => smtp.received.length).toBe(2);
  const digests = (await t.database.pool.query(`select * from fanout_sends where kind = 'digest'`)).rows;
  expect(digests).toHaveLength(1);

  const [mine] = smtp.to('all@example.ly');
  expect(mine!.mail.subject).toContain('أبرز أخبار');
  expect(mine!.mail.from?.value[0]).toMatchObject({ address: 'news@sahifa.test', name: 'صحيفة' });
  expect(mine!.mail.html).toContain('dir="rtl"');
  const text = mine!.mail.text!;
  expect(text).toContain('قارئ الكل');
  // Most read first within a section; sections in their order; nothing old, nothing not yet public.
  expect(text.indexOf('افتتاح مدرسة جديدة')).toBeLessThan(text.indexOf('اجتماع المجلس البلدي'));
  expect(text.indexOf('اجتماع المجلس البلدي')).toBeLessThan(text.indexOf('الأهلي يفوز بالدوري'));
  expect(text).not.toContain('خبر قديم جداً');
  expect(text).not.toContain('خبر مجدول لاحقاً');
  expect(mine!.mail.html).toMatch(/<img[^>]+src="https?:\/\/[^"]+\/og\.jpg"/);
  const [theirs] = smtp.to('sports@example.ly');
  expect(theirs!.mail.text).toContain('الأهلي يفوز بالدوري');
  expect(theirs!.mail.text).not.toContain('افتتاح مدرسة جديدة');
  expect(smtp.to('nodigest@example.ly')).toHaveLength(0);
  expect(smtp.to('pending@example.ly')).toHaveLength(0);

  // The figures, once finished.
  await expect.poll(async () => (await sendByKey('email:digest:2026-05-10')).state).toBe('done');
  expect(await sendByKey('email:digest:2026-05-10')).toMatchObject({ queued: 2, sent: 2, failed: 0, suppressed: 0 });

  // The next day: one new story since this digest, so only it.
  await addNews(t.database.db, {
    category: 'sports',
    title: 'منتخبنا إلى النهائي',
    publishedAt: at('2026-05-10T12:00:00Z'),
  });
  clock = Date.parse('2026-05-11T05:00:00Z');
  await t.app.modules.digest.runDue();
  await expect.poll(() => smtp.to('all@example.ly').length).toBe(2);
  const second = smtp.to('all@example.ly')[1]!.mail.text!;
  expect(second).toContain('منتخبنا إلى النهائي');
  expect(second).not.toContain('الأهلي يفوز بالدوري');
  // The day after, nothing new: skipped, and the history says so.
  clock = Date.parse('2026-05-12T05:00:00Z');
  await t.app.modules.digest.runDue();
  expect(await sendByKey('email:digest:2026-05-12')).toMatchObject({ state: 'skipped', queued: 0 });
  expect((await sendByKey('email:digest:2026-05-12')).note).toMatch(/[\u0600-\u06FF]/);
});

it('carries List-Unsubscribe and List-Unsubscribe-Post, and a POST to that URL unsubscribes', async () => {
  const [received] = smtp.to('sports@example.ly');
  expect(header(received!.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const url = header(received!.mail, 'list-unsubscribe')!.replace(/^<|>$/g, '');
  expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/newsletter\/one-click\/m\./);
  expect(received!.mail.messageId).toMatch(/^<sahifa\.\d+\.\d+\.\d+@sahifa\.test>$/);
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
  });
  expect(res.statusCode).toBe(200);
  const row = await t.database.pool.query(`select state from newsletter_subscribers where email = 'sports@example.ly'`);
  expect(row.rows[0].state).toBe('unsubscribed');
});

it('retries temporary refusals with backoff and suppresses an address refused for good', async () => {
  clock = Date.parse('2026-05-13T10:00:00Z');
  await addSubscriber(t.database.db, { email: 'busy@example.ly' });
  const goneOne = await addSubscriber(t.database.db, { email: 'gone@example.ly' });
  smtp.rcpt = (address, attempt) =>
    address === 'busy@example.ly' && attempt <= 2
      ? { code: 451, message: '4.2.1 mailbox busy, try later' }
      : address === 'gone@example.ly'
        ? { code: 550, message: '5.1.1 no such user' }
        : undefined;
  try {
    const story = await addNews(t.database.db, {
      category: 'libya',
      title: 'قرار جديد للحكومة',
      publishedAt: at('2026-05-13T09:00:00Z'),
    });
    const created = await t.app.modules.fanout.create(SYSTEM_ACTOR, {
      channel: 'email',
      kind: 'article',
      dedupeKey: `test:article:${story.id}`,
      title: story.title,
      payload: {
        ...TEST_MAIL_IDENTITY,
        kind: 'article',
        story: {
          title: story.title,
          description: '',
          url: `http://localhost:3000/news/${story.id}`,
          imageUrl: null,
          sectionName: 'ليبيا',
          sectionColor: '#dc2626',
          timeLabel: '',
        },
      },
      audience: { kind: 'alerts', section: 'libya' },
    });
    const key = `test:article:${story.id}`;
    // First attempts: the busy one waits for its retry, the gone one failed for good.
    await expect.poll(async () => (await sendByKey(key)).failed).toBe(1);
    expect(smtp.to('busy@example.ly')).toHaveLength(0);
    const gone = await t.database.pool.query(
      `select state, suppressed_reason from newsletter_subscribers where email = 'gone@example.ly'`,
    );
    expect(gone.rows[0].state).toBe('suppressed');
    expect(gone.rows[0].suppressed_reason).toContain('5.1.1');
    await expect.poll(() => deliveryOf(key, 'busy@example.ly')).toEqual({ state: 'pending', attempts: 1 });
    // A minute later the second attempt (refused again), five more the third, which goes through.
    clock += 61_000;
    await expect.poll(() => smtp.attempts('busy@example.ly')).toBe(2);
    expect(smtp.to('busy@example.ly')).toHaveLength(0);
    await expect.poll(() => deliveryOf(key, 'busy@example.ly')).toEqual({ state: 'pending', attempts: 2 });
    clock += 5 * 60_000 + 1000;
    await expect.poll(() => smtp.to('busy@example.ly').length).toBe(1);
    await expect.poll(async () => (await sendByKey(key)).state).toBe('done');
    expect(await sendByKey(key)).toMatchObject({ queued: created!.queued, failed: 1 });
    const delivery = await t.database.pool.query(
      `select d.state, d.attempts from fanout_deliveries d join newsletter_subscribers s on s.id = d.recipient_id
       where d.send_id = $1 and s.email = 'busy@example.ly'`,
      [created!.id],
    );
    expect(delivery.rows[0]).toEqual({ state: 'sent', attempts: 3 });
    // Suppressed: the next send skips the address (and counts it), and never calls the server for it.
    const before = smtp.attempts('gone@example.ly');
    clock += HOUR;
    await t.app.modules.fanout.create(SYSTEM_ACTOR, {
      channel: 'email',
      kind: 'breaking',
      dedupeKey: `test:breaking:${story.id}`,
      title: 'عاجل',
      payload: {
        ...TEST_MAIL_IDENTITY,
        kind: 'breaking',
        breaking: { title: 'عاجل: اختبار', url: null, timeLabel: '' },
      },
      audience: { kind: 'one', subscriberId: goneOne.id },
    });
    await expect.poll(async () => (await sendByKey(`test:breaking:${story.id}`)).state).toBe('done');
    expect(await sendByKey(`test:breaking:${story.id}`)).toMatchObject({ queued: 1, sent: 0, suppressed: 1 });
    expect(smtp.attempts('gone@example.ly')).toBe(before);
  } finally {
    smtp.rcpt = undefined;
  }
});

it('suppresses an address after its third send in a row whose every retry failed; a delivery in between starts the count again', async () => {
  clock = Date.parse('2026-05-20T10:00:00Z');
  await t.database.pool.query(`update newsletter_subscribers set alerts = false`);
  const flaky = await addSubscriber(t.database.db, { email: 'flaky@example.ly', softBounces: 2 });
  const mended = await addSubscriber(t.database.db, { email: 'mended@example.ly', softBounces: 2 });
  smtp.rcpt = (address) =>
    address === 'flaky@example.ly' ? { code: 421, message: '4.4.2 try again later' } : undefined;
  try {
    await t.app.modules.fanout.create(SYSTEM_ACTOR, {
      channel: 'email',
      kind: 'breaking',
      dedupeKey: 'test:bounces',
      title: 'عاجل',
      payload: {
        ...TEST_MAIL_IDENTITY,
        kind: 'breaking',
        breaking: { title: 'اختبار الارتداد', url: null, timeLabel: '' },
      },
      audience: { kind: 'alerts', section: null },
    });
    await expect.poll(() => smtp.to('mended@example.ly').length).toBe(1);
    // Five attempts: now, then 1, 5, 20 and 60 minutes later.
    for (const [attempt, wait] of [
      [1, 0],
      [2, 60_000],
      [3, 5 * 60_000],
      [4, 20 * 60_000],
      [5, 60 * 60_000],
    ] as const) {
      clock += wait + (wait ? 1000 : 0);
      await expect.poll(() => smtp.attempts('flaky@example.ly')).toBe(attempt);
      // Its refusal written (and the next try set from this moment) before the clock moves on.
      await expect
        .poll(() => deliveryOf('test:bounces', 'flaky@example.ly'))
        .toEqual({ state: attempt < 5 ? 'pending' : 'failed', attempts: attempt });
    }
    await expect.poll(async () => (await sendByKey('test:bounces')).state).toBe('done');
    expect(await sendByKey('test:bounces')).toMatchObject({ sent: 1, failed: 1 });
    const rows = await t.database.pool.query(
      'select email, state, soft_bounces from newsletter_subscribers where id = any($1) order by email',
      [[flaky.id, mended.id]],
    );
    expect(rows.rows).toEqual([
      { email: 'flaky@example.ly', state: 'suppressed', soft_bounces: 3 },
      { email: 'mended@example.ly', state: 'confirmed', soft_bounces: 0 },
    ]);
  } finally {
    smtp.rcpt = undefined;
  }
});
