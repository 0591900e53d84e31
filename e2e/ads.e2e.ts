/**
 * Advertising in Chromium: the sales desk turns placements on and books a campaign on its screen (the creative's
 * pictures uploaded through the media library); a reader's article shows it in its boxes, labelled, without moving
 * anything; a viewable impression is counted only after half the box has been in view for a whole second (scrolled
 * in, out, in); a click lands on the advertiser's page and is counted; the report shows both. Screenshots at 360 and
 * 1366 px, light and dark.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { SCREENSHOT_DIR, dbQuery, launch, newPage, openReader, screenshot } from './support/browser';

const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let browser: Browser;
let landing: http.Server;
let landingUrl: string;
let articleId: number;
let landed = 0;

const banner = (w: number, h: number, color: string) =>
  sharp({
    create: { width: w, height: h, channels: 3, background: color },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${w * 0.05}" y="${h * 0.2}" width="${w * 0.9}" height="${h * 0.6}" rx="12" fill="#ffffff" fill-opacity="0.25"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

async function signIn(opts: Parameters<typeof newPage>[1] = {}) {
  const { context, page } = await newPage(browser, { height: 1000, ...opts });
  page.on('dialog', (d) => void d.accept());
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', inject('adminUsername'));
  await page.fill('#password', inject('adminPassword'));
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

/** Chooses a picture for a creative by uploading it in the library's picker. */
async function pickUpload(page: Page, button: string, name: string, png: Buffer) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('media-picker');
  await dialog.getByTestId('media-picker-upload').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await expect.poll(() => dialog.locator('[data-testid="media-picker-item"][aria-pressed="true"]').count()).toBe(1);
  await page.getByTestId('media-picker-confirm').click();
  await expect.poll(() => dialog.count()).toBe(0);
}

const counted = async (placement: string) =>
  Number(
    (
      await dbQuery<{ n: string }>(
        'select coalesce(sum(impressions), 0) as n from ad_daily_stats where placement = $1',
        [placement],
      )
    )[0]!.n,
  );
const clicks = async () =>
  Number((await dbQuery<{ n: string }>('select coalesce(sum(clicks), 0) as n from ad_daily_stats'))[0]!.n);

/** The layout shifts the page has had so far (as Lighthouse adds them up, without input-driven ones). */
const shifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

beforeAll(async () => {
  browser = await launch();
  landing = http.createServer((req, res) => {
    // Landings on the advertiser's page; the browser also asks this origin for its /favicon.ico, sometimes before the
    // check below and sometimes after, which is not a landing.
    if (req.url === '/save') landed++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="ar" dir="rtl"><title>مصرف الجمهورية</title><h1>ادخر لمستقبلك</h1></html>');
  });
  await new Promise<void>((r) => landing.listen(0, '127.0.0.1', r));
  landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/save`;
  // A published story long enough for the in-article box (after its third paragraph, with more text after it).
  articleId = (
    await dbQuery<{ id: number }>(
      `select id from news where status = 'published' and published_at <= now()
         and (length(content) - length(replace(content, '<p>', ''))) / 3 >= 4
         and not exists (select 1 from live_coverages l where l.news_id = news.id) order by published_at desc limit 1`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => landing?.close(r));
});

describe('a campaign from booking to report', () => {
  it('is booked on the sales desk’s screen, shown in its boxes, counted when seen and clicked, and reported', async () => {
    const desk = await signIn({ width: 1366 });
    const admin = desk.page;
    await admin.goto('/admin/ads', { waitUntil: 'networkidle' });

    // The header band and the in-article box are off until the desk turns them on.
    for (const key of ['header', 'in-article']) {
      const card = admin.getByTestId(`placement-${key}`);
      await card.getByRole('switch').click();
      await card.getByRole('button', { name: 'حفظ' }).click();
      await expect.poll(() => admin.getByText('تم حفظ المكان الإعلاني').count()).toBeGreaterThan(0);
    }

    await admin.getByRole('button', { name: 'حملة جديدة' }).click();
    const form = admin.getByRole('dialog', { name: 'حملة إعلانية جديدة' });
    await admin.fill('#ad-advertiser', 'مصرف الجمهورية');
    await admin.fill('#ad-name', 'حملة الادخار');
    await admin.getByLabel('أعلى الصفحة').check();
    await admin.getByLabel('داخل الخبر').check();
    await admin.getByLabel('العمود الجانبي').uncheck();
    await form.getByRole('button', { name: 'حفظ' }).click();
    // Refused until the creative has its pictures, its alt text and an address; nothing saved.
    await expect
      .poll(() => admin.getByText('اختر صورة الإعلان: للحاسوب أو للهاتف أو لكليهما').count())
      .toBeGreaterThan(0);
    await admin.fill('#ad-url-0', 'javascript:alert(1)');
    await pickUpload(admin, 'صورة الحاسوب', 'wide.png', await banner(1456, 180, '#0f766e'));
    await pickUpload(admin, 'صورة الهاتف', 'phone.png', await banner(600, 500, '#0f766e'));
    await admin.fill('#ad-alt-0', 'مصرف الجمهورية: ادخر لمستقبلك');
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect.poll(() => admin.getByText('رابط المعلِن يبدأ بـ https:// أو http://').count()).toBeGreaterThan(0);
    await admin.fill('#ad-url-0', landingUrl);
    // The preview draws the creative in each chosen box at its real proportions.
    await expect.poll(() => admin.getByTestId('preview-header-desktop').locator('img').count()).toBe(1);
    await expect.poll(() => admin.getByTestId('preview-in-article-phone').locator('img').count()).toBe(1);
    await form.getByRole('button', { name: 'حفظ' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    const row = admin.locator('[data-testid^="campaign-"]', { hasText: 'حملة الادخار' });
    await expect.poll(() => row.getByText('جارية').count()).toBe(1);
    const campaignId = Number((await row.getAttribute('data-testid'))!.slice('campaign-'.length));

    // A reader on a phone: the boxes are in the server's page at their size, labelled; the creative fills them.
    const reader = await newPage(browser, { width: 360, height: 640, userAgent: READER_UA });
    const page = reader.page;
    await openReader(page, `/news/${articleId}`);
    const header = page.locator('[data-placement="header"]');
    const inArticle = page.locator('[data-placement="in-article"]');
    await expect.poll(() => header.locator('[data-fill]').getAttribute('data-fill')).toBe('creative');
    await expect.poll(() => inArticle.locator('[data-fill]').getAttribute('data-fill')).toBe('creative');
    expect(await header.getByText('إعلان', { exact: true }).count()).toBe(1);
    expect(await header.locator('img').getAttribute('alt')).toBe('مصرف الجمهورية: ادخر لمستقبلك');
    expect(await header.locator('a').getAttribute('rel')).toBe('sponsored noopener');
    const box = (await header.locator('.ad-box').boundingBox())!;
    expect(Math.round(box.width)).toBe(320);
    expect(Math.round(box.height)).toBe(100);
    // The in-article box follows the body's third paragraph.
    expect(
      await inArticle.evaluate((el) => {
        const before = el.previousElementSibling;
        return !!before?.classList.contains('article-body') && before.querySelectorAll(':scope > p').length >= 1;
      }),
    ).toBe(true);
    expect(await shifts(page)).toBe(0);

    // The header band was in view from the start: one impression. The in-article box is below the fold: none yet.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(() => counted('header'), { timeout: 15_000 }).toBe(1);
    expect(await counted('in-article')).toBe(0);

    // Scrolled in for less than a second, then away: not counted.
    await inArticle.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(1500);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await page.waitForTimeout(2000);
    expect(await counted('in-article')).toBe(0);
    // In again, and left there: counted once, however long it stays.
    await inArticle.scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(() => counted('in-article'), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await counted('in-article')).toBe(1);

    // A click opens the advertiser's own page (through the counted first-party redirect).
    const [popup] = await Promise.all([page.waitForEvent('popup'), inArticle.locator('a').click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(landingUrl);
    expect(landed).toBe(1);
    await expect.poll(() => clicks(), { timeout: 15_000 }).toBe(1);
    await reader.context.close();

    // The report says what the advertiser got.
    await admin.goto(`/admin/ads/${campaignId}/report`, { waitUntil: 'networkidle' });
    await expect.poll(() => admin.getByTestId('report-مرات الظهور المرئية').textContent()).toBe('2');
    expect(await admin.getByTestId('report-النقرات').textContent()).toBe('1');
    expect(await admin.getByTestId('report-نسبة النقر').textContent()).toBe('50٪');
    const axe = await new AxeBuilder({ page: admin })
      .withTags(['wcag2a', 'wcag2aa'])
      .exclude('[data-sonner-toaster]')
      .exclude('.recharts-wrapper')
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/admin-ad-report-1366.png`, fullPage: true });

    // What readers see, at both widths and in both themes.
    for (const width of [360, 1366])
      for (const dark of [false, true]) {
        const look = await newPage(browser, { width, height: 900, dark, userAgent: READER_UA });
        await openReader(look.page, `/news/${articleId}`);
        await expect
          .poll(() => look.page.locator('[data-placement="header"]').locator('[data-fill]').getAttribute('data-fill'))
          .toBe('creative');
        expect(await shifts(look.page)).toBe(0);
        await screenshot(look.page, `ads-article-${width}-${dark ? 'dark' : 'light'}`);
        await look.context.close();
      }
    await admin.goto('/admin/ads', { waitUntil: 'networkidle' });
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/admin-ads-1366.png`, fullPage: true });

    // Back as the other tests expect the site: the campaign gone, the two boxes off.
    await admin
      .locator('[data-testid^="campaign-"]', { hasText: 'حملة الادخار' })
      .getByRole('button', { name: 'حذف: حملة الادخار' })
      .click();
    await expect.poll(() => admin.locator('[data-testid^="campaign-"]').count()).toBe(0);
    for (const key of ['header', 'in-article']) {
      const card = admin.getByTestId(`placement-${key}`);
      await card.getByRole('switch').click();
      await card.getByRole('button', { name: 'حفظ' }).click();
    }
    await expect
      .poll(async () =>
        ((await (await fetch(`${inject('baseUrl')}/api/ads/placements`)).json()) as { key: string; enabled: boolean }[])
          .filter((p) => p.enabled)
          .map((p) => p.key),
      )
      .toEqual(['sidebar']);
    await desk.context.close();
  });
});

describe('a phone’s sticky bar', () => {
  it('carries the push alerts’ ask on top of it, never under it, and the end of the page scrolls clear of it', async () => {
    const desk = await signIn({ width: 1366 });
    const card = desk.page.getByTestId('placement-sticky');
    await desk.page.goto('/admin/ads', { waitUntil: 'networkidle' });
    await card.getByRole('switch').click();
    await card.getByRole('button', { name: 'حفظ' }).click();
    await expect.poll(() => desk.page.getByText('تم حفظ المكان الإعلاني').count()).toBeGreaterThan(0);
    try {
      const [first, second] = await dbQuery<{ id: number }>(
        `select id from news where status = 'published' and published_at <= now() order by published_at desc limit 2`,
      );
      const reader = await newPage(browser, { width: 360, height: 640, userAgent: READER_UA });
      const page = reader.page;
      await openReader(page, `/news/${first!.id}`);
      await openReader(page, `/news/${second!.id}`); // the second article: the ask comes
      const bar = page.getByTestId('sticky-ad');
      const ask = page.getByRole('dialog', { name: 'تنبيهات الأخبار العاجلة' });
      await bar.waitFor();
      await ask.waitFor();
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeCloseTo(640, 0); // the bar at the screen's foot
      await expect
        .poll(async () => Math.round((await ask.boundingBox())!.y + (await ask.boundingBox())!.height))
        .toBe(Math.round(barBox.y));
      // Nothing covers the bar's close button: a tap there closes the bar, and the ask goes down to the foot.
      const close = page.getByRole('button', { name: 'أغلق الإعلان' });
      const at = (await close.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-testid="sticky-ad"]'),
          [at.x + at.width / 2, at.y + at.height / 2],
        ),
      ).toBe(true);
      await screenshot(page, 'ads-sticky-with-push-ask-360');
      await close.click();
      expect(await bar.count()).toBe(0);
      await expect
        .poll(async () => Math.round((await ask.boundingBox())!.y + (await ask.boundingBox())!.height))
        .toBe(640);
      await ask.getByRole('button', { name: 'ليس الآن' }).click();

      // In a new visit the bar is back, and the page's foot scrolls clear of it.
      const visit = await newPage(browser, { width: 360, height: 640, userAgent: READER_UA });
      await openReader(visit.page, `/news/${first!.id}`);
      await visit.page.getByTestId('sticky-ad').waitFor();
      await visit.page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      const footer = (await visit.page.locator('footer').last().boundingBox())!;
      const barTop = (await visit.page.getByTestId('sticky-ad').boundingBox())!.y;
      expect(footer.y + footer.height).toBeLessThanOrEqual(barTop + 1);
      await visit.context.close();
      await reader.context.close();
    } finally {
      await card.getByRole('switch').click();
      await card.getByRole('button', { name: 'حفظ' }).click();
      await expect
        .poll(async () =>
          (
            (await (await fetch(`${inject('baseUrl')}/api/ads/placements`)).json()) as {
              key: string;
              enabled: boolean;
            }[]
          )
            .filter((p) => p.enabled)
            .map((p) => p.key),
        )
        .toEqual(['sidebar']);
      await desk.context.close();
    }
  });
});

describe('an ad network’s code', () => {
  it('runs in its sandboxed frame, where it reaches neither the reader’s page nor the site’s cookies', async () => {
    const desk = await signIn({ width: 1366 });
    const admin = desk.page;
    await admin.goto('/admin/ads', { waitUntil: 'networkidle' });
    const card = admin.getByTestId('placement-sidebar');
    const code =
      '<p id="r">…</p><script>var r=[];' +
      "try{r.push('parent:'+parent.document.title)}catch(e){r.push('parent-blocked')}" +
      "try{document.cookie='x=1';r.push('cookie:'+document.cookie)}catch(e){r.push('cookie-blocked')}" +
      "try{localStorage.setItem('x','1');r.push('storage')}catch(e){r.push('storage-blocked')}" +
      "r.push('origin:'+self.origin);document.getElementById('r').textContent=r.join('|')</script>";
    await card.getByLabel('شيفرة شبكة إعلانات (اختياري)').fill(code);
    await card.getByRole('button', { name: 'حفظ' }).click();
    await expect.poll(() => admin.getByText('تم حفظ المكان الإعلاني').count()).toBeGreaterThan(0);

    const reader = await newPage(browser, { width: 1366, height: 900, userAgent: READER_UA });
    await openReader(reader.page, `/news/${articleId}`);
    const title = await reader.page.title();
    const box = reader.page.locator('[data-placement="sidebar"]');
    await expect.poll(() => box.locator('[data-fill]').getAttribute('data-fill')).toBe('network');
    await box.scrollIntoViewIfNeeded();
    expect(await box.locator('iframe').getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    const said = reader.page.frameLocator('[data-placement="sidebar"] iframe').locator('#r');
    await expect.poll(() => said.textContent()).toBe('parent-blocked|cookie-blocked|storage-blocked|origin:null');
    expect(await reader.page.title()).toBe(title);
    // The page itself ran nothing of it: its own policy refused nothing and no error reached it.
    expect((reader.page as Page & { errors: string[] }).errors).toEqual([]);
    await reader.context.close();

    await card.getByLabel('شيفرة شبكة إعلانات (اختياري)').fill('');
    await card.getByRole('button', { name: 'حفظ' }).click();
    await expect
      .poll(
        async () =>
          (await dbQuery<{ code: string }>("select network_code as code from ad_placements where key = 'sidebar'"))[0]!
            .code,
      )
      .toBe('');
    await desk.context.close();
  });
});
