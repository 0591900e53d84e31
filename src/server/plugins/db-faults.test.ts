/**
 * While the database fails: a page never becomes a cached "200 with nothing in it". The last good copy stands in
 * (stale-if-error), else an Arabic 503 page with Retry-After that is not kept; once the database is back, pages
 * render again by themselves.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCategory, addNews } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة' });
  await addNews(t.database.db, { category: 'libya', title: 'خبر يبقى ظاهراً' });
  await addNews(t.database.db, { category: 'sports', title: 'خبر رياضي' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { host: 'sahifa.test' } });

/** Runs `f` while every connection of the app's pool is held elsewhere (a stalled or exhausted database). */
async function withDatabaseUnavailable<T>(f: () => Promise<T>): Promise<T> {
  const held = await Promise.all(Array.from({ length: 5 }, () => t.database.pool.connect()));
  try {
    return await f();
  } finally {
    for (const c of held) c.release();
  }
}

it('serves the last good copy of a page, or an Arabic 503 that is never cached, and recovers by itself', async () => {
  const good = await get('/category/libya');
  expect(good.statusCode).toBe(200);
  expect(good.body).toContain('خبر يبقى ظاهراً');
  clock += (60 + 300 + 10) * 1000; // past its freshness and its stale-while-revalidate time

  const [stale, never] = await withDatabaseUnavailable(() =>
    Promise.all([get('/category/libya'), get('/category/sports')]),
  );
  // The page itself, or a page made from its data's last good copies: either way with its news, never empty.
  expect(stale.statusCode).toBe(200);
  expect(stale.body).toContain('خبر يبقى ظاهراً');

  expect(never.statusCode).toBe(503);
  expect(never.headers['retry-after']).toBeTruthy();
  expect(never.headers['cache-control']).toContain('no-store');
  expect(never.headers['content-type']).toContain('text/html');
  expect(never.body).toMatch(/[\u0600-\u06FF]/);
  expect(never.body).not.toContain('خبر رياضي');

  // The database is back: the page that failed renders with its news (nothing empty was kept).
  const back = await get('/category/sports');
  expect(back.statusCode).toBe(200);
  expect(back.body).toContain('خبر رياضي');
}, 30_000);

it('after a render fails, gives the next readers the last good copy at once while one re-render tries again', async () => {
  const url = '/api/news?limit=5';
  const good = await get(url);
  expect(good.statusCode).toBe(200);
  clock += (60 + 300 + 10) * 1000; // past its freshness and its stale-while-revalidate time
  const counters = t.app.responseCache.counters;

  await withDatabaseUnavailable(async () => {
    // The first reader waits for the render to fail, then gets the last good copy.
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(good.body);
    // The next ones get it without a render of their own (none waits out the time bound again): one re-render runs.
    const misses = counters.misses;
    const previous = counters.previousHits;
    const lastGood = counters.lastGoodHits;
    const next = await Promise.all([get(url), get(url), get(url)]);
    for (const r of next) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-cache']).toBe('STALE');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toBe(good.body);
    }
    // At most the one re-render (the refresh the first of them started), never one per reader.
    expect(counters.misses - misses).toBeLessThanOrEqual(1);
    // Counted as readers given the last good copy, not as the copy a write replaced.
    expect(counters.lastGoodHits - lastGood).toBe(3);
    expect(counters.previousHits - previous).toBe(0);
  });

  // The database is back: a re-render replaces the copy by itself, and readers get fresh answers again.
  await t.database.pool.query(`update news set title = 'خبر بعد عودة القاعدة' where title = 'خبر يبقى ظاهراً'`);
  await t.app.invalidation.publish(['news']);
  await expect
    .poll(async () => (await get(url)).body, { timeout: 10_000, interval: 100 })
    .toContain('خبر بعد عودة القاعدة');
}, 30_000);

it('once a render failed for want of the database, readers of every page a write retired get its last good copy at once', async () => {
  const pages = ['/category/libya', '/category/sports'];
  const good = await Promise.all(pages.map(get));
  for (const r of good) expect(r.statusCode).toBe(200);
  // A write retires both pages; past the moment readers get the copy a write replaced, they would wait for a render.
  await t.app.invalidation.publish(['news']);
  clock += 11_000;
  const counters = t.app.responseCache.counters;

  await withDatabaseUnavailable(async () => {
    // One page's render fails: that reader waited for it, and got the last good copy.
    const first = await get(pages[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(good[0]!.body);
    // Readers of the other page do not each wait for a render of it to fail too: its last good copy at once, with
    // its one re-render started (never one per reader).
    const misses = counters.misses;
    const lastGood = counters.lastGoodHits;
    const others = await Promise.all([get(pages[1]!), get(pages[1]!), get(pages[1]!)]);
    for (const r of others) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-cache']).toBe('STALE');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toBe(good[1]!.body);
    }
    expect(counters.lastGoodHits - lastGood).toBe(3);
    // The one re-render so far: the page and the first API answer it is made of, which waits for the database.
    expect(counters.misses - misses).toBeLessThanOrEqual(2);
  });

  // The database is back: each page is made afresh by itself.
  await t.database.pool.query(`update news set title = 'خبر رياضي بعد العودة' where category = 'sports'`);
  await t.app.invalidation.publish(['news']);
  await expect
    .poll(async () => (await get(pages[1]!)).body, { timeout: 10_000, interval: 100 })
    .toContain('خبر رياضي بعد العودة');
}, 30_000);
