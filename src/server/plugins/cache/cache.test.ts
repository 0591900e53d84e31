/** The response cache: encodings, validators, keys, coalescing, staleness, bounds, the CDN purge hook, the fast path. */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';
import { addBreaking, addCategory, addNews } from '../../test/fixtures';
import { normalise } from './keys';
import { ResponseCache, type CacheEntry } from './store';

let t: TestApp;
let clock = Date.now();
const purges: { tags: string[]; auth: string | undefined }[] = [];
let purgeServer: http.Server;
let articleId: number;

beforeAll(async () => {
  purgeServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      purges.push({ tags: JSON.parse(body).tags, auth: req.headers.authorization });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => purgeServer.listen(0, '127.0.0.1', r));
  const purgeUrl = `http://127.0.0.1:${(purgeServer.address() as AddressInfo).port}/purge`;
  t = await createTestApp({
    config: testConfig({ CDN_PURGE_URL: purgeUrl, CDN_PURGE_TOKEN: 'cdn-secret' }),
    now: () => new Date(clock),
  });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  articleId = (await addNews(t.database.db, { category: 'libya', title: 'خبر للاختبار' })).id;
  await addNews(t.database.db, { category: 'libya', title: 'خبر ثان' });
  await addBreaking(t.database.db, { title: 'عاجل' });
  await addAdmin(t.database.db, 'chief', 'admin');
});
afterAll(async () => {
  await t.close();
  purgeServer.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'sahifa.test', ...headers } });
const getByInject = get;

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** A GET over a real socket, so the fast path in front of Fastify answers it when it can (inject never reaches it). */
async function overHttp(app: TestApp['app'], url: string, headers: Record<string, string> = {}): Promise<Answer> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: url, headers: { host: 'sahifa.test', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ statusCode: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
  });
}

/** Both ways a request arrives: Fastify's inject (the hooks) and a socket (the fast path first). */
const VIA = ['inject', 'a socket'] as const;

describe('encodings', () => {
  it('answers brotli, else gzip, else identity, with Vary and an ETag per encoding; 304 only for that encoding', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const r of [br, gz, plain]) expect(r.headers.vary).toBe('Accept-Encoding');
    const html = plain.body;
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);
    const etags = new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]);
    expect(etags.size).toBe(3);

    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(
      304,
    );
    expect((await get('/', { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) })).statusCode).toBe(
      304,
    );
    // The browser has the gzip copy but now takes brotli: a different representation, so a full answer.
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) })).statusCode).toBe(
      200,
    );
  });

  it('honours Accept-Encoding as RFC 9110 says: q-values, exclusions and names in any case', async () => {
    const cases: [string, string | undefined][] = [
      ['GZIP', 'gzip'],
      ['Br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0', undefined],
      ['deflate', undefined],
    ];
    for (const url of ['/', '/api/news']) {
      const plain = await get(url);
      for (const [accept, expected] of cases) {
        const res = await get(url, { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        const body =
          expected === 'br'
            ? zlib.brotliDecompressSync(res.rawPayload)
            : expected === 'gzip'
              ? zlib.gunzipSync(res.rawPayload)
              : res.rawPayload;
        expect(body.toString(), `${url} ${accept}`).toBe(plain.body);
      }
    }
    // Answers the cache does not keep are compressed by the same rule.
    const { cookie } = await login(t.app, 'chief');
    const call = as(t.app, cookie);
    for (let i = 0; i < 10; i++) await call('POST', '/api/admin/breaking-news', { title: `خبر عاجل للترميز رقم ${i}` });
    for (const [accept, expected] of [
      ['BR', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const res = await call('GET', '/api/admin/breaking-news', undefined, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(expected);
    }
  });

  it("answers HEAD with the Content-Length the GET's body has, and no body, missed or hit, 200 or 404", async () => {
    for (const url of ['/', '/api/news', '/no-such-page', `/news/999999`]) {
      for (const encoding of ['br', 'identity']) {
        await t.app.invalidation.publish(['news', 'pages']);
        const headMiss = await t.app.inject({
          method: 'HEAD',
          url,
          headers: { host: 'sahifa.test', 'accept-encoding': encoding },
        });
        const headHit = await t.app.inject({
          method: 'HEAD',
          url,
          headers: { host: 'sahifa.test', 'accept-encoding': encoding },
        });
        const got = await get(url, { 'accept-encoding': encoding });
        for (const head of [headMiss, headHit]) {
          expect(head.statusCode, url).toBe(got.statusCode);
          expect(head.rawPayload.length, url).toBe(0);
          expect(Number(head.headers['content-length']), `${url} ${encoding}`).toBe(got.rawPayload.length);
        }
      }
    }
  });

  it('fills with a quick brotli, then recompresses it at the best quality in the background', async () => {
    await t.app.invalidation.publish(['news']);
    const upgrades = t.app.responseCache.counters.upgrades;
    const quick = await get('/', { 'accept-encoding': 'br' });
    await expect.poll(() => t.app.responseCache.counters.upgrades, { timeout: 8000 }).toBeGreaterThan(upgrades);
    await expect
      .poll(async () => (await get('/', { 'accept-encoding': 'br' })).rawPayload.length, { timeout: 5000 })
      .toBeLessThan(quick.rawPayload.length);
    const best = await get('/', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(best.rawPayload).toString()).toBe(
      zlib.brotliDecompressSync(quick.rawPayload).toString(),
    );
    expect(best.headers.etag).toBe(quick.headers.etag); // the same content: a browser's copy stays valid
  });

  it('compresses JSON, feeds and the sitemap too, and never compresses again on a hit', async () => {
    for (const url of ['/api/news', '/rss.xml', '/sitemap.xml', '/robots.txt']) {
      const plain = await get(url);
      const br = await get(url, { 'accept-encoding': 'br' });
      // Bodies under ~1 KB are not worth compressing (one TCP packet either way).
      expect(br.headers['content-encoding'], url).toBe(plain.rawPayload.length >= 860 ? 'br' : undefined);
    }
    const before = t.app.responseCache.counters.compressions;
    for (let i = 0; i < 20; i++) await get('/api/news', { 'accept-encoding': i % 2 ? 'br' : 'gzip' });
    expect(t.app.responseCache.counters.compressions).toBe(before);
  });

  it('compresses uncached answers per request (never above brotli quality 5)', async () => {
    const { cookie } = await login(t.app, 'chief');
    const call = as(t.app, cookie);
    for (let i = 0; i < 10; i++) await call('POST', '/api/admin/breaking-news', { title: `خبر عاجل للضغط رقم ${i}` });
    const res = await call('GET', '/api/admin/breaking-news', undefined, { 'accept-encoding': 'br' });
    // Not the cache's: the admin API's own (issue 28: nothing of it may be kept anywhere).
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).length).toBeGreaterThan(0);
  });
});

describe('keys', () => {
  it('keeps only the parameters a route reads, in one order', () => {
    expect(normalise('/?utm_source=x&category=libya&fbclid=1', ['category'], 'o').key).toBe('o /?category=libya');
    expect(normalise('/api/news?offset=0&limit=5&junk=1', ['limit', 'offset', 'before'], 'o').key).toBe(
      'o /api/news?limit=5&offset=0',
    );
    expect(normalise('/search?q=%D9%84&q=x', ['q', 'page'], 'o').url).toBe('/search?q=%D9%84');
  });

  it('neither grows nor renders again for unknown parameters', async () => {
    await get('/');
    const size = t.app.responseCache.size;
    const fills = t.app.responseCache.counters.fills;
    for (let i = 0; i < 300; i++) {
      const res = await get(`/?x=${Math.random()}&utm_campaign=${i}`);
      expect(res.headers['x-cache']).toBe('HIT');
    }
    expect(t.app.responseCache.size).toBe(size);
    expect(t.app.responseCache.counters.fills).toBe(fills);
  });

  it('keys by origin when no PUBLIC_URL fixes it, so one host cannot poison another', async () => {
    const a = await get('/robots.txt', { host: 'a.example' });
    const b = await get('/robots.txt', { host: 'b.example' });
    expect(a.body).toContain('http://a.example/sitemap.xml');
    expect(b.body).toContain('http://b.example/sitemap.xml');
  });
});

describe('coalescing and staleness', () => {
  it('renders once for many concurrent misses of one page', async () => {
    await t.app.invalidation.publish(['news']);
    const fills = t.app.responseCache.counters.fills;
    const coalesced = t.app.responseCache.counters.coalesced;
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(`/news/${articleId}`)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'MISS')).toHaveLength(1);
    expect(t.app.responseCache.counters.coalesced - coalesced).toBe(39);
    // The page, and the API answers it was built from that were not cached already, each filled once: the article,
    // its live coverage, related stories, most read, the latest ticker and its section's latest (the sidebar).
    expect(t.app.responseCache.counters.fills - fills).toBeLessThanOrEqual(7);
  });

  it.each(VIA)(
    'serves a stale page at once while one refresh runs, but never one an invalidation dropped (%s)',
    async (via) => {
      const get = (url: string) => (via === 'inject' ? getByInject(url) : overHttp(t.app, url));
      const url = `/news/${articleId}`;
      await get(url);
      clock += 61_000; // past the page's 60 s
      const stale = await Promise.all([get(url), get(url), get(url)]);
      expect(stale.map((s) => s.headers['x-cache'])).toEqual(['STALE', 'STALE', 'STALE']);
      await expect.poll(async () => (await get(url)).headers['x-cache'], { timeout: 5000 }).toBe('HIT');

      await t.database.pool.query('update news set title = $1 where id = $2', ['عنوان بعد التعديل', articleId]);
      await t.app.invalidation.publish([`article:${articleId}`]);
      const fresh = await get(url);
      expect(fresh.headers['x-cache']).toBe('MISS');
      expect(fresh.body).toContain('عنوان بعد التعديل');
    },
  );

  it('does not keep a page rendered across an invalidation of what it shows', async () => {
    const cache = new ResponseCache(1 << 20, () => 0);
    const seq = cache.seq;
    cache.invalidate(['article:1']);
    expect(cache.invalidatedSince(seq, ['article:1', 'latest'])).toBe(true);
    expect(cache.invalidatedSince(seq, ['article:2'])).toBe(false);
  });

  it('keeps such a render only as the last good copy: never served as it is, there if the next render fails', () => {
    const cache = new ResponseCache(1 << 20, () => 5000);
    const entry = (key: string, body: string): CacheEntry => ({
      key,
      url: key,
      origin: 'o',
      status: 200,
      headers: {},
      bodies: { identity: Buffer.from(body) },
      hash: body,
      tags: ['article:1'],
      freshUntil: 60_000,
      staleUntil: 360_000,
      errorUntil: 86_400_000,
      pageView: true,
      refreshing: false,
      size: 100,
      ready: {},
    });
    const first = entry('/news/1', 'before');
    cache.set(first);
    cache.invalidate(['article:1']);
    // A render that began before that write and ended after it replaces the copy the write retired, retired too (as
    // of the same write, so readers' moment of the previous copy is unchanged).
    const raced = entry('/news/1', 'during');
    cache.keepAsLastGood(raced);
    expect(cache.get('/news/1')).toBe(raced);
    expect(raced.retired).toBe(true);
    expect(raced.retiredAt).toBe(5000);
    expect(raced.freshUntil).toBe(0);
    expect(raced.staleUntil).toBe(0);
    expect(cache.isCurrent(raced)).toBe(false);
    // With nothing held before, it is kept the same way; a current entry made meanwhile is never displaced.
    const alone = entry('/news/2', 'during');
    cache.keepAsLastGood(alone);
    expect(cache.get('/news/2')?.retired).toBe(true);
    const current = entry('/news/3', 'after');
    cache.set(current);
    cache.keepAsLastGood(entry('/news/3', 'during'));
    expect(cache.get('/news/3')).toBe(current);
    expect(current.retired).toBeUndefined();
  });
});

describe('right after a write (CACHE_SERVE_PREVIOUS_MS)', () => {
  it("keeps a page's ETag when a re-render makes the same page at a later moment, and changes it with the content", async () => {
    // Early in a coming minute, so that what a reader sees (a prayer's countdown in minutes) stays the same.
    let at = Math.floor(Date.now() / 60_000) * 60_000 + 65_000;
    const app = await createTestApp({ now: () => new Date(at) });
    try {
      await addCategory(app.database.db, { slug: 'libya', name: 'ليبيا' });
      const id = (await addNews(app.database.db, { category: 'libya', title: 'خبر لم يتغير' })).id;
      const read = (headers: Record<string, string> = {}) =>
        app.app.inject({ url: `/news/${id}`, headers: { host: 'sahifa.test', 'accept-encoding': 'br', ...headers } });
      const first = await read();
      expect(first.statusCode).toBe(200);

      // A write that touches the article's tag without changing what it shows; the page is made again 2 s later.
      await app.app.invalidation.publish([`article:${id}`]);
      at += 2000;
      const again = await read();
      expect(again.headers['x-cache']).toBe('MISS');
      expect(again.rawPayload.equals(first.rawPayload)).toBe(false); // the render's own time is in its bytes
      expect(again.headers.etag).toBe(first.headers.etag);
      // So the browser's copy is still good: 304, no body.
      const revalidated = await read({ 'if-none-match': first.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);

      await app.database.pool.query('update news set title = $1 where id = $2', ['خبر تغير عنوانه', id]);
      await app.app.invalidation.publish([`article:${id}`]);
      at += 1000;
      const changed = await read({ 'if-none-match': first.headers.etag as string });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
    } finally {
      await app.close();
    }
  });

  it.each(VIA)(
    'gives readers the previous copy while one re-render runs, the new one within the moment, staff always the new (%s)',
    async (via) => {
      let at = Date.now();
      const app = await createTestApp({
        config: testConfig({ CACHE_SERVE_PREVIOUS_MS: '1000' }),
        now: () => new Date(at),
      });
      try {
        await addCategory(app.database.db, { slug: 'libya', name: 'ليبيا' });
        const id = (await addNews(app.database.db, { category: 'libya', title: 'العنوان الأول' })).id;
        await addAdmin(app.database.db, 'desk', 'editor');
        const { cookie } = await login(app.app, 'desk');
        const read = (headers: Record<string, string> = {}): Promise<Answer> =>
          via === 'inject'
            ? app.app.inject({ url: `/news/${id}`, headers: { host: 'sahifa.test', ...headers } })
            : overHttp(app.app, `/news/${id}`, headers);
        expect((await read()).body).toContain('العنوان الأول');

        // Staff (a session cookie) always wait for the new copy. What one re-render of the page costs in misses (the
        // page and the API answers it is made of, all dropped by the write):
        let misses = app.app.responseCache.counters.misses;
        await app.database.pool.query('update news set title = $1 where id = $2', ['عنوان للمحرر', id]);
        await app.app.invalidation.publish([`article:${id}`]);
        const staff = await read({ cookie: cookie! });
        expect(staff.headers['x-cache']).toBe('MISS');
        expect(staff.body).toContain('عنوان للمحرر');
        const oneRender = app.app.responseCache.counters.misses - misses;
        expect((await read()).headers['x-cache']).toBe('HIT');

        misses = app.app.responseCache.counters.misses;
        await app.database.pool.query('update news set title = $1 where id = $2', ['العنوان بعد التصحيح', id]);
        await app.app.invalidation.publish([`article:${id}`]);
        // Readers at once: the previous copy, marked STALE, and its one re-render starts (never one per reader).
        const readers = await Promise.all([read(), read(), read()]);
        expect(readers.map((r) => r.headers['x-cache'])).toEqual(['STALE', 'STALE', 'STALE']);
        for (const r of readers) expect(r.body).toContain('عنوان للمحرر');
        // No edge cache in front nor browser keeps that previous copy (the write's purge is not undone).
        for (const r of readers) expect(r.headers['cache-control']).toBe('no-store');
        // Then the new copy, once that render is made; rendered once for all of them.
        await expect.poll(async () => (await read()).body, { timeout: 5000 }).toContain('العنوان بعد التصحيح');
        expect((await read()).headers['x-cache']).toBe('HIT');
        expect(app.app.responseCache.counters.misses - misses).toBe(oneRender);

        // Past the moment, nobody is given the previous copy: the next reader waits for the new one.
        await read(); // fill
        await app.database.pool.query('update news set title = $1 where id = $2', ['عنوان رابع', id]);
        await app.app.invalidation.publish([`article:${id}`]);
        at += 1001;
        const late = await read();
        expect(late.headers['x-cache']).toBe('MISS');
        expect(late.body).toContain('عنوان رابع');
      } finally {
        await app.close();
      }
    },
  );
});

describe('bounds and the CDN', () => {
  it('holds no more bytes than it may, dropping the least recently used', () => {
    let clock = 0;
    const cache = new ResponseCache(10_000, () => clock);
    const entry = (key: string, bytes: number): CacheEntry => ({
      key,
      url: key,
      origin: 'o',
      status: 200,
      headers: {},
      bodies: { identity: Buffer.alloc(bytes) },
      hash: 'h',
      tags: ['news'],
      freshUntil: 1,
      staleUntil: 1,
      errorUntil: 60_000,
      pageView: false,
      refreshing: false,
      size: bytes,
      ready: {},
    });
    for (let i = 0; i < 10; i++) cache.set(entry(`k${i}`, 3000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    cache.get('k7'); // touched: k8 is now the oldest
    cache.set(entry('k10', 3000));
    expect(cache.get('k7')).toBeDefined();
    expect(cache.get('k8')).toBeUndefined();
    cache.set(entry('huge', 20_000));
    expect(cache.get('huge')).toBeUndefined();
    // Reads keep moving an entry up as time goes on (recency is kept to the second): all three read now, then k11
    // again two seconds later, so k12, now the least recently read, goes first (without that move, k11 would).
    cache.set(entry('k11', 3000));
    cache.set(entry('k12', 3000));
    cache.set(entry('k13', 3000));
    for (const k of ['k11', 'k12', 'k13']) cache.get(k);
    clock = 2000;
    cache.get('k11'); // its first move was at 0: moved again
    cache.set(entry('k14', 3000));
    expect(cache.get('k12')).toBeUndefined();
    expect(cache.get('k11')).toBeDefined();
    expect(cache.get('k13')).toBeDefined();
  });

  it('tags every cacheable answer for a CDN and posts the tags of a write to the purge hook', async () => {
    const page = await get(`/news/${articleId}`);
    expect(String(page.headers['surrogate-key'])).toContain(`article:${articleId}`);
    expect(String(page.headers['cache-tag'])).toContain(`article:${articleId}`);
    expect(page.headers['cache-control']).toMatch(/s-maxage=60, stale-while-revalidate=300, stale-if-error=86400/);
    purges.length = 0;
    const { cookie } = await login(t.app, 'chief');
    await as(t.app, cookie)('PATCH', `/api/admin/news/${articleId}/featured`, { featured: true });
    await expect.poll(() => purges.length).toBeGreaterThan(0);
    expect(purges[0]!.tags).toEqual(expect.arrayContaining([`article:${articleId}`, 'featured']));
    expect(purges[0]!.auth).toBe('Bearer cdn-secret');
  });
});

describe('the fast path', () => {
  it('answers hits over real HTTP before Fastify, with the same bytes, headers and page-view counting', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers: { host: 'sahifa.test', ...headers } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    const first = await fetchRaw('/', { 'accept-encoding': 'br' });
    const second = await fetchRaw('/?utm_source=newsletter', { 'accept-encoding': 'br' });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['surrogate-key']).toBe(first.headers['surrogate-key']);
    const notModified = await fetchRaw('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    await t.app.stats.flush();
    const before = (await t.database.pool.query('select coalesce(sum(page_views), 0)::int n from daily_stats')).rows[0]
      .n;
    const reader = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36';
    for (let i = 0; i < 3; i++) await fetchRaw('/', { 'user-agent': reader });
    // A HEAD (a monitor, a link checker) is answered from the same entry but is nobody reading the page.
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request(
          {
            method: 'HEAD',
            host: '127.0.0.1',
            port,
            path: '/',
            headers: { host: 'sahifa.test', 'user-agent': reader },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res));
          },
        )
        .on('error', reject)
        .end(),
    );
    expect(head.headers['x-cache']).toBe('HIT');
    await t.app.stats.flush();
    const after = (await t.database.pool.query('select coalesce(sum(page_views), 0)::int n from daily_stats')).rows[0]
      .n;
    expect(after - before).toBe(3);

    // q-values and case over real HTTP, where the fast path answers.
    for (const [accept, expected] of [
      ['GZIP', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const hit = await fetchRaw('/', { 'accept-encoding': accept });
      expect(hit.headers['x-cache'], accept).toBe('HIT');
      expect(hit.headers['content-encoding'], accept).toBe(expected);
    }
  });

  it("writes a hit's head as Node would: one Date, keep-alive, the length of its body, pipelined answers in order", async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    /** Raw requests on one socket; resolves with what the server sent once `enough` says so or it closed. */
    const exchange = (requests: string, enough: (text: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(requests));
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          text += chunk;
          if (enough(text)) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    /** Splits a stream of responses into head lines and bodies by their Content-Length. */
    const responses = (text: string) => {
      const out: { status: string; headers: [string, string][]; body: string }[] = [];
      let rest = text;
      while (rest.length) {
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0) break;
        const [status, ...lines] = rest.slice(0, end).split('\r\n');
        const headers = lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 2)]) as [
          string,
          string,
        ][];
        const length = Number(headers.find(([n]) => n === 'content-length')?.[1] ?? 0);
        out.push({ status: status!, headers, body: rest.slice(end + 4, end + 4 + length) });
        rest = rest.slice(end + 4 + length);
      }
      return out;
    };
    const ask = 'GET /api/news HTTP/1.1\r\nHost: sahifa.test\r\nAccept-Encoding: gzip\r\n\r\n';
    await exchange(ask, (s) => responses(s).length === 1); // fill
    const text = await exchange(ask + ask + ask, (s) => responses(s).length === 3 && responses(s)[2]!.body.length > 0);
    const hits = responses(text);
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(hit.status).toBe('HTTP/1.1 200 OK');
      const names = hit.headers.map(([n]) => n);
      expect(names.filter((n) => n === 'date')).toHaveLength(1);
      expect(new Set(names).size).toBe(names.length); // no header twice
      const value = (name: string) => hit.headers.find(([n]) => n === name)?.[1];
      expect(value('connection')).toBe('keep-alive');
      expect(value('keep-alive')).toBe('timeout=72');
      expect(value('x-cache')).toBe('HIT');
      expect(value('content-encoding')).toBe('gzip');
      expect(Number(value('content-length'))).toBe(Buffer.from(hit.body, 'latin1').length);
      expect(JSON.parse(zlib.gunzipSync(Buffer.from(hit.body, 'latin1')).toString()).length).toBeGreaterThan(0);
      expect(Date.parse(value('date')!)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The same headers as the answer Fastify writes for the same entry (a HEAD-less GET that bypasses nothing).
    const viaFastify = await get('/api/news', { 'accept-encoding': 'gzip' });
    const fastNames = hits[0]!.headers.map(([n]) => n).filter((n) => !['date', 'connection', 'keep-alive'].includes(n));
    expect(new Set(fastNames)).toEqual(
      new Set(Object.keys(viaFastify.headers).filter((n) => !['date', 'connection', 'keep-alive'].includes(n))),
    );

    // HTTP/1.0 without keep-alive: Node writes the head itself and closes the connection after the answer.
    const old = await exchange('GET /api/news HTTP/1.0\r\nHost: sahifa.test\r\n\r\n', () => false);
    const [answer] = responses(old);
    expect(answer!.headers.find(([n]) => n === 'x-cache')?.[1]).toBe('HIT');
    expect(answer!.headers.find(([n]) => n === 'connection')?.[1]).toBe('close');
    // A 304 on a kept-alive connection, then a full answer on the same socket.
    const etag = hits[0]!.headers.find(([n]) => n === 'etag')![1];
    const conditional = `GET /api/news HTTP/1.1\r\nHost: sahifa.test\r\nAccept-Encoding: gzip\r\nIf-None-Match: ${etag}\r\n\r\n`;
    const pair = responses(
      await exchange(conditional + ask, (s) => responses(s).length === 2 && responses(s)[1]!.body.length > 0),
    );
    expect(pair.map((r) => r.status)).toEqual(['HTTP/1.1 304 Not Modified', 'HTTP/1.1 200 OK']);
    expect(pair[0]!.headers.find(([n]) => n === 'content-length')).toBeUndefined();
    expect(pair[0]!.headers.find(([n]) => n === 'connection')?.[1]).toBe('keep-alive');

    // HEAD: the same head with the body's length and no body, then the next answer on the same socket at once.
    const head = ask.replace('GET', 'HEAD');
    const headThenGet = await exchange(head + ask, (s) => /\r\n\r\nHTTP\/1\.1 200 OK[^]*\r\n\r\n/.test(s));
    const headEnd = headThenGet.indexOf('\r\n\r\n') + 4;
    const [headAnswer] = responses(headThenGet.slice(0, headEnd));
    expect(headAnswer!.status).toBe('HTTP/1.1 200 OK');
    expect(headAnswer!.headers.find(([n]) => n === 'content-length')?.[1]).toBe(
      hits[0]!.headers.find(([n]) => n === 'content-length')?.[1],
    );
    expect(headThenGet.slice(headEnd).startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);

    // The head a hit is sent with is made again when the second changes: its Date moves on.
    const dateOf = async () =>
      responses(
        await exchange(ask, (s) => responses(s).length === 1 && responses(s)[0]!.body.length > 0),
      )[0]!.headers.find(([n]) => n === 'date')![1];
    const before = await dateOf();
    await new Promise((r) => setTimeout(r, 1100));
    expect(Date.parse(await dateOf())).toBeGreaterThan(Date.parse(before));
  });

  it('keeps an idle connection open past the 5 s of Node, so a client reusing it is answered, not reset', async () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<net.Socket>();
    const ask = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.get({ port, host: '127.0.0.1', path: '/api/categories', agent }, (res) => {
          sockets.add(res.socket);
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
      });
    try {
      expect(await ask()).toBe(200);
      const [socket] = sockets;
      let closedAfter: number | undefined;
      const started = Date.now();
      socket!.once('close', () => (closedAfter = Date.now() - started));
      // Node closes an idle connection at keepAliveTimeout plus one second: 6 s with its own 5 s.
      await new Promise((r) => setTimeout(r, 8_000));
      expect(closedAfter).toBeUndefined(); // the server has not closed it
      expect(await ask()).toBe(200);
      expect(sockets.size).toBe(1); // answered on the same connection
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
