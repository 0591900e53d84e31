/**
 * The details a standards review of every public output found (issue 28), each as its user would check it: HTTP
 * caches (RFC 9111) never keeping the newsroom's answers; range requests (RFC 9110 §13.1.5) on files; what search
 * engines are told (noindex search pages, no canonical on a 404, HEAD of a 404); RSS 2.0 enclosures with their real
 * length; Google's structured data (headline length, publisher logo, BreadcrumbList, the newsroom as an
 * Organization); Twitter's image alternative text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from './test/admin-client';
import { addCategory, addNews } from './test/fixtures';
import { createTestApp, type TestApp } from './test/harness';
import { CLIENT_DIST } from './ssr/assets';
import { HEADLINE_MAX, shortHeadline } from './ssr/document';

let t: TestApp;
let admin: ReturnType<typeof as>;
const IMAGE = '0b7e2c1a-5d4f-4c3b-9a8e-7f6d5c4b3a21';
let imageBytes: number;
let withImage: number;
let outsideImage: number;
let longTitled: number;
const LONG_TITLE =
  'المجلس الرئاسي يعلن خطة شاملة لإعادة إعمار المدن المتضررة من الفيضانات في شرق البلاد ويدعو المنظمات الدولية إلى المشاركة في تمويلها';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addCategory(db, { slug: 'libya', name: 'ليبيا' });
  // A stored picture: its files where the local media driver keeps them.
  const dir = path.join(t.config.dataDir, 'media', IMAGE);
  fs.mkdirSync(dir, { recursive: true });
  const webp = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#1e3a8a' } })
    .webp()
    .toBuffer();
  fs.writeFileSync(path.join(dir, '1200.webp'), webp);
  imageBytes = webp.length;
  withImage = (await addNews(db, { category: 'libya', imageUrl: `/media/${IMAGE}/1200.webp` })).id;
  outsideImage = (await addNews(db, { category: 'libya', imageUrl: 'https://example.com/elsewhere.jpg' })).id;
  longTitled = (await addNews(db, { category: 'libya', title: LONG_TITLE })).id;
  await addAdmin(db, 'standards-admin', 'admin');
  admin = as(t.app, (await login(t.app, 'standards-admin')).cookie);
});
afterAll(() => t?.close());

const page = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { host: 'sahifa.test' } });

/** Every JSON-LD block of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('the newsroom API is never kept by a cache (Cache-Control: private, no-store)', () => {
  it('on every answer under /api/admin: signed in or not, found or not, refused or not', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/admin/session' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/news' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/no-such-thing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'http://localhost:80' },
        payload: { username: 'standards-admin', password: 'wrong-password' },
      }),
      (await login(t.app, 'standards-admin')).res,
      await admin('POST', '/api/admin/news', { title: '' }),
    ];
    // And every GET route of the admin API a signed-in admin can reach without parameters.
    for (const r of t.app.routesList)
      if (r.method === 'GET' && r.url.startsWith('/api/admin/') && !r.url.includes(':'))
        answers.push(await admin('GET', r.url));
    expect(answers.length).toBeGreaterThan(15);
    for (const res of answers)
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('private, no-store');
  });
});

describe('If-Range with a weak validator answers the whole file (RFC 9110 §13.1.5)', () => {
  const cases: [string, () => string | undefined][] = [
    ['/media', () => `/media/${IMAGE}/1200.webp`],
    [
      '/assets',
      () => {
        const dir = path.join(CLIENT_DIST, 'assets');
        const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.js')) : undefined;
        return file && `/assets/${file}`;
      },
    ],
  ];
  for (const [name, urlOf] of cases)
    it(`on ${name}`, async () => {
      const url = urlOf();
      expect(url, 'the browser bundle is built (npm test builds it first; or npm run build)').toBeDefined();
      const whole = await t.app.inject({ url: url! });
      expect(whole.statusCode).toBe(200);
      const etag = whole.headers.etag as string;
      expect(etag).toBeTruthy();
      // A range alone, and a range whose If-Range is a date of the file: a piece.
      const piece = await t.app.inject({ url: url!, headers: { range: 'bytes=0-9' } });
      expect(piece.statusCode).toBe(206);
      expect(piece.rawPayload.length).toBe(10);
      // Weak validators never match for If-Range: the whole file, 200, whatever the tag says.
      for (const ifRange of [etag.startsWith('W/') ? etag : `W/${etag}`, 'W/"0-0"', ' W/"abc"']) {
        const res = await t.app.inject({ url: url!, headers: { range: 'bytes=0-9', 'if-range': ifRange } });
        expect(res.statusCode, ifRange).toBe(200);
        expect(res.rawPayload.equals(whole.rawPayload), ifRange).toBe(true);
        expect(res.headers['content-range'], ifRange).toBeUndefined();
      }
    });
});

describe('what search engines are told', () => {
  it('search result pages are never indexed, even when they find news (their links are followed)', async () => {
    const found = await page(`/search?q=${encodeURIComponent('خبر')}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<meta name="robots" content="noindex, follow">');
    expect(found.body).toMatch(/href="\/news\/\d+"/);
    expect((await page('/search')).body).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('a 404 page names no canonical address (never /404)', async () => {
    for (const url of ['/no/such/page', '/news/99999999', '/category/nowhere']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('rel="canonical"');
      expect(res.body, url).not.toContain('/404');
      expect(meta(res.body, 'og:url'), url).toBeUndefined();
    }
  });

  // RFC 9110 §9.3.2: HEAD says what GET would, Content-Length included, whether the page was cached or made afresh.
  it('HEAD of a 404 (and of any page) gives the length GET sends', async () => {
    for (const url of ['/gone/away', '/news/88888888']) {
      const fresh = await page(url, 'HEAD');
      const get = await page(url);
      const cached = await page(url, 'HEAD');
      for (const [name, head] of [
        ['afresh', fresh],
        ['cached', cached],
      ] as const) {
        expect(head.statusCode, `${url} ${name}`).toBe(404);
        expect(head.body, `${url} ${name}`).toBe('');
        expect(Number(head.headers['content-length']), `${url} ${name}`).toBe(Buffer.byteLength(get.body));
      }
    }
  });
});

describe('RSS enclosures', () => {
  it('carry the picture file and its real length in bytes; a picture from elsewhere is not claimed', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
    for (const url of ['/rss.xml', '/rss/libya.xml']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const items = parser.parse(res.body).rss.channel.item as { link: string; enclosure?: Record<string, string> }[];
      const item = (id: number) => items.find((i) => i.link.endsWith(`/news/${id}`))!;
      expect(item(withImage).enclosure, url).toEqual({
        url: `http://sahifa.test/media/${IMAGE}/1200.webp`,
        type: 'image/webp',
        length: String(imageBytes),
      });
      const file = await t.app.inject({ url: `/media/${IMAGE}/1200.webp` });
      expect(Number(file.headers['content-length'])).toBe(imageBytes);
      expect(item(outsideImage).enclosure, url).toBeUndefined();
      expect(res.body, url).not.toContain('length="0"');
    }
  });
});

describe('structured data (Google) and share cards', () => {
  it('shortens a long headline at a word boundary with «…», and leaves a short one whole', async () => {
    const [article] = jsonLd((await page(`/news/${longTitled}`)).body);
    const headline = article!.headline as string;
    expect(Array.from(headline).length).toBeLessThanOrEqual(HEADLINE_MAX);
    expect(headline.endsWith('…')).toBe(true);
    const kept = headline.slice(0, -1);
    expect(LONG_TITLE.startsWith(kept)).toBe(true);
    expect(LONG_TITLE[kept.length]).toBe(' '); // the next character was a space: no word was cut
    const [short] = jsonLd((await page(`/news/${withImage}`)).body);
    expect(short!.headline).not.toContain('…');

    expect(shortHeadline('كلمة '.repeat(40))).toMatch(/^(كلمة )*كلمة…$/);
    expect(shortHeadline('أ'.repeat(200))).toBe(`${'أ'.repeat(HEADLINE_MAX - 1)}…`);
    expect(shortHeadline('عنوان، ثم فاصلة '.repeat(10))).not.toMatch(/[،\s]…$/);
  });

  it('names the publisher with its logo, which is a square PNG Google can read', async () => {
    const [article] = jsonLd((await page(`/news/${withImage}`)).body);
    const publisher = article!.publisher as { '@type': string; logo: { url: string; width: number; height: number } };
    expect(publisher['@type']).toBe('NewsMediaOrganization');
    expect(publisher.logo).toMatchObject({ '@type': 'ImageObject', width: 512, height: 512 });
    const logo = await t.app.inject({ url: new URL(publisher.logo.url).pathname });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
  });

  it('gives articles and sections a BreadcrumbList from the home page down', async () => {
    const crumbs = (html: string) => jsonLd(html).find((b) => b['@type'] === 'BreadcrumbList')?.itemListElement;
    expect(crumbs((await page(`/news/${withImage}`)).body)).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: 'http://sahifa.test/' },
      { '@type': 'ListItem', position: 2, name: 'ليبيا', item: 'http://sahifa.test/category/libya' },
      { '@type': 'ListItem', position: 3, name: expect.any(String), item: `http://sahifa.test/news/${withImage}` },
    ]);
    expect(crumbs((await page('/category/libya')).body)).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: 'http://sahifa.test/' },
      { '@type': 'ListItem', position: 2, name: 'ليبيا', item: 'http://sahifa.test/category/libya' },
    ]);
    expect(crumbs((await page('/')).body)).toBeUndefined();
  });

  it('describes the newsroom on the home page as a NewsMediaOrganization with its logo', async () => {
    const blocks = jsonLd((await page('/')).body);
    expect(blocks[0]!['@type']).toBe('WebSite');
    const org = blocks.find((b) => b['@type'] === 'NewsMediaOrganization');
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      name: 'صحيفة',
      url: 'http://sahifa.test/',
      logo: { '@type': 'ImageObject', url: 'http://sahifa.test/logo.png' },
    });
  });

  it('gives the share card’s picture the same alternative text as Open Graph', async () => {
    for (const url of ['/', `/news/${withImage}`, '/category/libya']) {
      const html = (await page(url)).body;
      expect(meta(html, 'twitter:image:alt'), url).toBeTruthy();
      expect(meta(html, 'twitter:image:alt'), url).toBe(meta(html, 'og:image:alt'));
    }
  });
});
