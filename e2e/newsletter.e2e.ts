/**
 * The newsletter in Chromium, on the embedded default (no SMTP: every e-mail is an .eml file in the outbox): a reader
 * signs up, opens the confirmation from the outbox, chooses what arrives, unsubscribes and comes back; an editor
 * publishes a story with «إرسال بالبريد» (the confirmation shows whom it reaches), sets the digest's hour and reads the
 * history with its figures and each e-mail as sent. The e-mails themselves are shot at 360 and 1366 px.
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linkIn, outbox } from '../src/server/test/smtp';
import {
  baseUrl,
  dbQuery,
  launch,
  newPage,
  openPage,
  openReader,
  SCREENSHOT_DIR,
  screenshot,
  signInAdmin,
} from './support/browser';

let browser: Browser;
const outboxDir = () => path.join(inject('dataDir'), 'outbox');
/** The looks shot besides the 1366 px light ones taken along the way: a phone light and dark, a laptop dark. */
const LOOKS = [
  [360, false],
  [360, true],
  [1366, true],
] as const;
const reader = { name: 'ريم الزوي', email: `reem.${Date.now()}@example.ly` };

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(outboxDir())).find(
        (m) => JSON.stringify(m.mail.to).includes(address) && subject.test(m.mail.subject ?? ''),
      )?.mail;
      return !!found;
    })
    .toBe(true);
  return found!;
}

/** An e-mail's HTML as a mail program shows it, at a phone's and a laptop's width. */
async function shootMail(mail: ParsedMail, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [360, 1366]) {
    const { context, page } = await newPage(browser, { width, height: 800 });
    await page.setContent(mail.html as string, { waitUntil: 'networkidle' });
    // Every picture the e-mail shows loads from the site (PUBLIC_URL).
    const broken = await page.evaluate(() =>
      [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src),
    );
    expect(broken, `${name}: pictures that did not load`).toEqual([]);
    // Nothing wider than the screen (no sideways scrolling on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `email-${name}-${width}.png`), fullPage: true });
    await context.close();
  }
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the newsletter', () => {
  it('a reader signs up, confirms from the e-mail, chooses what arrives, unsubscribes and comes back', async () => {
    const { context, page } = await openPage(browser, '/', { width: 1366 });
    const box = page.getByRole('region', { name: 'النشرة البريدية' });
    await box.getByPlaceholder('الاسم الكامل').fill(reader.name);
    await box.getByPlaceholder('البريد الإلكتروني').fill(reader.email);
    await box.getByRole('button', { name: 'اشترك الآن' }).click();
    await expect.poll(() => page.getByText('تم الاشتراك بنجاح').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/تفقّد بريدك الوارد/).count()).toBe(1);

    const confirmation = await mailTo(reader.email, /أكّد اشتراكك/);
    await shootMail(confirmation, 'confirmation');
    const link = linkIn(confirmation, `${baseUrl()}/newsletter/confirm`);
    await openReader(page, link);
    await expect.poll(() => page.getByTestId('newsletter-confirmed').textContent()).toContain('تم تأكيد اشتراكك');
    const [row] = await dbQuery<{ state: string }>('select state from newsletter_subscribers where email = $1', [
      reader.email,
    ]);
    expect(row!.state).toBe('confirmed');

    await page.getByRole('link', { name: 'اختر ما يصلك' }).click();
    await page.waitForSelector('text=ما يصلك');
    await page.getByLabel('النشرة اليومية').uncheck();
    await page.getByLabel('كل الأقسام').uncheck();
    await page.getByLabel('رياضة', { exact: true }).check();
    await page.getByRole('button', { name: 'حفظ اختياراتي' }).click();
    await expect.poll(() => page.getByText('تم حفظ اختياراتك').count()).toBe(1);
    const [prefs] = await dbQuery<{ digest: boolean; alerts: boolean; sections: string[] }>(
      'select digest, alerts, sections from newsletter_subscribers where email = $1',
      [reader.email],
    );
    expect(prefs!.digest).toBe(false);
    expect(prefs!.alerts).toBe(true);
    expect(prefs!.sections).toEqual(['sports']);
    await screenshot(page, 'newsletter-preferences-1366-light');

    await page.getByRole('link', { name: 'إلغاء الاشتراك' }).click();
    await expect.poll(() => page.getByTestId('newsletter-unsubscribed').textContent()).toContain('تم إلغاء اشتراكك');
    const [gone] = await dbQuery<{ state: string }>('select state from newsletter_subscribers where email = $1', [
      reader.email,
    ]);
    expect(gone!.state).toBe('unsubscribed');
    await page.getByRole('button', { name: 'أعد الاشتراك' }).click();
    await expect.poll(() => page.getByText('عدت مشتركاً').count()).toBe(1);
    await context.close();

    // The preferences page on a phone, light and dark, and on a laptop in the dark.
    const manage = new URL(linkIn(confirmation, `${baseUrl()}/newsletter/confirm`)).searchParams.get('t');
    expect(manage).toBeTruthy();
    for (const [width, dark] of LOOKS) {
      const phone = await newPage(browser, { width, height: 780, dark });
      // The used confirmation link still answers a confirmed reader with their own preferences link.
      const res = await phone.page.request.post('/api/newsletter/confirm', { data: { token: manage } });
      const token = (await res.json()).manageToken as string;
      await openReader(phone.page, `/newsletter/preferences?t=${token}`);
      await phone.page.waitForSelector('text=حفظ اختياراتي');
      await screenshot(phone.page, `newsletter-preferences-${width}-${dark ? 'dark' : 'light'}`);
      // As the reader pages are held to: no serious or critical accessibility violation.
      const axe = await new AxeBuilder({ page: phone.page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
        [],
      );
      await phone.context.close();
    }
  });

  it('an editor publishes a story with «إرسال بالبريد»: the confirmation shows whom it reaches, the history its figures and the e-mail as sent', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await signInAdmin(page);
    const title = 'افتتاح الطريق الساحلي بين زوارة وطرابلس';
    await page.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await page.fill('#news-title', title);
    await page.selectOption('#news-category', 'sports');
    await page.fill('#news-description', 'خبر يُرسل بالبريد إلى المشتركين');
    const [picture] = await dbQuery<{ image_url: string }>(
      `select image_url from news where image_url like '/media/%' order by id limit 1`,
    );
    await page.fill('#news-image-url', picture!.image_url);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('نص الخبر الذي يصل إلى المشتركين بالبريد.');
    await page
      .getByTestId('alert-channels')
      .getByLabel(/إرسال بالبريد/)
      .check();
    await page.getByTestId('news-actions').getByRole('button', { name: 'نشر' }).click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.waitFor();
    // The reader above chose sports and wants alerts: at least her.
    await expect.poll(() => dialog.getByTestId('alert-audience-email').textContent()).toMatch(/مستلم/);
    expect(await dialog.textContent()).toContain('البريد غير مُعدّ');
    // The window as the editor sees it (a full-page shot puts it somewhere down the long list of stories).
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'newsletter-alert-confirm-1366-light.png') });
    await dialog.getByRole('button', { name: 'إرسال', exact: true }).click();
    await expect.poll(() => page.getByText('بدأ الإرسال').count()).toBeGreaterThan(0);
    const alert = await mailTo(reader.email, new RegExp(title));
    expect(alert.html).toContain(title);
    await shootMail(alert, 'article');

    // The digest: an hour already past today sends today's at once, to the confirmed readers who want it.
    const digestReader = `digest.${Date.now()}@example.ly`;
    await dbQuery(
      `insert into newsletter_subscribers (full_name, email, state, confirmed_at) values ('قارئ النشرة', $1, 'confirmed', now())`,
      [digestReader],
    );
    // Today's may have gone already: the minute job sends it by itself from 07:00 Tripoli (the default hour) when the
    // run happens to pass that hour. As on a day whose digest has not gone yet, or the save below has nothing to send.
    await dbQuery(`delete from fanout_sends where dedupe_key like 'email:digest:%'`);
    await page.goto('/admin/newsletter', { waitUntil: 'networkidle' });
    expect(await page.getByTestId('mail-not-configured').count()).toBe(1);
    await page.getByRole('tab', { name: 'الإعدادات' }).click();
    await page.selectOption('#digest-hour', '0');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    const digest = await mailTo(digestReader, /أبرز أخبار/);
    expect(digest.html).toContain('dir="rtl"');
    expect(digest.text).toContain('قارئ النشرة');
    // The reader above chose no digest.
    expect(
      (await outbox(outboxDir())).some(
        (m) => JSON.stringify(m.mail.to).includes(reader.email) && /أبرز أخبار/.test(m.mail.subject ?? ''),
      ),
    ).toBe(false);
    await shootMail(digest, 'digest');

    // The history: the alert and the digest with their figures; the e-mail as sent in a frame.
    await page.getByRole('tab', { name: 'سجل الإرسال' }).click();
    const row = page.locator('[data-testid^="send-row-"]', { hasText: title });
    await expect.poll(() => row.locator('[data-figure="sent"]').textContent()).not.toBe('0');
    await screenshot(page, 'newsletter-history-1366-light');
    await row.getByRole('button', { name: `عرض: ${title}` }).click();
    const detail = page.getByTestId('send-detail');
    await detail.waitFor();
    const frame = page.frameLocator('iframe[title="الرسالة كما أُرسلت"]');
    await expect.poll(() => frame.locator('body').textContent()).toContain(title);
    // (Not the screenshot helper: a sandboxed frame never reports the page "network idle".)
    await expect
      .poll(() => frame.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)))
      .toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'newsletter-send-detail-1366-light.png') });
    await context.close();

    for (const [width, dark] of LOOKS) {
      const phone = await newPage(browser, { width, height: 780, dark });
      await signInAdmin(phone.page);
      await phone.page.goto('/admin/newsletter', { waitUntil: 'networkidle' });
      await phone.page.waitForSelector('[data-testid^="send-row-"]');
      await screenshot(phone.page, `newsletter-history-${width}-${dark ? 'dark' : 'light'}`);
      await phone.page.getByRole('tab', { name: 'المشتركون' }).click();
      await phone.page.waitForSelector('[data-testid="subscriber-counts"]');
      // The reader above: alerts, of one section.
      await expect.poll(() => phone.page.getByText('العاجل، قسم واحد').count()).toBeGreaterThan(0);
      await screenshot(phone.page, `newsletter-subscribers-${width}-${dark ? 'dark' : 'light'}`);
      await phone.context.close();
    }
  });
});
