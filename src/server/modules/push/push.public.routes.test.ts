/**
 * Readers' alert subscriptions over HTTP: the key and topics, subscribing (only to push services we know), choosing
 * topics, one-tap unsubscribe, and the VAPID keys made once and kept for every instance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { addCategory } from '../../test/fixtures';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { buildApp } from '../../app';

let t: TestApp;
let service: FakePushService;
beforeAll(async () => {
  service = await startFakePushService();
  t = await createTestApp({ config: testConfig({ PUSH_ENDPOINT_ORIGINS: service.origin }) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا', position: 0 });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة', position: 1 });
  await addCategory(t.database.db, { slug: 'old', name: 'قديم', isActive: false, position: 2 });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => t.app.inject({ method, url, payload });
const rows = async () =>
  (await t.database.pool.query('select endpoint, p256dh, auth, topics from push_subscriptions order by id')).rows;

it('gives the public key and the topics: breaking news, then the active sections in their order', async () => {
  const res = await t.app.inject('/api/push/config');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  expect(body.topics).toEqual([
    { slug: 'breaking', name: 'الأخبار العاجلة' },
    { slug: 'libya', name: 'ليبيا' },
    { slug: 'sports', name: 'رياضة' },
  ]);
  // Kept: the same key pair on every call, and for a second instance over the same database.
  const [stored] = (await t.database.pool.query('select public_key, private_key from push_keys')).rows;
  expect(stored.public_key).toBe(body.publicKey);
  const second = await buildApp({ config: t.config, db: t.database.db });
  await second.ready();
  try {
    expect((await second.inject('/api/push/config')).json().publicKey).toBe(body.publicKey);
  } finally {
    await second.close();
  }
});

it('subscribes a browser with its topics (unknown ones left out), changes them, and unsubscribes in one call', async () => {
  const sub = service.subscription();
  const made = await post('/api/push/subscriptions', { ...sub, topics: ['breaking', 'sports', 'old', 'nope'] });
  expect(made.statusCode).toBe(201);
  expect(made.json()).toEqual({ topics: ['breaking', 'sports'] });
  expect(made.headers['cache-control']).toBe('no-store');
  expect(await rows()).toEqual([{ endpoint: sub.endpoint, ...sub.keys, topics: ['breaking', 'sports'] }]);
  // The same browser again (its keys renewed): the same row.
  const again = service.subscription(sub.id);
  expect((await post('/api/push/subscriptions', { ...again, topics: ['libya'] })).statusCode).toBe(200);
  expect(await rows()).toEqual([{ endpoint: sub.endpoint, ...again.keys, topics: ['libya'] }]);

  expect((await post('/api/push/subscriptions/topics', { endpoint: sub.endpoint })).json()).toEqual({
    topics: ['libya'],
  });
  const changed = await post(
    '/api/push/subscriptions/topics',
    { endpoint: sub.endpoint, topics: ['breaking', 'libya'] },
    'PUT',
  );
  expect(changed.json()).toEqual({ topics: ['breaking', 'libya'] });
  const none = await post('/api/push/subscriptions/topics', { endpoint: sub.endpoint, topics: ['old'] }, 'PUT');
  expect(none.statusCode).toBe(400);
  expect(none.json().message).toBe('اختر موضوعاً واحداً على الأقل');

  const gone = await post('/api/push/unsubscribe', { endpoint: sub.endpoint });
  expect(gone.json()).toEqual({ message: 'تم إيقاف التنبيهات على هذا المتصفح' });
  expect(await rows()).toEqual([]);
  const missing = await post('/api/push/subscriptions/topics', { endpoint: sub.endpoint });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe('هذا المتصفح غير مشترك في التنبيهات، أو أُلغي اشتراكه');
  // Unsubscribing again is not an error.
  expect((await post('/api/push/unsubscribe', { endpoint: sub.endpoint })).statusCode).toBe(200);
});

it.each([
  [
    'an address of our own network',
    'http://127.0.0.1:5432/x',
    'لا يمكن الاشتراك من هذا المتصفح: خدمة التنبيهات التي يستعملها غير معروفة لنا',
  ],
  [
    'an unknown host',
    'https://evil.example/push/1',
    'لا يمكن الاشتراك من هذا المتصفح: خدمة التنبيهات التي يستعملها غير معروفة لنا',
  ],
  [
    'a known host on plain http',
    'http://fcm.googleapis.com/fcm/send/x',
    'لا يمكن الاشتراك من هذا المتصفح: خدمة التنبيهات التي يستعملها غير معروفة لنا',
  ],
  ['no URL', 'not a url', 'عنوان الاشتراك غير صالح'],
])('refuses %s as an endpoint, with an Arabic message, storing nothing', async (_what, endpoint, message) => {
  const sub = service.subscription();
  const res = await post('/api/push/subscriptions', { endpoint, keys: sub.keys, topics: ['breaking'] });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(message);
  expect(await rows()).toEqual([]);
});

it('accepts the push services browsers use', async () => {
  const keys = service.subscription().keys;
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGvd',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
  ])
    expect((await post('/api/push/subscriptions', { endpoint, keys, topics: ['breaking'] })).statusCode, endpoint).toBe(
      201,
    );
  await t.database.pool.query('delete from push_subscriptions');
});

it('refuses keys that are not a subscription’s', async () => {
  const sub = service.subscription();
  const res = await post('/api/push/subscriptions', {
    endpoint: sub.endpoint,
    keys: { p256dh: 'abc', auth: sub.keys.auth },
    topics: ['breaking'],
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe('مفتاح الاشتراك غير صالح');
});

it('uses the VAPID keys given by the environment', async () => {
  const keys = webpush.generateVAPIDKeys();
  const app = await buildApp({
    config: testConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    db: t.database.db,
  });
  await app.ready();
  try {
    expect((await app.inject('/api/push/config')).json().publicKey).toBe(keys.publicKey);
  } finally {
    await app.close();
  }
});
