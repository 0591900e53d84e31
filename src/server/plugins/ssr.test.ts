import { toastStyleText } from '../ssr/style-hashes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { APP_LOADER, contentHash } from '../ssr/document';
import { addBreaking, addCategory, addNews } from '../test/fixtures';

let t: TestApp;
let articleId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp({
    assets: { script: '/assets/reader.js', preloadScripts: [], styles: ['/assets/reader.css'] },
  });
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا', color: '#dc2626' });
  articleId = (
    await addNews(db, {
      category: 'libya',
      title: 'خبر عن <طرابلس> & "بنغازي"',
      description: 'وصف قصير',
      featured: true,
    })
  ).id;
  otherId = (await addNews(db, { category: 'libya', title: 'خبر آخر من ليبيا للشريط الجانبي' })).id;
  await addBreaking(db, { title: 'عاجل للاختبار' });
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'sahifa.test', ...headers } });

describe('server-rendered reader pages', () => {
  it('renders the home page with its data, the right-to-left document and the client assets', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(res.body).toContain('عاجل للاختبار');
    // The app's scripts load once the page has painted (issue 8): named by a meta tag, loaded by a fixed inline script.
    expect(res.body).toContain('<meta name="sahifa-app" content="/assets/reader.js">');
    expect(res.body).toContain(`<script>${APP_LOADER}</script>`);
    expect(res.body).toContain('id="__QUERY_STATE__"');
  });

  it('escapes article text in the head and in the embedded data', async () => {
    const res = await page(`/news/${articleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>خبر عن &lt;طرابلس&gt; &amp; &quot;بنغازي&quot; | صحيفة</title>');
    expect(res.body).not.toContain('<طرابلس>');
    expect(res.body).toContain('<link rel="canonical" href="http://sahifa.test/news/');
  });

  it("draws an article's sidebar with its section's latest stories (nothing pops in and moves the page)", async () => {
    const res = await page(`/news/${articleId}`);
    const sidebar = res.body.slice(res.body.indexOf('data-testid="section-latest"'));
    expect(res.body).toContain('data-testid="section-latest"');
    expect(sidebar).toContain('خبر آخر من ليبيا للشريط الجانبي');
    // Its answer is in the page's data, so the browser does not ask for it again.
    expect(res.body).toContain('"queryKey":["news","category","libya"]');
    expect(res.headers['surrogate-key']).toContain(`article:${otherId}`);
  });

  it('holds the first paint until the page’s whole HTML has arrived, not its data', async () => {
    for (const url of ['/', `/news/${articleId}`, '/category/libya', '/search?q=ليبيا']) {
      const { body } = await page(encodeURI(url));
      const expects = [...body.matchAll(/<link rel="expect" href="#([^"]+)" blocking="render">/g)].map((m) => m[1]);
      // One, in the head, naming the page's data: it starts right where the app's HTML ends.
      expect(expects, url).toEqual(['__QUERY_STATE__']);
      expect(body.indexOf('<link rel="expect"'), url).toBeLessThan(body.indexOf('</head>'));
      expect(body, url).toContain('</div>\n<script type="application/json" id="__QUERY_STATE__">');
    }
  });

  it('names a small PNG as the tab’s icon, which the site serves', async () => {
    const { body } = await page('/');
    const icon = /<link rel="icon" href="([^"]+)" sizes="48x48" type="image\/png">/.exec(body)?.[1];
    expect(icon).toBe('/icons/icon-48.png');
    expect(body).not.toContain('favicon.svg'); // an SVG icon is drawn through a whole SVG document of its own
    const res = await page(icon!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers unknown pages, missing articles and unknown sections with 404 pages', async () => {
    for (const url of ['/nothing/here', '/news/999999', '/news/abc', '/category/nowhere']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect((await page('/category/home')).headers.location).toBe('/');
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await page('/api/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends security headers with a CSP that allows only its own scripts', async () => {
    const res = await page('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows the page's inline stylesheet by its hash and no other injected <style>", async () => {
    const inlined = await createTestApp({
      assets: { script: '/assets/reader.js', preloadScripts: [], styles: [], inlineCss: 'body{color:#111}</style>' },
    });
    try {
      const res = await inlined.app.inject({ url: '/', headers: { host: 'sahifa.test' } });
      const csp = String(res.headers['content-security-policy']);
      const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc).not.toContain('unsafe-inline');
      const inline = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1];
      expect(inline).toBe('body{color:#111}<\\/style>'); // nothing inside can close the element
      expect(styleSrc).toContain(contentHash(inline!));
      expect(styleSrc).toContain(contentHash(toastStyleText()));
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
    } finally {
      await inlined.close();
    }
  });
});

describe("the footer's year", () => {
  it("is Tripoli's: at 23:30 UTC on 31 December it is already the new year there", async () => {
    const late = await createTestApp({
      assets: { script: '/assets/reader.js', preloadScripts: [], styles: ['/assets/reader.css'] },
      now: () => new Date('2026-12-31T23:30:00Z'),
    });
    try {
      const res = await late.app.inject({ url: '/', headers: { host: 'sahifa.test' } });
      expect(res.statusCode).toBe(200);
      const text = res.body.replaceAll('<!-- -->', ''); // React's marks between adjacent text nodes
      expect(text).toContain('© 2027');
      expect(text).not.toContain('© 2026');
    } finally {
      await late.close();
    }
  });
});

describe('response cache', () => {
  it('serves repeats from the cache with an ETag, and 304 when the client has it', async () => {
    const first = await page('/api/news');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toContain('s-maxage=60');
    const etag = String(first.headers.etag);
    const second = await page('/api/news');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    const revalidated = await page('/api/news', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('drops entries by tag when the content changes, also when another instance announces it', async () => {
    await page('/api/breaking-news');
    expect((await page('/api/breaking-news')).headers['x-cache']).toBe('HIT');
    await addBreaking(t.database.db, { title: 'خبر عاجل جديد', priority: 100 });
    expect((await page('/api/breaking-news')).body).not.toContain('خبر عاجل جديد'); // still cached
    await t.app.invalidation.publish(['breaking']);
    const fresh = await page('/api/breaking-news');
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.body).toContain('خبر عاجل جديد');

    // A second instance on the same database hears the NOTIFY and drops its copy too.
    const other = await (await import('../app')).buildApp({ config: t.config, db: t.database.db });
    await other.ready();
    try {
      await other.inject({ url: '/api/news', headers: { host: 'sahifa.test' } });
      expect((await other.inject({ url: '/api/news', headers: { host: 'sahifa.test' } })).headers['x-cache']).toBe(
        'HIT',
      );
      await t.app.invalidation.publish(['news']);
      await expect
        .poll(
          async () => (await other.inject({ url: '/api/news', headers: { host: 'sahifa.test' } })).headers['x-cache'],
          { timeout: 3000 },
        )
        .toBe('MISS');
    } finally {
      await other.close();
    }
  });

  it('never caches counting requests', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/news/${articleId}/view` });
    expect(res.headers['x-cache']).toBeUndefined();
  });
});

describe('feeds and sitemaps', () => {
  it('lists the article in the sitemap, the news sitemap and the RSS feeds', async () => {
    const index = await page('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const parts = [...index.body.matchAll(/<loc>http:\/\/sahifa\.test([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const all = (await Promise.all(parts.map((p) => page(p)))).map((r) => r.body).join('\n');
    expect(all).toContain(`<loc>http://sahifa.test/news/${articleId}</loc>`);
    expect(all).toContain('<loc>http://sahifa.test/category/libya</loc>');
    const news = await page('/news-sitemap.xml');
    expect(news.body).toContain('<news:language>ar</news:language>');
    expect(news.body).toContain('خبر عن &lt;طرابلس&gt; &amp; &quot;بنغازي&quot;');
    for (const url of ['/rss.xml', '/rss/libya.xml']) {
      const rss = await page(url);
      expect(rss.statusCode, url).toBe(200);
      expect(rss.headers['content-type']).toContain('application/rss+xml');
      expect(rss.body).toContain(`<link>http://sahifa.test/news/${articleId}</link>`);
    }
    expect((await page('/rss/nowhere.xml')).statusCode).toBe(404);
    expect((await page('/robots.txt')).body).toContain('Sitemap: http://sahifa.test/sitemap.xml');
  });
});
