import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, dbQuery, launch, newPage, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

async function admin(opts: { width?: number } = {}) {
  const { context, page } = await newPage(browser, opts);
  page.on('dialog', (d) => void d.accept());
  await signIn(page, inject('adminUsername'), inject('adminPassword'));
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

describe('admin panel', () => {
  it('refuses a wrong password with the toast, then signs in and greets by full name', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, inject('adminUsername'), 'wrong-password');
    await expect.poll(() => page.getByText('خطأ في تسجيل الدخول').count()).toBe(1);
    expect(await page.getByText('اسم المستخدم أو كلمة المرور غير صحيحة').count()).toBe(1);
    // The toast library's own stylesheet was allowed by the CSP (by hash): the toasts float over the page.
    expect(
      await page
        .locator('[data-sonner-toaster]')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('fixed');
    expect(page.url()).toContain('/admin/login');
    await page.fill('#password', inject('adminPassword'));
    await page.click('button[type=submit]');
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.getByTestId('admin-greeting').textContent()).toBe('مدير الموقع');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('admin_auth') ?? '{}').token)).toBe('session');
    expect(await page.evaluate(() => document.cookie)).not.toContain('sahifa_session'); // httpOnly
    expect((page as typeof page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('creates an article with an uploaded image, shows it to readers, edits, features and deletes it', async () => {
    const { context, page } = await admin();
    await page.goto('/admin/news', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'إضافة خبر' }).first().click();
    await page.fill('#news-title', 'خبر من لوحة التحكم');
    await page.fill('#news-description', 'وصف خبر أضيف في الاختبار');
    await page.selectOption('#news-category', 'libya');
    const png = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#047857' } })
      .png()
      .toBuffer();
    await page.setInputFiles('#news-image-file', { name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.inputValue('#news-image-url')).toMatch(/^\/media\/[0-9a-f-]{36}\/1200\.webp$/);
    // Issue 25: a library picture needs its alt text before the article is published (its details open under it).
    await page.fill('#news-image-media-alt', 'مساحة خضراء ممتدة');
    await page.getByTestId('news-image-media-save').click();
    await expect.poll(() => page.getByText('حُفظت بيانات الصورة', { exact: true }).count()).toBe(1);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('نص الخبر الكامل كما كتبه المحرر.');
    // Issue 9: saving and publishing are separate actions (SPEC's save-publishes-at-once became the «نشر» button).
    await page.getByTestId('news-actions').getByRole('button', { name: 'نشر', exact: true }).click();
    await expect.poll(() => page.getByText('نُشر الخبر', { exact: true }).count()).toBe(1);
    const [row] = await dbQuery<{ id: number; content: string; image_url: string }>(
      "select id, content, image_url from news where title = 'خبر من لوحة التحكم'",
    );
    expect(row!.content).toContain('نص الخبر الكامل كما كتبه المحرر.');

    const reader = await newPage(browser);
    await reader.page.goto('/', { waitUntil: 'networkidle' });
    expect(await reader.page.locator('main').textContent()).toContain('خبر من لوحة التحكم');
    await reader.page.goto(`/news/${row!.id}`, { waitUntil: 'networkidle' });
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe('خبر من لوحة التحكم');
    expect(await reader.page.locator('figure img').getAttribute('srcset')).toContain('800w');

    await page.getByRole('button', { name: 'تعديل: خبر من لوحة التحكم' }).click();
    await page.fill('#news-title', 'خبر معدل من لوحة التحكم');
    await page.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => page.getByText('تم التحديث').count()).toBe(1);
    await reader.page.goto(`/news/${row!.id}`, { waitUntil: 'networkidle' });
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe('خبر معدل من لوحة التحكم');

    await page.getByRole('switch', { name: 'مميز: خبر معدل من لوحة التحكم' }).click();
    await expect
      .poll(
        async () =>
          (await dbQuery<{ featured: boolean }>('select featured from news where id = $1', [row!.id]))[0]!.featured,
      )
      .toBe(true);
    // The screen shows it once the answer has come back.
    await expect
      .poll(() => page.getByRole('switch', { name: 'مميز: خبر معدل من لوحة التحكم' }).getAttribute('aria-checked'))
      .toBe('true');

    await page.getByRole('button', { name: 'حذف: خبر معدل من لوحة التحكم' }).click();
    await expect.poll(() => page.getByText('تم الحذف').count()).toBe(1);
    const gone = await reader.page.goto(`/news/${row!.id}`, { waitUntil: 'networkidle' });
    expect(gone?.status()).toBe(404);
    await reader.context.close();
    await context.close();
  });

  it('adds breaking news that appears in the red ticker', async () => {
    const { context, page } = await admin();
    await page.goto('/admin/breaking-news', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'إضافة خبر عاجل' }).first().click();
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => page.getByText('عنوان الخبر العاجل مطلوب').count()).toBe(1);
    await page.fill('#bn-title', 'عاجل من الاختبار: انطلاق الحوار');
    await page.fill('#bn-priority', '100');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => page.getByText('أُضيف الخبر العاجل').count()).toBe(1);
    const reader = await newPage(browser);
    await reader.page.goto('/', { waitUntil: 'networkidle' });
    expect(await reader.page.getByTestId('ticker-breaking').getByTestId('ticker-headline').textContent()).toBe(
      'عاجل من الاختبار: انطلاق الحوار',
    );
    await reader.context.close();
    await context.close();
  });

  it('adds a section and moves it up', async () => {
    const { context, page } = await admin();
    await page.goto('/admin/categories', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'إضافة تصنيف' }).first().click();
    await page.fill('#cat-name', 'ثقافة');
    expect(await page.inputValue('#cat-slug')).toBe('thqafa');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => page.getByTestId('category-row-thqafa').count()).toBe(1);
    const order = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    const before = await order();
    const at = before.indexOf('category-row-thqafa');
    expect(at).toBeGreaterThan(0);
    const above = before[at - 1];
    await page.getByRole('button', { name: 'تحريك للأعلى: ثقافة' }).click();
    await expect.poll(async () => (await order()).indexOf('category-row-thqafa')).toBe(at - 1);
    expect((await order())[at]).toBe(above); // the two swapped places
    expect(await page.getByRole('button', { name: 'تحريك للأعلى: ليبيا' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('imports prayer times from the shipped file', async () => {
    const { context, page } = await admin();
    await page.goto('/admin/prayer-times', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'استيراد من XML' }).first().click();
    await page.getByRole('button', { name: 'استيراد', exact: true }).click();
    await expect.poll(() => page.getByText(/تم استيراد مواقيت \d+ يوماً بنجاح/).count()).toBe(1);
    expect((await dbQuery<{ n: number }>('select count(*)::int n from prayer_times'))[0]!.n).toBeGreaterThanOrEqual(
      730,
    );
    await context.close();
  });

  it('adds an editor, who signs in and finds the users screen closed; logout ends the session', async () => {
    const { context, page } = await admin();
    await page.goto('/admin/users', { waitUntil: 'networkidle' });
    await page.fill('#u-username', 'e2e-editor');
    await page.fill('#u-fullname', 'محرر الاختبار');
    await page.fill('#u-email', 'editor@sahifa.ly');
    await page.fill('#u-password', 'editor-pass-1');
    // A new account is a writer unless the admin chooses more (least privilege).
    expect(await page.inputValue('#u-role')).toBe('writer');
    await page.selectOption('#u-role', 'editor');
    await page.getByRole('button', { name: 'إضافة المستخدم' }).click();
    await expect.poll(() => page.getByTestId('user-row-e2e-editor').count()).toBe(1);
    expect(await page.getByRole('button', { name: `حذف ${inject('adminUsername')}` }).isDisabled()).toBe(true);
    await context.close();

    const editor = await newPage(browser);
    await signIn(editor.page, 'e2e-editor', 'editor-pass-1');
    await editor.page.waitForURL('**/admin/dashboard');
    expect(await editor.page.getByRole('link', { name: 'المستخدمون' }).count()).toBe(0);
    await editor.page.goto('/admin/users', { waitUntil: 'networkidle' });
    await editor.page.waitForURL('**/admin/dashboard');
    expect((await editor.page.request.get('/api/admin/admins')).status()).toBe(403);
    await editor.page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await editor.page.waitForURL('**/admin/login');
    expect((await editor.page.request.get('/api/admin/session')).status()).toBe(401);
    await editor.page.goto('/admin/news', { waitUntil: 'networkidle' });
    await editor.page.waitForURL('**/admin/login');
    await editor.context.close();
  });

  it('lists where one is signed in on the profile page and ends the session on the other device', async () => {
    const laptop = await newPage(browser);
    await signIn(laptop.page, 'e2e-editor', 'editor-pass-1');
    await laptop.page.waitForURL('**/admin/dashboard');
    const phone = await newPage(browser, { width: 390 });
    await signIn(phone.page, 'e2e-editor', 'editor-pass-1');
    await phone.page.waitForURL('**/admin/dashboard');
    await laptop.page.goto('/admin/profile', { waitUntil: 'networkidle' });
    const list = laptop.page.getByTestId('my-sessions');
    await expect.poll(() => list.locator('li').count()).toBeGreaterThanOrEqual(2);
    expect(await list.getByText('(هذه الجلسة)').count()).toBe(1);
    const others = list.getByRole('button', { name: 'إنهاء' });
    const before = await others.count();
    await others.first().click();
    await expect.poll(() => others.count()).toBe(before - 1);
    // Every session but this one ended: the phone's next request is signed out.
    while ((await others.count()) > 0) {
      const n = await others.count();
      await others.first().click();
      await expect.poll(() => others.count()).toBe(n - 1);
    }
    expect((await phone.page.request.get('/api/admin/session')).status()).toBe(401);
    expect((await laptop.page.request.get('/api/admin/session')).status()).toBe(200);
    await laptop.context.close();
    await phone.context.close();
  });

  // Seventeen full-page screenshots take about 45 s here; a busy machine gets three times that.
  it('saves screenshots of every admin screen at desktop and phone width', { timeout: 180_000 }, async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await admin({ width });
      for (const screen of [
        'dashboard',
        'news',
        'breaking-news',
        'categories',
        'prayer-times',
        'users',
        'statistics',
        'settings',
      ]) {
        await page.goto(`/admin/${screen}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        await screenshot(page, `admin-${screen}-${width}`);
      }
      await context.close();
    }
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login', { waitUntil: 'networkidle' });
    await screenshot(page, 'admin-login-1280');
    expect(baseUrl()).toBeTruthy();
    await context.close();
  });
});
