/**
 * Live coverage as the newsroom and its readers meet it in Chromium: an editor posts from the live desk in one browser
 * context while a reader follows the coverage page in another, without reloading (LIVE_POLL_SECONDS=1 here): new
 * entries at once at the top, a toast and «(N)» in the tab title further down, edits and deletions, the pinned entry and
 * key events, the end of the coverage stopping the polls, and the page without JavaScript. Screenshots of both at
 * 360 and 1366 px, light and dark.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, baseUrl, launch, newPage, openReader, screenshot, signInAdmin } from './support/browser';

let browser: Browser;
let deskContext: BrowserContext;
let desk: Page;
let coverageId: number;

const api = (page: Page, method: 'post' | 'put' | 'delete', url: string, data?: unknown) =>
  page.request[method](url, { headers: { origin: baseUrl() }, ...(data === undefined ? {} : { data }) });

async function signIn() {
  const { context, page } = await newPage(browser, { height: 1000 });
  await signInAdmin(page);
  return { context, page };
}

/** Types an entry into the desk's box and posts it with Ctrl+Enter. */
async function postFromDesk(text: string) {
  const box = desk.locator('[data-testid=live-new-form] .ql-editor');
  await box.click();
  await desk.keyboard.type(text);
  await desk.keyboard.press('Control+Enter');
  await expect.poll(() => desk.locator('[data-testid=live-stream]').innerText()).toContain(text);
  // The box is empty again and keeps the focus, ready for the next one.
  await expect.poll(() => box.innerText()).toBe('\n');
}

const readerEntries = (page: Page) => page.locator('[data-testid=live-entries]').innerText();

beforeAll(async () => {
  browser = await launch();
  ({ context: deskContext, page: desk } = await signIn());
  const created = await api(desk, 'post', '/api/admin/news', {
    title: 'تغطية مباشرة: أمطار غزيرة على طرابلس',
    description: 'نتابع لحظة بلحظة هطول الأمطار وآثارها في العاصمة',
    content: '<p>نتابع في هذه الصفحة تطورات المنخفض الجوي.</p>',
    category: 'libya',
    imageUrl: 'https://example.ly/a.jpg',
    featured: false,
  });
  expect(created.status()).toBe(201);
  coverageId = (await created.json()).id;
  // The editor turns the article into coverage from the live desk's list, by its number.
  await desk.goto('/admin/live', { waitUntil: 'networkidle' });
  expect((await api(desk, 'post', '/api/admin/live', { newsId: coverageId })).status()).toBe(201);
  await desk.goto(`/admin/live/${coverageId}`, { waitUntil: 'networkidle' });
  await desk.waitForSelector('[data-testid=live-new-form] .ql-editor');
});

afterAll(async () => {
  await deskContext?.close();
  await browser?.close();
});

describe('live coverage', () => {
  it('shows the editor’s entry to a reader at the top of the page without a reload, then holds the next ones behind a toast', async () => {
    // While it is live, the front page marks the story «مباشر» (the demo's own coverage has ended: no other badge).
    const home = await newPage(browser);
    await openReader(home.page, '/');
    expect(await home.page.locator('[data-testid=live-badge]').count()).toBeGreaterThan(0);
    // …on the story's own card or row.
    const badged = await home.page.evaluate(
      (id) =>
        [...document.querySelectorAll('[data-testid=live-badge]')].some((b) =>
          b.closest('article, li, section')?.querySelector(`a[href="/news/${id}"]`),
        ),
      coverageId,
    );
    expect(badged).toBe(true);
    await home.context.close();

    const { context, page: reader } = await newPage(browser, { height: 900 });
    await openReader(reader, `/news/${coverageId}`);
    expect(await reader.locator('[data-testid=live-stream]').innerText()).toContain('لا توجد تحديثات بعد');

    await postFromDesk('بدأت الأمطار تهطل بغزارة على وسط طرابلس');
    await expect.poll(() => readerEntries(reader)).toContain('بدأت الأمطار تهطل بغزارة على وسط طرابلس');
    const first = reader.locator('[data-testid=live-entry]').first();
    expect(await first.innerText()).toContain('مدير الموقع'); // its author
    expect(await first.getAttribute('id')).toMatch(/^entry-\d+$/);

    // Enough entries to scroll away from the top of the stream.
    for (let i = 1; i <= 6; i++)
      await api(desk, 'post', `/api/admin/live/${coverageId}/entries`, { body: `<p>تحديث سابق رقم ${i}</p>` });
    await expect.poll(() => readerEntries(reader)).toContain('تحديث سابق رقم 6');
    await reader.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    const title = await reader.title();

    await postFromDesk('فرق الطوارئ تغلق نفق الهضبة');
    const toast = reader.locator('[data-testid=live-new-updates]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('تحديث جديد');
    expect(await reader.title()).toBe(`(1) ${title}`);
    expect(await readerEntries(reader)).not.toContain('فرق الطوارئ تغلق نفق الهضبة');
    await toast.click();
    await expect.poll(() => readerEntries(reader)).toContain('فرق الطوارئ تغلق نفق الهضبة');
    await expect.poll(() => reader.title()).toBe(title);
    expect(await toast.count()).toBe(0);
    expect((reader as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('carries an edit and a deletion to a reader who already has the entry', async () => {
    const { context, page: reader } = await newPage(browser);
    await openReader(reader, `/news/${coverageId}`);
    await expect.poll(() => readerEntries(reader)).toContain('فرق الطوارئ تغلق نفق الهضبة');

    const card = desk.locator('[data-testid^=live-entry-]', { hasText: 'فرق الطوارئ تغلق نفق الهضبة' });
    await card.getByRole('button', { name: 'تعديل' }).click();
    const box = card.locator('.ql-editor');
    await box.click();
    await desk.keyboard.press('End');
    await desk.keyboard.type(' وتعيد فتحه بعد ساعة');
    await desk.keyboard.press('Control+Enter');
    await expect.poll(() => readerEntries(reader)).toContain('فرق الطوارئ تغلق نفق الهضبة وتعيد فتحه بعد ساعة');

    const doomed = desk.locator('[data-testid^=live-entry-]', { hasText: 'تحديث سابق رقم 3' });
    await doomed.getByRole('button', { name: 'حذف' }).click(); // the confirmation is accepted
    await expect.poll(() => readerEntries(reader)).not.toContain('تحديث سابق رقم 3');
    expect(await readerEntries(reader)).toContain('تحديث سابق رقم 2');
    await context.close();
  });

  it('shows the pinned entry first and the key events, each linking to its entry', async () => {
    const { context, page: reader } = await newPage(browser);
    await openReader(reader, `/news/${coverageId}`);

    await desk
      .locator('[data-testid=live-new-form]')
      .getByRole('button', { name: /حدث بارز/ })
      .click();
    await desk.fill('#live-new-key-event', 'إغلاق نفق الهضبة');
    await postFromDesk('الشرطة تحوّل السير إلى الطريق الدائري الثاني');
    const keyEvents = reader.locator('[data-testid=live-key-events]');
    await keyEvents.waitFor();
    const link = keyEvents.getByRole('link', { name: /إغلاق نفق الهضبة/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^#entry-\d+$/);
    expect(await reader.locator(href!).innerText()).toContain('الشرطة تحوّل السير');

    const card = desk.locator('[data-testid^=live-entry-]', { hasText: 'بدأت الأمطار تهطل بغزارة' });
    await card.getByRole('button', { name: 'تثبيت' }).click();
    const pinned = reader.locator('[data-testid=live-pinned]');
    await pinned.waitFor();
    expect(await pinned.innerText()).toContain('بدأت الأمطار تهطل بغزارة');
    expect(await pinned.innerText()).toContain('مثبّت');
    await context.close();
  });

  it('is complete without JavaScript and says to reload', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: 'ar-LY' });
    const page = await context.newPage();
    await page.goto(`/news/${coverageId}`);
    const text = await page.locator('[data-testid=live-stream]').innerText();
    expect(text).toContain('أعد تحميل الصفحة لرؤية آخر التحديثات');
    expect(text).toContain('الشرطة تحوّل السير إلى الطريق الدائري الثاني');
    expect(text).toContain('أبرز الأحداث');
    expect(await page.locator('[data-testid=live-pinned]').innerText()).toContain('بدأت الأمطار تهطل بغزارة');
    await context.close();
  });

  it('looks right at 360 and 1366 px, light and dark, for readers and the newsroom', async () => {
    /** Opens a page, checks nothing spills out sideways, and keeps a screenshot of it. */
    const shoot = async (page: Page, name: string, width: number) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
      await screenshot(page, name);
    };
    for (const width of [360, 1366])
      for (const dark of [false, true]) {
        const look = `${width}-${dark ? 'dark' : 'light'}`;
        // Readers: the coverage, and the front page with its «مباشر» badge.
        for (const [path, name] of [
          [`/news/${coverageId}`, 'live-reader'],
          ['/', 'live-home'],
        ] as const) {
          const { context, page } = await newPage(browser, { width, height: 900, dark });
          await openReader(page, path);
          await shoot(page, `${name}-${look}`, width);
          await context.close();
        }
        // The newsroom: the desk, the list of coverages, the article's editor, and the breaking-news form's link.
        const staff = await deskContext.newPage();
        await staff.setViewportSize({ width, height: 900 });
        await staff.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        await staff.goto(`/admin/live/${coverageId}`, { waitUntil: 'networkidle' });
        await staff.waitForSelector('[data-testid=live-stream]');
        await shoot(staff, `live-desk-${look}`, width);
        await staff.goto('/admin/live', { waitUntil: 'networkidle' });
        await staff.getByText('تغطية مباشرة: أمطار غزيرة على طرابلس').first().waitFor();
        await shoot(staff, `live-list-${look}`, width);
        await staff.goto(`/admin/news?edit=${coverageId}`, { waitUntil: 'networkidle' });
        await staff
          .getByRole('link', { name: /مكتب التغطية/ })
          .first()
          .waitFor();
        // The editor is a dialog over the list: the dialog itself.
        await staff.getByRole('dialog').screenshot({ path: `${SCREENSHOT_DIR}/live-editor-${look}.png` });
        await staff.goto('/admin/breaking-news', { waitUntil: 'networkidle' });
        await staff.getByRole('button', { name: 'إضافة خبر عاجل' }).first().click();
        await staff.locator('#bn-link').waitFor();
        await staff.waitForTimeout(300);
        await staff.screenshot({ path: `${SCREENSHOT_DIR}/live-breaking-form-${look}.png` });
        await staff.close();
      }
    // 24 full-page screenshots (about 17 s a look on a busy 2-core machine): more than the file's 60 s.
  }, 150_000);

  it('stops every reader’s polling when the editor ends the coverage, and drops the «مباشر» badge', async () => {
    const { context, page: reader } = await newPage(browser);
    const polls: number[] = [];
    reader.on('request', (r) => {
      if (r.url().includes(`/api/live/${coverageId}/updates`)) polls.push(Date.now());
    });
    await openReader(reader, `/news/${coverageId}`);
    await expect.poll(() => polls.length).toBeGreaterThan(0);

    await desk.bringToFront();
    await desk.getByRole('button', { name: 'إنهاء التغطية' }).click(); // confirmed
    await reader.locator('[data-testid=live-ended]').waitFor();
    const after = polls.length;
    await reader.waitForTimeout(3500); // three intervals
    expect(polls.length).toBe(after);

    const home = await newPage(browser);
    await openReader(home.page, '/');
    expect(await home.page.locator(`a[href="/news/${coverageId}"]`).count()).toBeGreaterThan(0);
    expect(await home.page.locator('[data-testid=live-badge]').count()).toBe(0);
    await home.context.close();
    await context.close();
  });
});
