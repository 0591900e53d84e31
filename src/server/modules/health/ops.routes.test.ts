/** Operations endpoints: readiness (/readyz), draining, and Prometheus metrics behind a token (/metrics). */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { MESSAGES } from '../../errors';
import { createLifecycle } from '../../lib/lifecycle';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { addCategory, addNews } from '../../test/fixtures';
import { healthPublicRoutes } from './health.public.routes';
import type { HealthRepository } from './health.repository';

const TOKEN = 'metrics-token-0123456789abcdef';

let plain: TestApp; // no METRICS_TOKEN
let t: TestApp; // with METRICS_TOKEN
let articleId: number;

beforeAll(async () => {
  [plain, t] = await Promise.all([
    createTestApp(),
    // Article views are flushed by the tests here, not by the timer.
    createTestApp({ config: testConfig({ METRICS_TOKEN: TOKEN, VIEW_FLUSH_MS: '10000' }) }),
  ]);
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  articleId = (await addNews(t.database.db, { category: 'libya', title: 'خبر للمقاييس' })).id;
});
afterAll(async () => {
  await Promise.all([plain?.close(), t?.close()]);
});

/** The samples of a Prometheus text exposition: `name{labels}` (labels sorted) → value. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => `${k}="${v}"`).sort();
    samples.set(labels.length ? `${m[1]}{${labels.join(',')}}` : m[1]!, Number(m[3]));
  }
  return samples;
}

/** The key parseMetrics gives a sample. */
const key = (name: string, labels: Record<string, string> = {}) => {
  const l = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  return l.length ? `${name}{${l.join(',')}}` : name;
};

async function scrape(): Promise<Map<string, number>> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return parseMetrics(res.body);
}
const value = (m: Map<string, number>, name: string, labels?: Record<string, string>) => m.get(key(name, labels)) ?? 0;

describe('/readyz', () => {
  it('is 200 when the database answers and media storage is writable; /healthz is unchanged', async () => {
    const res = await plain.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    const health = await plain.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is 503 naming the storage when the media directory is gone, and ready again once it is back', async () => {
    const dir = path.join(plain.config.dataDir, 'media');
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      const res = await plain.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        database: 'ok',
        storage: 'unreachable',
        draining: false,
        message: MESSAGES.unavailable,
        code: 'UNAVAILABLE',
      });
      expect(res.json().requestId).toEqual(expect.any(String));
    } finally {
      fs.mkdirSync(dir, { recursive: true });
    }
    expect((await plain.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('is 503 naming the database when it fails, or does not answer within a second', async () => {
    const lifecycle = createLifecycle();
    const failing = { ping: () => Promise.reject(new Error('connection refused')) } as HealthRepository;
    const stalled = { ping: () => new Promise<void>(() => {}) } as HealthRepository;
    for (const repo of [failing, stalled]) {
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      await app.register(healthPublicRoutes(repo, { lifecycle, storageCheck: async () => {} }));
      const started = Date.now();
      const res = await app.inject('/readyz');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', storage: 'ok' });
      await app.close();
    }
  });
});

describe('/metrics', () => {
  it('is configured by METRICS_TOKEN: at least 16 characters, no spaces; empty means none', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars and a space' })).toThrow(/METRICS_TOKEN/);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('is 401 with a missing or wrong token, like every other 401', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ message: MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the registry in Prometheus text with every metric, never cached', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-cache']).toBeUndefined();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'http_requests_total',
      'http_request_duration_seconds',
      'sahifa_cache_hits_total',
      'sahifa_cache_misses_total',
      'sahifa_cache_render_lookups_total',
      'sahifa_cache_compressions_total',
      'sahifa_cache_bytes',
      'sahifa_cache_max_bytes',
      'sahifa_cache_entries',
      'sahifa_render_duration_seconds',
      'sahifa_db_pool_connections',
      'sahifa_db_pool_idle_connections',
      'sahifa_db_pool_waiting_clients',
      'sahifa_db_pool_max_connections',
      'sahifa_buffered_article_views',
      'sahifa_buffered_page_views',
      'sahifa_draining',
    ])
      expect(res.body).toContain(`# TYPE ${name} `);
    const m = parseMetrics(res.body);
    expect(value(m, 'sahifa_cache_max_bytes')).toBe(t.config.cacheMaxBytes);
    expect(value(m, 'sahifa_db_pool_max_connections')).toBe(5);
    expect(value(m, 'sahifa_draining')).toBe(0);
  });

  it('counts requests by route pattern and status, with cache hits and misses', async () => {
    const home = { method: 'GET', route: '/', status: '200' };
    expect((await t.app.inject('/')).statusCode).toBe(200); // filled
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/')).headers['x-cache']).toBe('HIT');
    await vi.waitFor(
      async () => {
        expect(value(await scrape(), 'http_requests_total', home) - value(before, 'http_requests_total', home)).toBe(3);
      },
      { timeout: 10_000 },
    );
    const after = await scrape();
    expect(value(after, 'http_requests_total', home) - value(before, 'http_requests_total', home)).toBe(3);
    const count = 'http_request_duration_seconds_count';
    expect(
      value(after, count, { method: 'GET', route: '/' }) - value(before, count, { method: 'GET', route: '/' }),
    ).toBe(3);
    // Each hit lands in the histogram's buckets too: cumulative, so every bound from the one a hit took upwards counts
    // it, and all three are within 15 s and in +Inf.
    const bucket = (le: string) =>
      value(after, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/', le }) -
      value(before, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/', le });
    expect(bucket('15')).toBe(3);
    expect(bucket('+Inf')).toBe(3);
    const bounds = [
      '0.0005',
      '0.001',
      '0.0025',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
    ];
    for (let i = 1; i < bounds.length; i++) expect(bucket(bounds[i]!)).toBeGreaterThanOrEqual(bucket(bounds[i - 1]!));
    const fresh = { kind: 'fresh' };
    expect(value(after, 'sahifa_cache_hits_total', fresh) - value(before, 'sahifa_cache_hits_total', fresh)).toBe(3);
    expect(value(after, 'sahifa_cache_misses_total') - value(before, 'sahifa_cache_misses_total')).toBe(0);
    expect(value(after, 'sahifa_cache_bytes')).toBe(t.app.responseCache.bytes);
    expect(value(after, 'sahifa_cache_entries')).toBe(t.app.responseCache.size);
    expect(value(after, 'sahifa_cache_bytes')).toBeGreaterThan(0);
  });

  it('counts the brotli compressions of cached pages: one when a page is filled, none on a hit, one at the best quality later', async () => {
    await t.app.invalidation.publish(['news']);
    const before = await scrape();
    expect((await t.app.inject('/')).headers['x-cache']).toBe('MISS');
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/')).headers['x-cache']).toBe('HIT');
    const fill = { kind: 'fill' };
    const best = { kind: 'best' };
    const counted = (m: typeof before, kind: typeof fill) =>
      value(m, 'sahifa_cache_compressions_total', kind) - value(before, 'sahifa_cache_compressions_total', kind);
    expect(counted(await scrape(), fill)).toBe(1);
    // Still current two seconds later: recompressed once in the background (plugins/cache/encoding.ts).
    await vi.waitFor(async () => expect(counted(await scrape(), best)).toBe(1), { timeout: 10_000 });
  });

  it("labels pages by their reader route, never by the raw URL; this app's own requests are not counted", async () => {
    const before = await scrape();
    const res = await t.app.inject(`/news/${articleId}?utm_source=x`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBe('MISS');
    expect((await t.app.inject('/no/such/page')).statusCode).toBe(404);
    expect((await t.app.inject('/api/no-such-thing')).statusCode).toBe(404);
    const article = { method: 'GET', route: '/news/:id', status: '200' };
    await vi.waitFor(
      async () => {
        expect(
          value(await scrape(), 'http_requests_total', article) - value(before, 'http_requests_total', article),
        ).toBe(1);
      },
      { timeout: 10_000 },
    );
    const after = await scrape();
    const notFound = { method: 'GET', route: '404', status: '404' };
    expect(value(after, 'http_requests_total', notFound) - value(before, 'http_requests_total', notFound)).toBe(2);
    // Only the three requests made here (and the scrapes): the page's own API queries are not client requests.
    const total = (m: Map<string, number>) =>
      [...m]
        .filter(([k]) => k.startsWith('http_requests_total{') && !k.includes('route="/metrics"'))
        .reduce((sum, [, v]) => sum + v, 0);
    expect(total(after) - total(before)).toBe(3);
    expect([...after.keys()].some((k) => k.includes(`/news/${articleId}`) || k.includes('utm_source'))).toBe(false);
    const rendered = { route: '/news/:id' };
    const renders = 'sahifa_render_duration_seconds_count';
    expect(value(after, renders, rendered) - value(before, renders, rendered)).toBe(1);
  });

  it('counts cache hits answered by the fast path in front of Fastify', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/api/categories`)).status).toBe(200); // filled for this origin
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/categories`);
      expect(res.headers.get('x-cache')).toBe('HIT');
      await res.arrayBuffer();
    }
    const after = await scrape();
    const route = { method: 'GET', route: '/api/categories', status: '200' };
    expect(value(after, 'http_requests_total', route) - value(before, 'http_requests_total', route)).toBe(3);
    const fresh = { kind: 'fresh' };
    expect(value(after, 'sahifa_cache_hits_total', fresh) - value(before, 'sahifa_cache_hits_total', fresh)).toBe(3);
  });

  it('shows the counts buffered until their next flush', async () => {
    const { viewCounter } = t.app.modules;
    await viewCounter.stop(); // writes what is pending and stops the timer: nothing is flushed behind our back
    await t.app.stats.stop();
    try {
      expect(value(await scrape(), 'sahifa_buffered_article_views')).toBe(0);
      for (let i = 0; i < 2; i++)
        expect((await t.app.inject({ method: 'POST', url: `/api/news/${articleId}/view` })).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pageview',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
        payload: {},
      });
      expect(res.statusCode).toBeLessThan(300);
      await vi.waitFor(async () => expect(value(await scrape(), 'sahifa_buffered_page_views')).toBe(1), {
        timeout: 10_000,
      });
      const m = await scrape();
      expect(value(m, 'sahifa_buffered_article_views')).toBe(2);
      expect(viewCounter.unflushed).toBe(2);
      await viewCounter.flush();
      await t.app.stats.flush();
      const flushed = await scrape();
      expect(value(flushed, 'sahifa_buffered_article_views')).toBe(0);
      expect(value(flushed, 'sahifa_buffered_page_views')).toBe(0);
    } finally {
      viewCounter.start();
      t.app.stats.start();
    }
  });

  it('reports the pool and, once draining, sahifa_draining 1 while /readyz answers 503', async () => {
    const m = await scrape();
    expect(value(m, 'sahifa_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(value(m, 'sahifa_db_pool_connections')).toBeLessThanOrEqual(5);
    expect(value(m, 'sahifa_db_pool_waiting_clients')).toBe(0);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    t.app.lifecycle.startDraining();
    expect((await t.app.inject('/readyz')).json()).toMatchObject({ status: 'draining', code: 'UNAVAILABLE' });
    // Scrapes still work while draining (every other route answers the Arabic 503).
    expect(value(await scrape(), 'sahifa_draining')).toBe(1);
    // Whatever is still answered closes its connection, and an idle one does not stay open for the stop to wait on.
    const scraped = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.headers.connection).toBe('close');
    expect(t.app.server.keepAliveTimeout).toBeLessThanOrEqual(1000);
    const refused = await t.app.inject('/api/categories');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('5');
  });
});

// Last: draining never ends.
describe('draining', () => {
  it('makes /readyz 503 once draining has begun (the rest of the app answers its Arabic 503 too)', async () => {
    plain.app.lifecycle.startDraining();
    const res = await plain.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      status: 'draining',
      draining: true,
      message: MESSAGES.unavailable,
      code: 'UNAVAILABLE',
    });
    const page = await plain.app.inject('/api/categories');
    expect(page.statusCode).toBe(503);
    expect(page.json()).toMatchObject({ code: 'UNAVAILABLE', message: MESSAGES.unavailable });
  });
});
