/**
 * Auto-posting to a Telegram channel, against a local stand-in of the Bot API: what is posted (and what is not), that
 * publishing never waits for Telegram, and how failures are retried or given up.
 */
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addAdmin } from '../../test/admin-client';
import { startFakeTelegram, telegramError, type FakeTelegram } from '../../test/fake-telegram';
import { addCategory } from '../../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';

const TOKEN = '123456789:AAH-test-token-for-the-stand-in_xyz';
const PUBLIC_URL = 'https://sahifa.example.ly';
let t: TestApp;
let bot: FakeTelegram;
/** The newsroom's calls, from the public address (state changes must come from the site's own origin). */
let editor: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<InjectResponse>;
let clock = Date.now();

const article = {
  title: 'المجلس يقرّ الميزانية <بالإجماع> & يحيلها',
  description: 'وصف الخبر',
  content: '<p>نص الخبر</p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
};
const deliver = () => t.app.modules.jobs.run('telegram');
const post = async (kind: string, refId: number) =>
  (await t.database.pool.query('select * from telegram_posts where kind = $1 and ref_id = $2', [kind, refId])).rows[0];

beforeAll(async () => {
  bot = await startFakeTelegram();
  t = await createTestApp({
    config: testConfig({
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_CHANNEL: '@sahifa_news',
      TELEGRAM_API_URL: bot.url,
      PUBLIC_URL,
    }),
    now: () => new Date(clock),
  });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'tg-editor', 'editor');
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: PUBLIC_URL },
    payload: { username: 'tg-editor', password: 'secret-pass-1' },
  });
  const session = signIn.cookies.find((c) => c.name === 'sahifa_session')!;
  editor = async (method, url, payload) =>
    t.app.inject({ method, url, headers: { origin: PUBLIC_URL, cookie: `sahifa_session=${session.value}` }, payload });
});
afterAll(async () => {
  await t.close();
  await bot.close();
});
beforeEach(() => {
  bot.calls.length = 0;
});

it('posts a published article once, with its title and link (whose preview Telegram shows)', async () => {
  const res = await editor('POST', '/api/admin/news', { ...article, action: 'publish' });
  expect(res.statusCode).toBe(201);
  const id = res.json().id;
  expect(bot.calls).toEqual([]); // publishing did not call Telegram: the post is queued with it
  expect(await post('article', id)).toMatchObject({ state: 'pending', attempts: 0 });
  await deliver();
  expect(bot.calls).toHaveLength(1);
  const [call] = bot.calls;
  expect(call!.token).toBe(TOKEN);
  expect(call!.method).toBe('sendMessage');
  expect(call!.body).toMatchObject({
    chat_id: '@sahifa_news',
    parse_mode: 'HTML',
    link_preview_options: { url: `${PUBLIC_URL}/news/${id}`, prefer_large_media: true },
  });
  expect(call!.body.text).toBe(`<b>المجلس يقرّ الميزانية &lt;بالإجماع&gt; &amp; يحيلها</b>\n${PUBLIC_URL}/news/${id}`);
  expect(await post('article', id)).toMatchObject({ state: 'sent', attempts: 1, message_id: 101 });
  // Saved again, unpublished and published again: never a second post.
  bot.calls.length = 0;
  const version = res.json().version;
  await editor('PUT', `/api/admin/news/${id}`, { ...article, title: 'عنوان معدّل', version });
  const v2 = (await editor('GET', `/api/admin/news/${id}`)).json().version;
  expect(
    (await editor('POST', `/api/admin/news/${id}/transition`, { action: 'unpublish', version: v2 })).statusCode,
  ).toBe(200);
  expect((await editor('POST', `/api/admin/news/${id}/transition`, { action: 'publish' })).statusCode).toBe(200);
  await deliver();
  expect(bot.calls).toHaveLength(0);
});

it('posts a draft only when it is published, and a scheduled story when the scheduler publishes it', async () => {
  const draft = (await editor('POST', '/api/admin/news', { ...article, title: 'مسودة', action: 'draft' })).json();
  await deliver();
  expect(bot.calls).toHaveLength(0);
  expect(await post('article', draft.id)).toBeUndefined();
  await editor('POST', `/api/admin/news/${draft.id}/transition`, { action: 'publish' });
  await deliver();
  expect(bot.calls.map((c) => c.body.text)).toEqual([`<b>مسودة</b>\n${PUBLIC_URL}/news/${draft.id}`]);

  const publishAt = new Date(clock + 3_600_000).toISOString();
  const later = (
    await editor('POST', '/api/admin/news', { ...article, title: 'لاحقاً', action: 'schedule', publishAt })
  ).json();
  await deliver();
  expect(await post('article', later.id)).toBeUndefined();
  clock += 3_600_000 + 60_000;
  await t.app.modules.jobs.run('publish-scheduled');
  await deliver();
  expect(bot.calls.at(-1)!.body.text).toBe(`<b>لاحقاً</b>\n${PUBLIC_URL}/news/${later.id}`);
});

it('posts breaking news created active, linked to its story when it has one; not one created switched off', async () => {
  const story = (await editor('POST', '/api/admin/news', { ...article, title: 'القصة', action: 'publish' })).json();
  await deliver();
  bot.calls.length = 0;
  const linked = await editor('POST', '/api/admin/breaking-news', {
    title: 'انقطاع الكهرباء في طرابلس',
    isActive: true,
    priority: 90,
    expiresAt: null,
    newsId: story.id,
  });
  const alone = await editor('POST', '/api/admin/breaking-news', {
    title: 'خبر عاجل بلا قصة',
    isActive: true,
    priority: 10,
    expiresAt: null,
  });
  const off = await editor('POST', '/api/admin/breaking-news', {
    title: 'معطّل',
    isActive: false,
    priority: 0,
    expiresAt: null,
  });
  await deliver();
  expect(bot.calls.map((c) => c.body.text)).toEqual([
    `🔴 <b>عاجل:</b> انقطاع الكهرباء في طرابلس\n${PUBLIC_URL}/news/${story.id}`,
    `🔴 <b>عاجل:</b> خبر عاجل بلا قصة\n${PUBLIC_URL}/`,
  ]);
  expect(await post('breaking', linked.json().id)).toMatchObject({ state: 'sent' });
  expect(await post('breaking', alone.json().id)).toMatchObject({ state: 'sent' });
  expect(await post('breaking', off.json().id)).toBeUndefined();
});

it('retries what Telegram could not take (its own wait on 429, backoff on 5xx or no answer) and gives up on refusals', async () => {
  const id = (await editor('POST', '/api/admin/news', { ...article, title: 'يُعاد', action: 'publish' })).json().id;
  bot.answerNext(telegramError(429, 'Too Many Requests: retry after 7', 7));
  await deliver();
  let row = await post('article', id);
  expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: '429: Too Many Requests: retry after 7' });
  expect(row.next_at.getTime() - clock).toBe(7000);
  await deliver(); // not due yet
  expect(bot.calls).toHaveLength(1);

  clock += 7000;
  bot.answerNext(telegramError(502, 'Bad Gateway'));
  await deliver();
  row = await post('article', id);
  expect(row).toMatchObject({ state: 'pending', attempts: 2, last_error: '502: Bad Gateway' });
  expect(row.next_at.getTime() - clock).toBe(60_000); // 30 s doubled at the second attempt

  clock += 60_000;
  await deliver();
  expect(await post('article', id)).toMatchObject({ state: 'sent', attempts: 3 });
  expect(bot.calls).toHaveLength(3);

  // A refusal retrying cannot fix (the bot is not an admin of the channel): failed, logged, never sent again.
  const refused = (await editor('POST', '/api/admin/news', { ...article, title: 'مرفوض', action: 'publish' })).json()
    .id;
  bot.answerNext(telegramError(403, 'Forbidden: bot is not a member of the channel chat'));
  await deliver();
  expect(await post('article', refused)).toMatchObject({
    state: 'failed',
    attempts: 1,
    last_error: '403: Forbidden: bot is not a member of the channel chat',
  });
  clock += 3_600_000;
  const calls = bot.calls.length;
  await deliver();
  expect(bot.calls).toHaveLength(calls);
});

it('gives up after eight attempts when Telegram keeps failing, and never delays a publication meanwhile', async () => {
  const started = performance.now();
  const res = await editor('POST', '/api/admin/news', { ...article, title: 'بلا نهاية', action: 'publish' });
  expect(res.statusCode).toBe(201);
  expect(performance.now() - started).toBeLessThan(2000);
  const id = res.json().id;
  for (let i = 1; i <= 8; i++) {
    bot.answerNext(telegramError(500, 'Internal Server Error'));
    await deliver();
    const row = await post('article', id);
    expect(row.attempts).toBe(i);
    expect(row.state).toBe(i < 8 ? 'pending' : 'failed');
    clock += 3_600_000;
  }
  // The article itself was public all along.
  expect((await t.app.inject(`/api/news/${id}`)).statusCode).toBe(200);
});
