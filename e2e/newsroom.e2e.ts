/**
 * The newsroom in Chromium: a writer drafts and submits; an editor previews, schedules a minute ahead and the article
 * reaches the home page by itself; an older revision is restored into the editor and saved; two people editing one article see each other and
 * the second save gets the conflict message. Screenshots of the new screens, light and dark, desktop and phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, dbQuery, launch, newPage, screenshot, tripoliInput } from './support/browser';

let browser: Browser;
let adminContext: BrowserContext;
let adminPage: Page;

async function signIn(username: string, password: string, opts: { width?: number; dark?: boolean } = {}) {
  const { context, page } = await newPage(browser, opts);
  page.on('dialog', (d) => void d.accept());
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

/** An account made through the admin API (as the admin), like the users screen does. */
async function addStaff(username: string, fullName: string, role: 'writer' | 'editor') {
  const res = await adminPage.request.post('/api/admin/admins', {
    headers: { origin: baseUrl() },
    data: { username, fullName, email: `${username}@sahifa.ly`, password: 'staff-pass-1234', roleName: role },
  });
  expect(res.status()).toBe(201);
}

beforeAll(async () => {
  browser = await launch();
  ({ context: adminContext, page: adminPage } = await signIn(inject('adminUsername'), inject('adminPassword')));
  await addStaff('e2e-writer', 'كاتبة الاختبار', 'writer');
  await addStaff('e2e-second', 'محرر ثان', 'editor');
});
afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
});

describe('the newsroom', () => {
  const title = 'تقرير الكاتبة عن ميناء طرابلس';

  it('a writer drafts (autosaved as she types) and submits for review, and cannot publish', async () => {
    const { context, page } = await signIn('e2e-writer', 'staff-pass-1234');
    // The screens a writer cannot use are not offered.
    for (const name of ['الأخبار العاجلة', 'التصنيفات', 'المستخدمون', 'الإعدادات'])
      expect(await page.getByRole('link', { name }).count(), name).toBe(0);
    await page.goto('/admin/news', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'إضافة خبر' }).first().click();
    await page.fill('#news-title', title);
    await page.selectOption('#news-category', 'libya');
    await page.fill('#news-description', 'وصف كتبته الكاتبة');
    await page.locator('.ql-editor').click();
    await page.keyboard.type('فقرة أولى من تقرير الكاتبة.');
    // Autosave keeps the draft on the server without a click.
    await expect
      .poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 15_000 })
      .toMatch(/حُفظ تلقائياً/);
    const [draft] = await dbQuery<{ id: number; status: string }>('select id, status from news where title = $1', [
      title,
    ]);
    expect(draft!.status).toBe('draft');
    const actions = page.getByTestId('news-actions');
    expect(await actions.getByRole('button', { name: 'نشر' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'جدولة' }).count()).toBe(0);
    await actions.getByRole('button', { name: 'إرسال للمراجعة' }).click();
    await expect.poll(() => page.getByText('أُرسل الخبر للمراجعة').count()).toBe(1);
    await expect
      .poll(
        async () =>
          (await dbQuery<{ status: string }>('select status from news where id = $1', [draft!.id]))[0]!.status,
      )
      .toBe('review');
    await expect
      .poll(() => page.getByTestId(`news-row-${draft!.id}`).getByTestId('news-status').first().textContent())
      .toBe('قيد المراجعة');
    // One article, however many autosaves.
    expect((await dbQuery('select id from news where title = $1', [title])).length).toBe(1);
    await context.close();
  });

  it(
    'an editor previews it, schedules it a minute ahead, and it reaches the home page by itself',
    { timeout: 240_000 },
    async () => {
      const [row] = await dbQuery<{ id: number }>('select id from news where title = $1', [title]);
      const page = adminPage;
      await page.goto('/admin/news', { waitUntil: 'networkidle' });
      await page.selectOption('#news-status-filter', 'review');
      await page.getByRole('button', { name: `تعديل: ${title}` }).click();
      await page.waitForSelector('#news-title');
      // Preview: the reader's layout with the banner, for staff only.
      const [preview] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('link', { name: 'معاينة', exact: true }).click(),
      ]);
      await preview.waitForLoadState('networkidle');
      expect(await preview.getByTestId('preview-banner').textContent()).toContain('قيد المراجعة');
      expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await screenshot(preview, 'preview-1280-light');
      await preview.close();
      const reader = await newPage(browser);
      expect((await reader.page.goto(`/preview/news/${row!.id}`))?.status()).toBe(404);

      // The writer sent no picture; the editor adds one (publishing needs it), then schedules at the next minute at
      // least 40 seconds away (time enough to check that readers do not see it yet), on Tripoli's clock.
      await page.fill('#news-image-url', 'https://example.ly/port.jpg');
      const at = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
      await page.getByTestId('news-actions').getByRole('button', { name: 'جدولة' }).click();
      await page.fill('#news-publish-at', tripoliInput(at));
      await page.getByRole('button', { name: 'تأكيد الجدولة' }).click();
      await expect.poll(() => page.getByText(/^جُدول الخبر للنشر في /).count()).toBe(1);
      const [scheduled] = await dbQuery<{ status: string; published_at: Date }>(
        'select status, published_at from news where id = $1',
        [row!.id],
      );
      expect(scheduled).toEqual({ status: 'scheduled', published_at: new Date(at) });
      await reader.page.goto('/', { waitUntil: 'networkidle' });
      expect(await reader.page.locator('main').textContent()).not.toContain(title);

      // Nobody does anything more: at its minute it is on the home page, among the latest headlines beside the lead
      // (cached copies dropped by the scheduler).
      await expect
        .poll(
          async () => {
            await reader.page.goto('/', { waitUntil: 'domcontentloaded' });
            return reader.page.getByTestId('top-headlines').textContent();
          },
          { timeout: 150_000, interval: 3000 },
        )
        .toContain(title);
      expect(Date.now()).toBeGreaterThanOrEqual(at);
      await reader.page.goto(`/news/${row!.id}`, { waitUntil: 'networkidle' });
      expect(await reader.page.getByTestId('article-byline').textContent()).toContain('كاتبة الاختبار');
      await reader.context.close();
    },
  );

  it('restores an older revision into the editor; readers see it once it is saved', async () => {
    const page = adminPage;
    const created = await page.request.post('/api/admin/news', {
      headers: { origin: baseUrl() },
      data: {
        title: 'العنوان الأول للخبر',
        description: 'وصف',
        content: '<p>النص الأول</p>',
        category: 'economy',
        imageUrl: 'https://example.ly/a.jpg',
      },
    });
    const id = (await created.json()).id as number;
    await page.goto(`/admin/news?edit=${id}`, { waitUntil: 'networkidle' });
    await page.fill('#news-title', 'عنوان ثان بخطأ');
    await page.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => page.getByText('تم التحديث').count()).toBe(1);

    await page.goto(`/admin/news?edit=${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'سجل النسخ' }).click();
    const versions = page.getByTestId('revisions').getByRole('list', { name: 'النسخ' }).getByRole('button');
    await expect.poll(() => versions.count()).toBe(2);
    await versions.last().click();
    const diff = page.getByTestId('revision-diff');
    await expect.poll(() => diff.textContent()).toContain('العنوان الأول للخبر');
    expect(await diff.locator('del').count()).toBeGreaterThan(0);
    expect(await diff.locator('ins').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-revisions-1280-light');
    // Restore loads the revision into the editor for review: readers still see the saved text until «حفظ».
    await page.getByRole('button', { name: 'استعادة هذه النسخة' }).click();
    await expect.poll(() => page.inputValue('#news-title')).toBe('العنوان الأول للخبر');
    expect(await page.getByTestId('restored-notice').textContent()).toContain('ما زال القرّاء يرون النص الحالي');
    const reader = await newPage(browser);
    await reader.page.goto(`/news/${id}`, { waitUntil: 'networkidle' });
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe('عنوان ثان بخطأ');
    await page.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    const reasons = async () =>
      (await dbQuery<{ reason: string }>('select reason from news_revisions where news_id = $1 order by id', [id])).map(
        (r) => r.reason,
      );
    await expect.poll(reasons).toEqual(['publish', 'save', 'restore']);
    await expect.poll(() => page.getByTestId('restored-notice').count()).toBe(0);
    await reader.page.goto(`/news/${id}`, { waitUntil: 'networkidle' });
    expect(await reader.page.getByRole('heading', { level: 1 }).textContent()).toBe('العنوان الأول للخبر');
    await reader.context.close();
  });

  it('two people editing one article see each other, and the second save gets the conflict message', async () => {
    const [row] = await dbQuery<{ id: number; title: string }>(
      "select id, title from news where status = 'published' and category = 'sports' order by id limit 1",
    );
    const first = adminPage;
    await first.goto(`/admin/news?edit=${row!.id}`, { waitUntil: 'networkidle' });
    const second = await signIn('e2e-second', 'staff-pass-1234');
    await second.page.goto(`/admin/news?edit=${row!.id}`, { waitUntil: 'networkidle' });
    await expect.poll(() => second.page.getByTestId('presence').textContent()).toContain('مدير الموقع');
    await expect
      .poll(() => first.getByTestId('presence').textContent(), { timeout: 30_000, interval: 1000 })
      .toContain('محرر ثان');
    await screenshot(second.page, 'admin-presence-1280-light');

    await first.fill('#news-title', 'تعديل المدير أولاً');
    await first.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => first.getByText('تم التحديث').count()).toBe(1);

    await second.page.fill('#news-title', 'تعديل المحرر الثاني');
    await second.page.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    const conflict = second.page.getByTestId('edit-conflict');
    await expect.poll(() => conflict.textContent()).toContain('مدير الموقع');
    expect(await conflict.textContent()).toContain('أعد تحميل الخبر');
    expect((await dbQuery<{ title: string }>('select title from news where id = $1', [row!.id]))[0]!.title).toBe(
      'تعديل المدير أولاً',
    );
    await screenshot(second.page, 'admin-conflict-1280-light');
    await conflict.getByRole('button', { name: 'إعادة تحميل الخبر' }).click();
    await expect.poll(() => second.page.inputValue('#news-title')).toBe('تعديل المدير أولاً');
    await second.context.close();
  });

  it(
    'saves screenshots of the newsroom screens and the new reader pages, light and dark, desktop and phone',
    { timeout: 240_000 },
    async () => {
      const [article] = await dbQuery<{ id: number }>(
        "select n.id from news n join news_authors a on a.news_id = n.id where n.status = 'published' order by n.id limit 1",
      );
      const [author] = await dbQuery<{ username: string }>(
        'select username from admins a join news_authors na on na.admin_id = a.id where na.visible_at is not null limit 1',
      );
      const [tag] = await dbQuery<{ slug: string }>(
        'select t.slug from tags t join news_tags nt on nt.tag_id = t.id where nt.visible_at is not null limit 1',
      );
      for (const width of [1280, 390]) {
        for (const dark of [false, true]) {
          const theme = dark ? 'dark' : 'light';
          const { context, page } = await signIn(inject('adminUsername'), inject('adminPassword'), { width, dark });
          await page.goto('/admin/news', { waitUntil: 'networkidle' });
          await screenshot(page, `admin-news-${width}-${theme}`);
          await page.goto(`/admin/news?edit=${article!.id}`, { waitUntil: 'networkidle' });
          await page.waitForSelector('#news-title');
          await screenshot(page, `admin-editor-${width}-${theme}`);
          await page.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
          await page.getByTestId('news-actions').waitFor();
          await screenshot(page, `admin-editor-new-${width}-${theme}`);
          for (const [name, path] of [
            ['author', `/author/${author!.username}`],
            ['tag', `/tag/${tag!.slug}`],
            ['preview', `/preview/news/${article!.id}`],
          ]) {
            await page.goto(path!, { waitUntil: 'networkidle' });
            await screenshot(page, `${name}-${width}-${theme}`);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${name} at ${width}px spills sideways`).toBeLessThanOrEqual(0);
          }
          await context.close();
        }
      }
    },
  );
});
