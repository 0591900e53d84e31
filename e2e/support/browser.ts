/** Debian's Chromium through playwright-core, started the way this machine needs (no network, no sandbox as root). */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    dark?: boolean;
    clipboard?: boolean;
    touch?: boolean;
    /** A reader's browser rather than HeadlessChrome (which the statistics and ad counts take for a robot). */
    userAgent?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    hasTouch: opts.touch ?? false,
    locale: 'ar-LY',
    timezoneId: 'Africa/Tripoli',
    colorScheme: opts.dark ? 'dark' : 'light',
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    // Only when asked: granting a list (even an empty one) denies every other permission, where a reader's browser
    // would still ask (Notification.permission 'default', which the alerts' soft ask waits for).
    ...(opts.clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Anything the Content-Security-Policy refused (a script or stylesheet the page needs, or one it should not have).
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

/**
 * Opens a reader page and waits until it is alive: the network quiet and React's hydration committed (before that,
 * the server's HTML is readable but a click on a button does nothing).
 */
export async function openReader(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return response;
}

/** A new context and page, opened on a reader page once it is alive; its HTTP status too. */
export async function openPage(browser: Browser, path: string, opts: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser, opts);
  const response = await openReader(page, path);
  return { context, page, status: response?.status() };
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Scrolls through the page (so lazy images load and boxes fade in), back to the top, then shoots it whole. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
  // A viewport as tall as the page, so that every part is laid out and painted (blocks below the fold skip both
  // until they come near the viewport: content-visibility), then back to the reader's own size.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport) await page.setViewportSize({ width: viewport.width, height: Math.min(height, 16_000) });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
}

/** Signs the e2e admin in through the login form (confirm dialogs along the way accepted). */
export async function signInAdmin(page: Page) {
  page.on('dialog', (d) => void d.accept());
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', inject('adminUsername'));
  await page.fill('#password', inject('adminPassword'));
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
}

/** One query against the test server's database, for checks a reader cannot see (a stored subscription). */
export async function dbQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Tells the running app (as a write would at commit) that rows changed behind its back by dbQuery. */
export async function announce(tags: string[]): Promise<void> {
  await dbQuery("select pg_notify('sahifa_cache', $1)", [JSON.stringify({ from: 'e2e', tags })]);
}

/** yyyy-MM-ddTHH:mm on Tripoli's clock (the schedule field's value). */
export const tripoliInput = (at: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Tripoli',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};
