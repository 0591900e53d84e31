/**
 * The render thread (render-thread.ts) with its real bundle (dist/server/render-thread.js): a page it renders is
 * the page the readers' thread renders from the same data, byte for byte but for the render's own time; a thread that
 * is stuck or dies costs no reader a page (the main thread renders it) and is started again.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../test/harness';
import { root } from '../test/server-process';
import { addBreaking, addCategory, addNews } from '../test/fixtures';
import { readClientAssets } from './assets';
import { createRenderThread, type RenderThread } from './render-thread';

const quiet = { warn: () => {}, info: () => {} };
const bundle = pathToFileURL(path.join(root, 'dist/server/render-thread.js'));
const faulty = pathToFileURL(path.join(root, 'src/server/test/render-thread-faulty.mjs'));

/** A document without what differs between two renders of the same data (its time; see renderFingerprint). */
const settled = (html: string) => {
  const now = /"serverNow":"([^"]+)"/.exec(html)?.[1] ?? '@';
  return (
    html
      .replaceAll(now, '')
      .replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt|remainingSeconds)":\d+/g, '')
      .replace(/"dayEndsAt":"[^"]*"/, '')
      // The time to the next prayer is of the minute each page was asked for (a minute can turn between the two).
      .replace(/"remaining":"\d\d:\d\d"/g, '')
      .replace(/(countdown">)\d\d:\d\d</g, '$1<')
  );
};

async function appWith(thread: RenderThread): Promise<TestApp> {
  // The cache off: every request is a render. Pictures from a CDN: the thread must point at it as the main thread does.
  const t = await createTestApp({
    config: testConfig({ CACHE_MAX_MB: '0', MEDIA_PUBLIC_URL: 'https://cdn.sahifa.test/m' }),
    renderThread: thread,
  });
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا', color: '#dc2626' });
  await addNews(db, {
    category: 'libya',
    title: 'خبر عن طرابلس يرسم على خيط آخر',
    featured: true,
    imageUrl: '/media/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/800.webp',
  });
  await addBreaking(db, { title: 'عاجل يرسم على خيط آخر' });
  return t;
}

describe('the render thread', () => {
  let t: TestApp;
  let thread: RenderThread;
  beforeAll(async () => {
    thread = createRenderThread({ entry: bundle, assets: readClientAssets(), log: quiet, startDelayMs: 0 });
    t = await appWith(thread);
    thread.start();
  });
  afterAll(async () => {
    await thread.stop();
    await t.close();
  });

  it('renders the pages readers get, the same bytes as the readers’ thread makes of the same data', async () => {
    await expect.poll(() => thread.ready, { timeout: 30_000 }).toBe(true);
    const [article] = (await t.app.inject({ url: '/api/news?limit=1' })).json() as { id: number }[];
    const paths = ['/', `/news/${article!.id}`, '/category/libya', '/search?q=طرابلس', '/no-such-page'];
    const get = (url: string) => t.app.inject({ url: encodeURI(url), headers: { host: 'sahifa.test' } });
    const there = [];
    for (const p of paths) there.push(await get(p));
    expect(thread.rendered).toBe(paths.length);
    expect(there.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404]);
    expect(there[0]!.body).toContain('عاجل يرسم على خيط آخر');
    expect(there[1]!.body).toContain('<title>خبر عن طرابلس يرسم على خيط آخر | صحيفة</title>');
    expect(there[1]!.body).toContain('https://cdn.sahifa.test/m/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/800.webp');

    await thread.stop(); // from here on the main thread renders
    for (const [i, p] of paths.entries()) {
      const here = await get(p);
      expect(here.statusCode).toBe(there[i]!.statusCode);
      expect(settled(here.body)).toBe(settled(there[i]!.body));
    }
    expect(thread.rendered).toBe(paths.length);
  });
});

describe('a render thread that fails', () => {
  let t: TestApp;
  let thread: RenderThread;
  beforeAll(async () => {
    thread = createRenderThread({ entry: faulty, assets: undefined, log: quiet, startDelayMs: 50, timeoutMs: 300 });
    t = await appWith(thread);
    thread.start();
  });
  afterAll(async () => {
    await thread.stop();
    await t.close();
  });

  it('costs no reader a page when it is stuck or dies, and is started again', async () => {
    await expect.poll(() => thread.ready, { timeout: 10_000 }).toBe(true);
    // Stuck: past its time the page is rendered here, whole.
    const stuck = await t.app.inject({ url: '/', headers: { host: 'sahifa.test' } });
    expect(stuck.statusCode).toBe(200);
    expect(stuck.body).toContain('عاجل يرسم على خيط آخر');
    expect(stuck.body).toMatch(/<\/html>$/);
    // Replaced by a new thread.
    await expect.poll(() => thread.starts, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => thread.ready, { timeout: 10_000 }).toBe(true);

    // Dies in the middle of a render: the same.
    const crashed = await t.app.inject({ url: '/search?q=crash', headers: { host: 'sahifa.test' } });
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toContain('crash');
    expect(crashed.body).toMatch(/<\/html>$/);
    await expect.poll(() => thread.starts, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => thread.ready, { timeout: 10_000 }).toBe(true);
    expect(thread.rendered).toBe(0);
  });
});
