/**
 * «إرسال تنبيه» end to end against a local stand-in push service: the editor's alert goes through the one guard,
 * the fan-out job sends each subscription one encrypted message that the test decrypts with that subscription's keys,
 * dead subscriptions are removed, refused ones are not retried, failures worth retrying are, the figures add up, and
 * with two instances every subscription gets the alert once.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { addAdmin, as } from '../../test/admin-client';
import {
  decryptPush,
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '../../test/fake-push-service';
import { addBreaking, addCategory, addNews } from '../../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';

let t: TestApp;
let service: FakePushService;
let editor: ReturnType<typeof as>;
const SITE = 'https://sahifa.example.ly';
let clock = Date.parse('2026-06-01T09:00:00Z');
const subs: Record<string, FakeSubscription> = {};
let storyId: number;

beforeAll(async () => {
  service = await startFakePushService();
  t = await createTestApp({
    config: testConfig({ PUSH_ENDPOINT_ORIGINS: service.origin, PUBLIC_URL: SITE }),
    now: () => new Date(clock),
    fanout: { pollMs: 100 },
  });
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(db, { slug: 'sports', name: 'رياضة' });
  storyId = (
    await addNews(db, {
      category: 'libya',
      title: 'افتتاح مطار طرابلس الدولي بعد الصيانة',
      description: 'استؤنفت الرحلات صباح اليوم',
      imageUrl: '/media/0b6f7a1e-8d6e-4a4e-9a51-1c2d3e4f5a6b/1200.webp',
      publishedAt: new Date(clock - 60_000),
    })
  ).id;
  // Five browsers on «ليبيا» (one of them gone, one unknown to its push service, one whose service refuses us, one
  // busy once), one on sports only.
  for (const [name, topics] of [
    ['reader', ['libya', 'breaking']],
    ['gone', ['libya']],
    ['unknown', ['libya']],
    ['refused', ['libya']],
    ['busy', ['libya']],
    ['sports', ['sports']],
  ] as const) {
    const s = (subs[name] = service.subscription(name));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: s.endpoint, keys: s.keys, topics },
    });
    expect(res.statusCode).toBe(201);
  }
  service.answer('gone', [{ status: 410 }], true);
  service.answer('unknown', [{ status: 404 }], true);
  service.answer('refused', [{ status: 403 }], true);
  service.answer('busy', [{ status: 429, retryAfter: 30 }]);
  await addAdmin(db, 'desk', 'editor');
  // With PUBLIC_URL set, the newsroom's writes must come from that origin (plugins/admin-api.ts).
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: SITE },
    payload: { username: 'desk', password: 'secret-pass-1' },
  });
  const session = signIn.cookies.find((c) => c.name === 'sahifa_session');
  expect(session).toBeDefined();
  const call = as(t.app, `sahifa_session=${session!.value}`);
  editor = (method, url, payload, headers = {}) => call(method, url, payload, { origin: SITE, ...headers });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function alert(source: { type: 'news' | 'breaking'; id: number }, call = editor) {
  const preview = await call('POST', '/api/admin/alerts/preview', { source, channels: ['push'] });
  expect(preview.statusCode).toBe(200);
  const res = await call('POST', '/api/admin/alerts', {
    source,
    channels: ['push'],
    confirmation: preview.json().confirmation,
  });
  return { preview: preview.json(), res };
}
const arrivedFor = (id: string) => service.messages.filter((m) => m.id === id);
const subscriptionIds = async () =>
  (await t.database.pool.query('select endpoint from push_subscriptions order by id')).rows.map((r) =>
    r.endpoint.split('/').pop(),
  );

it('offers «إرسال تنبيه» beside e-mail, reaching the subscriptions of the story’s section', async () => {
  const channels = (await editor('GET', '/api/admin/alerts/channels')).json();
  expect(channels).toContainEqual({ name: 'push', label: 'إرسال تنبيه', configured: true, note: null });
  const { preview, res } = await alert({ type: 'news', id: storyId });
  expect(preview.channels).toEqual([expect.objectContaining({ name: 'push', audience: 5, blocked: null })]);
  expect(res.statusCode).toBe(201);
  expect(res.json().sends).toEqual([{ channel: 'push', sendId: expect.any(Number), queued: 5 }]);
});

it('delivers one message per subscription that its keys decrypt: the title, summary, link and picture', async () => {
  await expect.poll(() => arrivedFor('reader').length).toBe(1);
  const [m] = arrivedFor('reader');
  expect(m!.headers).toMatchObject({ ttl: '14400', urgency: 'high', topic: 'sahifa-alert' });
  expect(m!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=B[\w-]{86}$/);
  expect(m!.headers.authorization).toContain(`k=${(await t.app.inject('/api/push/config')).json().publicKey}`);
  expect(JSON.parse(decryptPush(m!.body, subs.reader!))).toEqual({
    title: 'افتتاح مطار طرابلس الدولي بعد الصيانة',
    body: 'استؤنفت الرحلات صباح اليوم',
    url: `/news/${storyId}`,
    topic: 'libya',
    image: 'https://sahifa.example.ly/media/0b6f7a1e-8d6e-4a4e-9a51-1c2d3e4f5a6b/og.jpg',
  });
  // Another subscription's keys cannot read it.
  expect(() => decryptPush(m!.body, subs.sports!)).toThrow();
  expect(arrivedFor('sports')).toHaveLength(0);
});

it('encrypts and posts on a thread below the readers’ priority (PUSH_WORKER_NICE, 19 by default)', () => {
  // Linux's view of this process's threads: each one's nice value is the 19th field of its stat line (after the name).
  const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  // (The alert above started the worker; a thread ending meanwhile has no stat to read.)
  const threads = fs.readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [nice(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))];
    } catch {
      return [];
    }
  });
  expect(t.config.push.workerNice).toBe(19);
  const own = nice(fs.readFileSync('/proc/self/stat', 'utf8'));
  expect(own).toBeLessThan(19);
  expect(threads.filter((n) => n === 19)).toHaveLength(1);
  // Every other thread, the one that answers readers first, stays as the process started.
  expect(threads.filter((n) => n !== 19 && n !== own)).toEqual([]);
});

it('removes the subscriptions their push service says are gone (404, 410), keeps refused ones, retries the busy one', async () => {
  await expect.poll(subscriptionIds).toEqual(['reader', 'refused', 'busy', 'sports']);
  const [send] = (await t.database.pool.query("select id from fanout_sends where channel = 'push'")).rows;
  // The busy one waits for the job's retry (a minute after its first attempt); the rest is settled.
  await expect
    .poll(async () => (await editor('GET', `/api/admin/push/sends/${send.id}`)).json())
    .toEqual({ queued: 5, sent: 4, delivered: 1, failed: 1, removed: 2, timeTo90Ms: null });
  clock += 61_000;
  await expect.poll(() => arrivedFor('busy').length).toBe(1);
  await expect
    .poll(async () => (await editor('GET', `/api/admin/push/sends/${send.id}`)).json())
    .toMatchObject({ queued: 5, sent: 5, delivered: 2, failed: 1, removed: 2 });
  // Two of the five browsers are gone: 90 % of the other three is three, never reached (one was refused for good).
  expect((await editor('GET', `/api/admin/push/sends/${send.id}`)).json().timeTo90Ms).toBeNull();
  expect(arrivedFor('refused')).toHaveLength(0);
  const summary = (await editor('GET', `/api/admin/sends/${send.id}`)).json();
  expect(summary).toMatchObject({ channel: 'push', state: 'done', queued: 5, sent: 2, failed: 3 });
});

it('sends each subscription one alert when two instances run the job, and times 90 % of them', async () => {
  const second = await buildApp({
    config: t.config,
    db: t.database.db,
    now: () => new Date(clock),
    fanout: { pollMs: 100 },
  });
  await second.ready();
  try {
    // Twenty more browsers on breaking news, so there is something to share out.
    const more = Array.from({ length: 20 }, (_, i) => service.subscription(`b${i}`));
    for (const s of more)
      await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { ...s, topics: ['breaking'] } });
    clock += 11 * 60_000; // past the ten minutes between alerts on a channel
    const breaking = (await addBreaking(t.database.db, { title: 'انقطاع الكهرباء في طرابلس', isActive: true })).id;
    const before = service.messages.length;
    const { res } = await alert({ type: 'breaking', id: breaking });
    expect(res.statusCode).toBe(201);
    const sendId = res.json().sends[0].sendId;
    await expect.poll(() => service.messages.length - before).toBe(21);
    const received = service.messages.slice(before).map((m) => m.id);
    expect(new Set(received).size).toBe(21); // nobody twice
    expect(received.sort()).toEqual(['reader', ...more.map((s) => s.id)].sort());
    const payload = JSON.parse(decryptPush(service.messages.find((m) => m.id === 'b7')!.body, more[7]!));
    expect(payload).toMatchObject({ title: 'عاجل: انقطاع الكهرباء في طرابلس', url: '/', topic: 'breaking' });
    await expect
      .poll(async () => (await editor('GET', `/api/admin/push/sends/${sendId}`)).json())
      .toMatchObject({ queued: 21, delivered: 21, failed: 0, removed: 0 });
    const { timeTo90Ms } = (await editor('GET', `/api/admin/push/sends/${sendId}`)).json();
    expect(timeTo90Ms).toBeGreaterThanOrEqual(0);
  } finally {
    await second.close();
  }
});

it('refuses a second alert on the same channel within ten minutes, saying when it may go', async () => {
  const other = (
    await addNews(t.database.db, { category: 'libya', title: 'خبر آخر', publishedAt: new Date(clock - 1000) })
  ).id;
  const { preview, res } = await alert({ type: 'news', id: other });
  expect(preview.channels[0].blocked).toMatch(/^أُرسل تنبيه عبر «إرسال تنبيه» قبل/);
  expect(res.statusCode).toBe(409);
});
