/**
 * Reaching readers where they are, in Chromium: the site is installable (Chromium's own checks, over its DevTools
 * protocol), readable offline through its service worker (a real outage and a slow network, made by a proxy between
 * the browser and the server), a new deployment's worker takes over cleanly, and the share buttons.
 */
// Named imports only: a bare `crypto` here would be rewritten inside the functions run in the page (FAKE_PUSH_MANAGER
// uses the browser's own `crypto`).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { decryptPush } from '../src/server/test/fake-push-service';
import { SAVED_ARTICLES_MAX } from '../src/shared/offline';
import { announce, baseUrl, dbQuery, launch, newPage, openReader, screenshot, signInAdmin } from './support/browser';
import { startProxy, type Proxy } from './support/proxy';

let browser: Browser;
let proxy: Proxy;
beforeAll(async () => {
  browser = await launch();
  proxy = await startProxy(baseUrl());
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
});

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

/** Articles readers can see, newest first, with a picture stored by the site. */
const articles = (n: number) =>
  dbQuery<{ id: number; title: string; image_url: string }>(
    `select id, title, image_url from news where status = 'published' and published_at <= now()
       and image_url like '/media/%' order by published_at desc, id desc limit $1`,
    [n],
  );

/** What the service worker has saved, newest first (its index, read through the Cache API). */
const saved = (page: Page) =>
  page.evaluate(async () => {
    const res = await (await caches.open('sahifa-saved-pages-v1')).match('/__sahifa/saved-index.json');
    const index = res
      ? ((await res.json()) as { pages: { path: string; images: { url: string }[] }[] })
      : { pages: [] };
    return index.pages.map((p) => ({ path: p.path, images: p.images.map((i) => new URL(i.url).pathname) }));
  });

/** What the service worker precached: each entry's path and query (its revision, for files without a hash). */
const precachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      if (name.includes('precache'))
        for (const r of await (await caches.open(name)).keys())
          out.push(new URL(r.url).pathname + new URL(r.url).search);
    return out;
  });

/** When the service worker saved a page (its index's time), if it did. */
const savedAt = (page: Page, path: string) =>
  page.evaluate(async (path) => {
    const res = await (await caches.open('sahifa-saved-pages-v1')).match('/__sahifa/saved-index.json');
    const index = res ? ((await res.json()) as { pages: { path: string; savedAt: string }[] }) : { pages: [] };
    return index.pages.find((p) => p.path === path)?.savedAt;
  }, path);

/** A page of a context whose service worker is installed and controls it. */
async function withWorker(opts: Parameters<typeof newPage>[1] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { ...opts });
  await openReader(page, `${proxy.origin}/`);
  // Registered after the page has loaded and the browser is idle; it claims the open page once active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  return { context, page };
}

describe('installing the site', () => {
  it('is installable by Chromium’s own checks: an Arabic, right-to-left manifest with every icon, no errors', async () => {
    // A profile of its own on disk: Chromium never offers to install from an incognito window (a new context is one).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
      locale: 'ar-LY',
    });
    onTestFinished(async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await openReader(page, `${proxy.origin}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${proxy.origin}/manifest.webmanifest`);
    const parsed = JSON.parse(manifest.data!);
    expect(parsed).toMatchObject({ name: 'صحيفة', short_name: 'صحيفة', lang: 'ar', dir: 'rtl', display: 'standalone' });
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 20_000 })
      .toEqual([]);
    // Every icon it names is a PNG of its stated size; one is maskable.
    for (const icon of parsed.icons as { src: string; sizes: string; purpose: string }[]) {
      const res = await fetch(new URL(icon.src, proxy.origin));
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
    expect(parsed.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    // What iOS reads instead: its home-screen icon (180 px, no transparency) and name.
    const head = await page.locator('head').innerHTML();
    expect(head).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">');
    expect(head).toContain('<meta name="apple-mobile-web-app-title" content="صحيفة">');
    expect(head).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#[0-9a-f]{6}">/);
    const apple = Buffer.from(await (await fetch(`${proxy.origin}/icons/apple-touch-icon.png`)).arrayBuffer());
    expect([apple.readUInt32BE(16), apple.readUInt32BE(20), apple[25]]).toEqual([180, 180, 2]); // RGB, no alpha
  });
});

describe('reading offline', () => {
  let context: BrowserContext;
  let page: Page;
  let read: Awaited<ReturnType<typeof articles>>;

  beforeAll(async () => {
    read = await articles(3);
  });
  afterAll(async () => {
    proxy.mode('up');
    await context?.close();
  });

  it('saves the home page and each article the reader opens, with its pictures, and never a staff page', async () => {
    ({ context, page } = await withWorker({ width: 360 }));
    await page.goto(`${proxy.origin}/`);
    for (const a of read.slice(0, 2)) await page.goto(`${proxy.origin}/news/${a.id}`);
    await page.goto(`${proxy.origin}/admin/login`);
    await page.goto(`${proxy.origin}/preview/news/${read[0]!.id}`);
    await page.goto(`${proxy.origin}/category/libya`);
    await expect
      .poll(async () => (await saved(page)).map((p) => p.path))
      .toEqual([`/news/${read[1]!.id}`, `/news/${read[0]!.id}`, '/']);
    const [second, first] = await saved(page);
    const pictureOf = (url: string) => url.replace(/\/\d+\.webp$/, '/800.webp');
    expect(first!.images).toContain(pictureOf(read[0]!.image_url));
    expect(second!.images).toContain(pictureOf(read[1]!.image_url));
    // The caches hold those pages and pictures, nothing of the newsroom, a preview or the API.
    const keys = await page.evaluate(async () => {
      const all: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) all.push(new URL(req.url).pathname);
      return all;
    });
    expect(keys.filter((k) => /^\/(admin|preview|api)/.test(k))).toEqual([]);
  });

  it('shows a saved article in an outage, whole, with its picture and when it was saved; the offline page otherwise', async () => {
    proxy.mode('down');
    const res = await page.goto(`${proxy.origin}/news/${read[0]!.id}`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').first().textContent()).toBe(read[0]!.title);
    const note = page.locator('.offline-note');
    expect(await note.getAttribute('role')).toBe('status');
    expect(await note.textContent()).toMatch(/أنت تقرأ نسخة محفوظة على جهازك دون اتصال، حُفظت في \d{1,2} \S+ \d{4}/);
    // The picture the phone asked for (its own width) comes from the one kept.
    const picture = page.locator('main article figure img').first();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0); // the saved copy runs no script
    await screenshot(page, 'offline-saved-article-360');

    const unseen = (await articles(3))[2]!;
    const missing = await page.goto(`${proxy.origin}/news/${unseen.id}`);
    expect(missing?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('لا يوجد اتصال بالإنترنت');
    const list = page.locator('#offline-saved li a');
    expect(await list.allTextContents()).toEqual([read[1]!.title, read[0]!.title, 'الصفحة الرئيسية']);
    expect(await page.locator('header').count()).toBeGreaterThan(0); // the site's chrome
    await screenshot(page, 'offline-page-360');
    // Its fonts and icons come from what the worker precached, whatever the browser's own cache still has.
    const precachedFiles = (await precachedUrls(page))
      .map((u) => new URL(u, proxy.origin).pathname)
      .filter((p) => /\.(woff2|png)$/.test(p));
    expect(precachedFiles.length).toBeGreaterThanOrEqual(4);
    for (const file of precachedFiles)
      expect(
        await page.evaluate(
          (f) =>
            fetch(f, { cache: 'no-store' }).then(
              (r) => r.status,
              () => 0,
            ),
          file,
        ),
        file,
      ).toBe(200);
    await list.first().click();
    await page.waitForURL(`**/news/${read[1]!.id}`);
    expect(await page.locator('h1').first().textContent()).toBe(read[1]!.title);

    // A staff page is never saved: offline, it is the offline page.
    await page.goto(`${proxy.origin}/admin/login`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('لا يوجد اتصال بالإنترنت');
    proxy.mode('up');
  });

  it('keeps online readers current: the network first, a saved copy only when the network is too slow', async () => {
    const id = read[0]!.id;
    const fresh = `${read[0]!.title} (محدّث)`;
    await dbQuery('update news set title = $1 where id = $2', [fresh, id]);
    await announce([`article:${id}`, 'news']);
    try {
      // Just after a write the server may answer with the page's previous copy (no-store) while one re-render makes
      // the new one (CACHE_SERVE_PREVIOUS_MS): a reader who reloads gets the new copy, from the network.
      await expect
        .poll(async () => {
          await page.goto(`${proxy.origin}/news/${id}`);
          return page.locator('h1').first().textContent();
        })
        .toBe(fresh);
      expect(await page.locator('.offline-note').count()).toBe(0);
      // The network now takes 10 s: the saved copy (the one just fetched) shows after the 3 s timeout.
      proxy.mode('slow', 10_000);
      const started = Date.now();
      await page.goto(`${proxy.origin}/news/${id}`, { waitUntil: 'domcontentloaded' });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(await page.locator('h1').first().textContent()).toBe(fresh);
      expect(await page.locator('.offline-note').count()).toBe(1);
      // The slow answer still arrives, 10 s on, and is saved then as the freshest copy (the next test's order of
      // saved articles counts on it having happened).
      await expect
        .poll(async () => Date.parse((await savedAt(page, `/news/${id}`)) ?? '') - started, { timeout: 20_000 })
        .toBeGreaterThan(9000);
    } finally {
      proxy.mode('up');
      await dbQuery('update news set title = $1 where id = $2', [read[0]!.title, id]);
      await announce([`article:${id}`, 'news']);
    }
  });

  it(`keeps only the last ${SAVED_ARTICLES_MAX} articles opened, with their pictures`, async () => {
    const many = await articles(SAVED_ARTICLES_MAX + 2);
    for (const a of many) await page.goto(`${proxy.origin}/news/${a.id}`, { waitUntil: 'domcontentloaded' });
    const expected = [...many]
      .reverse()
      .slice(0, SAVED_ARTICLES_MAX)
      .map((a) => `/news/${a.id}`);
    await expect
      .poll(async () => (await saved(page)).filter((p) => p.path !== '/').map((p) => p.path))
      .toEqual(expected);
    const gone = many.slice(0, 2);
    const images = await page.evaluate(async () =>
      (await (await caches.open('sahifa-saved-images-v1')).keys()).map((r) => new URL(r.url).pathname),
    );
    for (const a of gone) expect(images).not.toContain(a.image_url.replace(/\/\d+\.webp$/, '/800.webp'));
    proxy.mode('down');
    await page.goto(`${proxy.origin}/news/${gone[0]!.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('لا يوجد اتصال بالإنترنت');
    proxy.mode('up');
  });
});

describe('a new deployment', () => {
  it('takes over once the pages of the old one are closed, never holding up an open one: its precache replaces the old one, the saved articles stay', async () => {
    const { context, page } = await withWorker();
    // What Chromium's registration did, version by version (its DevTools protocol): said if the test fails.
    const t0 = Date.now();
    const versions: string[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: vs }) => {
      for (const v of vs)
        versions.push(
          `${Date.now() - t0}ms v${v.versionId} ${v.status} ${v.runningStatus} clients:${v.controlledClients?.length ?? 0}`,
        );
    });
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }) =>
      versions.push(`${Date.now() - t0}ms error v${e.versionId} ${e.errorMessage}`),
    );
    await cdp.send('ServiceWorker.enable');
    const [a, b] = await articles(2);
    await page.goto(`${proxy.origin}/news/${a!.id}`);
    await expect.poll(async () => (await saved(page)).map((p) => p.path)).toContain(`/news/${a!.id}`);
    const precached = async (p: Page) => (await precachedUrls(p)).filter((u) => u.startsWith('/offline'));
    const before = await precached(page);
    expect(before).toHaveLength(1);
    // The next build: a new revision for every file without a hash in its name (the server's own sw.js, edited).
    const revision =
      /revision=([0-9a-f]{16})/.exec(before[0]!)?.[1] ?? /__WB_REVISION__=([0-9a-f]{16})/.exec(before[0]!)?.[1];
    expect(revision).toBeTruthy();
    // The reader scrolls as the new version arrives: the page asks for a picture every 20 ms. (With the new version
    // taking over at once, one such request reaching the old worker as Chromium stopped it left the new one waiting,
    // and every later navigation of the tab hung: this test's reload below, every time.)
    await page.evaluate(async (picture) => {
      const reg = (await navigator.serviceWorker.getRegistration())!;
      reg.addEventListener(
        'updatefound',
        () => {
          const busy = setInterval(() => void fetch(picture, { cache: 'no-store' }).catch(() => undefined), 20);
          setTimeout(() => clearInterval(busy), 3000);
        },
        { once: true },
      );
    }, a!.image_url);
    proxy.rewrite('/sw.js', (body) => body.replaceAll(revision!, 'f'.repeat(16)));
    let next: Page | undefined;
    try {
      // The new version installs and waits while a page of the old one is open. (Asked once a second: an update check
      // the last navigation started may still be on its way with the old file, and the browser folds a new one into it.)
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const reg = (await navigator.serviceWorker.getRegistration())!;
              await reg.update().catch(() => undefined);
              return reg.waiting?.state ?? null;
            }),
          { timeout: 30_000, interval: 1000 },
        )
        .toBe('installed');
      await new Promise((r) => setTimeout(r, 3500)); // the pictures asked for meanwhile
      // The open page goes on as before: a link and a reload answer at once, from the network.
      await page.goto(`${proxy.origin}/news/${b!.id}`, { timeout: 15_000 });
      expect(await page.locator('h1').first().textContent()).toBe(b!.title);
      await page.reload({ timeout: 15_000 });
      expect(await page.locator('h1').first().textContent()).toBe(b!.title);
      // The open page's version keeps its own offline page (the new one's is stored beside it, until it takes over).
      expect(await precached(page)).toContain(before[0]);
      // The reader closes the site and comes back: the new version has taken over, with its own precache.
      await page.close();
      next = await context.newPage();
      await next.goto(`${proxy.origin}/`);
      await expect.poll(() => precached(next!)).toEqual([expect.stringContaining('f'.repeat(16))]);
      expect(await next.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      expect((await saved(next)).map((p) => p.path)).toContain(`/news/${a!.id}`);
      proxy.mode('down');
      await next.goto(`${proxy.origin}/news/${a!.id}`);
      expect(await next.locator('.offline-note').count()).toBe(1);
    } catch (err) {
      const pending = proxy
        .recent()
        .filter((r) => r.status === -1 || r.ms > 5000)
        .map((r) => `${r.path} ${r.status} ${r.ms}`);
      (err as Error).message +=
        `\nversions (from ${Date.now() - t0} ms ago): ${JSON.stringify(versions)}\npending: ${JSON.stringify(pending)}`;
      throw err;
    } finally {
      proxy.mode('up');
      proxy.rewrite('/sw.js', undefined);
      await context.close();
    }
  });
});

describe('sharing', () => {
  it('offers WhatsApp, Telegram, Facebook, X, copying with «تم النسخ» and the phone’s share sheet, each named in Arabic', async () => {
    const [a] = await articles(1);
    const { context, page } = await newPage(browser, { width: 360, clipboard: true, touch: true });
    await openReader(page, `/news/${a!.id}`);
    const share = page.getByRole('group', { name: 'مشاركة الخبر' });
    await page.locator('[aria-label="مشاركة الخبر"][data-ready]').waitFor();
    for (const name of [
      'مشاركة عبر واتساب',
      'مشاركة عبر تيليغرام',
      'مشاركة على فيسبوك',
      'مشاركة على إكس',
      'نسخ الرابط',
    ])
      expect(await share.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    const url = `${baseUrl()}/news/${a!.id}`;
    // The apps' share addresses answered here (this machine has no internet): the window opens on them.
    await context.route(/^https:\/\/(wa\.me|t\.me)\//, (route) =>
      route.fulfill({ body: 'ok', contentType: 'text/plain' }),
    );
    const opened = async (name: string) => {
      const popup = context.waitForEvent('page');
      await share.getByRole('button', { name, exact: true }).click();
      const p = await popup;
      await p.waitForURL(/^https:/);
      const address = p.url();
      await p.close();
      return new URL(address);
    };
    const wa = await opened('مشاركة عبر واتساب');
    expect(wa.origin + wa.pathname).toBe('https://wa.me/');
    expect(wa.searchParams.get('text')).toBe(`${a!.title}\n${url}`);
    const tg = await opened('مشاركة عبر تيليغرام');
    expect(tg.origin + tg.pathname).toBe('https://t.me/share/url');
    expect([tg.searchParams.get('url'), tg.searchParams.get('text')]).toEqual([url, a!.title]);
    await share.getByRole('button', { name: 'نسخ الرابط', exact: true }).click();
    await expect.poll(() => share.getByTestId('copy-link').textContent()).toBe('تم النسخ');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // Chromium on Linux has no share sheet: no button for one. Where the browser has one, it opens it.
    expect(await page.getByTestId('share-native').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
    const phone = await newPage(browser, { width: 360 });
    await phone.page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await openReader(phone.page, `/news/${a!.id}`);
    await phone.page.locator('[aria-label="مشاركة الخبر"][data-ready]').waitFor();
    await phone.page.getByRole('button', { name: 'مشاركة عبر تطبيقات الهاتف' }).click();
    expect(await phone.page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title: a!.title,
      text: a!.title,
      url,
    });
    await phone.context.close();
  });
});

/**
 * Alerts in Chromium. This Chromium has no push service of its own (it would be Google's, out of reach here), so the
 * page's PushManager is replaced by one that hands out a subscription shaped as a browser's: a push service's endpoint
 * and a fresh P-256 key pair and secret. Everything else is the real thing: the soft ask, the browser's permission,
 * the server's API, the settings page, and the service worker showing a pushed alert.
 */
const FAKE_PUSH_MANAGER = () => {
  const KEY = 'e2e-push-subscription';
  const b64 = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const make = (s: { endpoint: string; p256dh: string; auth: string }) => ({
    endpoint: s.endpoint,
    toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const kept = localStorage.getItem(KEY);
    return (kept ? make(JSON.parse(kept)) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function () {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const s = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)),
      auth: b64(crypto.getRandomValues(new Uint8Array(16)).buffer),
    };
    localStorage.setItem(KEY, JSON.stringify(s));
    return make(s) as unknown as PushSubscription;
  };
};

describe('alerts', () => {
  const topicsOf = async (endpoint: string) =>
    (await dbQuery<{ topics: string[] }>('select topics from push_subscriptions where endpoint = $1', [endpoint]))[0]
      ?.topics;

  it('asks after the second article, subscribes with the topics chosen, and the settings page changes them or stops them in one tap', async () => {
    const [a, b] = await articles(2);
    const { context, page } = await newPage(browser, { width: 360 });
    await context.addInitScript(FAKE_PUSH_MANAGER);
    await openReader(page, `/news/${a!.id}`);
    await page.waitForTimeout(500); // it would have appeared by now
    expect(await page.getByTestId('push-ask').count()).toBe(0);
    await openReader(page, `/news/${b!.id}`);
    const ask = page.getByRole('dialog', { name: 'تنبيهات الأخبار العاجلة' });
    await ask.waitFor();
    expect(await ask.getByRole('checkbox', { name: 'الأخبار العاجلة' }).isChecked()).toBe(true);
    await screenshot(page, 'push-soft-ask-360');
    await ask.getByRole('checkbox', { name: 'ليبيا' }).check();
    await context.grantPermissions(['notifications']);
    await ask.getByRole('button', { name: 'تفعيل التنبيهات' }).click();
    await expect.poll(() => page.getByText('تم تفعيل التنبيهات').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('push-ask').count()).toBe(0);
    const endpoint = await page.evaluate(() => JSON.parse(localStorage.getItem('e2e-push-subscription')!).endpoint);
    expect(await topicsOf(endpoint)).toEqual(['breaking', 'libya']);

    // «التنبيهات», linked from every page's footer.
    await page.getByRole('link', { name: 'تنبيهات الأخبار العاجلة' }).click();
    await page.waitForURL('**/notifications');
    await expect.poll(() => page.getByTestId('push-state').textContent()).toContain('التنبيهات مفعّلة');
    expect(await page.getByRole('checkbox', { name: 'ليبيا' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'ليبيا' }).uncheck();
    await page.getByRole('checkbox', { name: 'رياضة' }).check();
    await page.getByRole('button', { name: 'حفظ الاختيارات' }).click();
    await expect.poll(() => topicsOf(endpoint)).toEqual(['breaking', 'sports']);
    // The page says so once the server's answer reaches it, which can be a moment after the database has the topics.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'تم حفظ اختياراتك' }).count()).toBe(1);
    await screenshot(page, 'push-settings-360');
    await page.getByRole('button', { name: 'إيقاف التنبيهات' }).click();
    await expect.poll(() => topicsOf(endpoint)).toBeUndefined();
    await expect.poll(() => page.getByTestId('push-state').textContent()).toContain('غير مفعّلة');
    await context.close();
  });

  it('hides the ask for 30 days after «ليس الآن»', async () => {
    const [a, b, c] = await articles(3);
    const { context, page } = await newPage(browser, { width: 1366, dark: true });
    await context.addInitScript(FAKE_PUSH_MANAGER);
    await openReader(page, `/news/${a!.id}`);
    await openReader(page, `/news/${b!.id}`);
    const ask = page.getByTestId('push-ask');
    await ask.waitFor();
    await screenshot(page, 'push-soft-ask-1366-dark');
    await ask.getByRole('button', { name: 'ليس الآن' }).click();
    expect(await ask.count()).toBe(0);
    await openReader(page, `/news/${c!.id}`);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('push-ask').count()).toBe(0);
    // Thirty-one days later it asks again.
    await page.evaluate(() =>
      localStorage.setItem(
        'sahifa:push-ask',
        JSON.stringify({ dismissedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
      ),
    );
    await openReader(page, `/news/${a!.id}`);
    await page.getByTestId('push-ask').waitFor();
    await context.close();
  });

  it('shows a pushed alert in Arabic, right to left, with the site’s icons and a one-tap «إيقاف التنبيهات»', async () => {
    const { context, page } = await withWorker();
    await context.grantPermissions(['notifications']);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    const ours = () => registrations.findLast((r) => r.scopeURL.startsWith(proxy.origin) && !r.isDeleted);
    await expect.poll(() => !!ours()).toBe(true);
    const alert = {
      title: 'عاجل: انقطاع الكهرباء في طرابلس',
      body: 'تعود الكهرباء تدريجياً',
      url: '/news/1',
      topic: 'breaking',
    };
    // The push service's message, as DevTools hands it to the worker.
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: proxy.origin,
        registrationId: ours()!.registrationId,
        data: JSON.stringify(alert),
      });
    await deliver();
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          dir: n.dir,
          lang: n.lang,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          badge: new URL(n.badge).pathname,
          actions: (n as Notification & { actions: { title: string }[] }).actions.map((x) => x.title),
          url: (n.data as { url: string }).url,
        })),
      );
    // Handed again while none shows: on a busy machine DevTools' delivery can be lost before the worker has it (the
    // same tag, so a second one replaces the first: still one in the tray).
    const shown = async () => {
      const list = await notifications();
      if (!list.length) await deliver();
      return list;
    };
    await expect.poll(shown).toEqual([
      {
        title: alert.title,
        body: alert.body,
        dir: 'rtl',
        lang: 'ar',
        tag: 'sahifa-alert',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        actions: ['اقرأ الخبر', 'إيقاف التنبيهات'],
        url: '/news/1',
      },
    ]);
    await context.close();
  });

  it('an editor sends breaking news with «إرسال تنبيه»: it reaches a reader’s push service, a gone browser is removed, the history shows the figures', async () => {
    // Two readers' browsers at the local stand-in push service, subscribed through the public API with real P-256
    // keys: one alive, one whose push service answers 410 Gone (its browser dropped the subscription).
    const origin = inject('pushOrigin');
    const browserKeys = () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        ecdh,
        authSecret,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
    };
    const aliveId = `e2e-${randomUUID()}`;
    const alive = { endpoint: `${origin}/push/${aliveId}`, ...browserKeys() };
    const gone = { endpoint: `${origin}/push/${inject('pushGoneId')}`, ...browserKeys() };
    const { context, page } = await newPage(browser, { width: 1366 });
    for (const sub of [alive, gone]) {
      const res = await page.request.post('/api/push/subscriptions', {
        data: { endpoint: sub.endpoint, keys: sub.keys, topics: ['breaking'] },
      });
      expect(res.status()).toBe(201);
    }

    // The editor adds breaking news and ticks «إرسال تنبيه»; the confirmation shows whom it reaches.
    await signInAdmin(page);
    const title = 'انقطاع الطريق الساحلي عند الخمس بسبب السيول';
    await page.goto('/admin/breaking-news', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'إضافة خبر عاجل' }).first().click();
    await page.fill('#bn-title', title);
    await page.getByTestId('alert-channels').getByLabel('إرسال تنبيه').check();
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('alert-audience-push').textContent()).toContain('مستلمَين');
    await dialog.getByRole('button', { name: 'إرسال', exact: true }).click();
    await expect.poll(() => page.getByText('بدأ الإرسال').count()).toBeGreaterThan(0);

    // The reader's browser gets one message, encrypted for its keys: decrypted, the alert in Arabic with its link.
    const arrived = async () =>
      (await (await fetch(`${origin}/arrived/${aliveId}`)).json()) as {
        headers: Record<string, string>;
        body: string;
      }[];
    await expect.poll(async () => (await arrived()).length).toBe(1);
    const [message] = await arrived();
    expect(message!.headers.urgency).toBe('high');
    const payload = JSON.parse(decryptPush(Buffer.from(message!.body, 'base64'), alive)) as Record<string, string>;
    expect(payload.title).toBe(`عاجل: ${title}`);
    expect(payload.topic).toBe('breaking');

    // The history: the alert with its figures as the editor reads them; the gone browser's subscription deleted.
    const figures = async (p: Page) => {
      const row = p.locator('[data-testid^="send-row-"]', { hasText: title });
      await row.getByRole('button', { name: `عرض: عاجل: ${title}` }).click();
      const box = p.getByRole('region', { name: 'التنبيه على المتصفحات' });
      await box.waitFor();
      return box;
    };
    await page.goto('/admin/newsletter', { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'سجل الإرسال' }).click();
    const box = await figures(page);
    const figure = (key: string) => box.locator(`[data-figure="${key}"]`).textContent();
    await expect.poll(() => figure('removed')).toBe('1');
    expect(await figure('queued')).toBe('2');
    expect(await figure('sent')).toBe('2');
    expect(await figure('delivered')).toBe('1');
    expect(await figure('failed')).toBe('0');
    expect(await box.getByText('وصلت', { exact: true }).count()).toBe(1);
    expect(await box.getByText('اشتراكات منتهية أُزيلت').count()).toBe(1);
    // One set of figures, not the fan-out's own beside them (which counted the gone browser as a failure).
    expect(await page.getByTestId('send-detail').locator('[data-figure="failed"]').count()).toBe(1);
    // The gone browser no longer exists: the one that does had its message at once, so 90 % were reached.
    expect(await figure('time-to-90')).toMatch(/^(أقل من ثانية|\d+\.\d ث)$/);
    expect(
      await dbQuery('select 1 from push_subscriptions where endpoint = any($1)', [[alive.endpoint, gone.endpoint]]),
    ).toHaveLength(1);
    await context.close();

    for (const [width, dark] of [
      [360, false],
      [360, true],
      [1366, false],
      [1366, true],
    ] as const) {
      const look = await newPage(browser, { width, height: 780, dark });
      await signInAdmin(look.page);
      await look.page.goto('/admin/newsletter', { waitUntil: 'networkidle' });
      await look.page.getByRole('tab', { name: 'سجل الإرسال' }).click();
      const shown = await figures(look.page);
      await expect.poll(() => shown.locator('[data-figure="removed"]').textContent()).toBe('1');
      await screenshot(look.page, `push-figures-${width}${dark ? '-dark' : ''}`);
      await look.context.close();
    }
  });
});
