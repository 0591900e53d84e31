/**
 * The newsroom's details a newcomer found wrong, as a user meets them in Chromium: the review queue on the editors'
 * dashboard (and dates that are never «غير محدد»); the title's limit stated with a live counter, and a too long
 * title said as such next to it; specific success toasts and one toast at a time; the add-staff form's least
 * privilege and a taken e-mail; a duplicate section name; a too large image refused before it is uploaded; the
 * schedule's field beside the publishing buttons; a word diff that marks only what changed, and restore that loads
 * a revision into the editor; the audit log in Arabic sentences; chart dates and numbers isolated; Arabic
 * screen-reader labels on the toaster and the charts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  SCREENSHOT_DIR,
  baseUrl,
  dbQuery,
  launch,
  newPage,
  openReader,
  screenshot,
  tripoliInput,
} from './support/browser';

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
const ADMIN_NAME = 'مدير الموقع';

async function signIn(username: string, password: string, opts: { height?: number } = {}) {
  const { context, page } = await newPage(browser, opts);
  page.on('dialog', (d) => void d.accept());
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

/** A same-origin admin API call, as the screens make it. */
const api = (page: Page, method: 'post' | 'put', url: string, data: unknown) =>
  page.request[method](url, { headers: { origin: baseUrl() }, data });

const story = {
  description: 'وصف الخبر',
  content: '<p>نص الخبر</p>',
  category: 'economy',
  imageUrl: 'https://example.ly/a.jpg',
};

/** Every aria-label on the page that is not Arabic (screen readers would read English). */
const latinLabels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-label]')]
      .map((el) => el.getAttribute('aria-label') ?? '')
      .filter((label) => /[A-Za-z]/.test(label)),
  );

beforeAll(async () => {
  browser = await launch();
  ({ context: adminContext, page: admin } = await signIn(inject('adminUsername'), inject('adminPassword')));
  const res = await api(admin, 'post', '/api/admin/admins', {
    username: 'details-writer',
    fullName: 'كاتبة التفاصيل',
    email: 'details-writer@sahifa.ly',
    password: 'staff-pass-1234',
    roleName: 'writer',
  });
  expect(res.status()).toBe(201);
});
afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
});

describe('the dashboard', () => {
  it('shows editors the review queue (who sent what, when) and dates for every story', async () => {
    const writer = await signIn('details-writer', 'staff-pass-1234');
    // A writer's dashboard has no queue (reviewing is the editors' job).
    expect(await writer.page.getByTestId('review-queue-count').count()).toBe(0);
    // She writes a story and sends it for review: the toast says so (not «تمت الإضافة»).
    await writer.page.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await writer.page.waitForSelector('#news-title');
    await writer.page.fill('#news-title', 'تقرير ينتظر المراجعة');
    await writer.page.fill('#news-description', 'وصف التقرير');
    await writer.page.selectOption('#news-category', 'economy');
    await writer.page.locator('.ql-editor').click();
    await writer.page.keyboard.type('نص التقرير.');
    await writer.page.getByTestId('news-actions').getByRole('button', { name: 'إرسال للمراجعة' }).click();
    await expect.poll(() => writer.page.getByText('أُرسل الخبر للمراجعة', { exact: true }).count()).toBe(1);
    expect(await writer.page.getByText('تمت الإضافة').count()).toBe(0);
    const [row] = await dbQuery<{ id: number; status: string }>(
      "select id, status from news where title = 'تقرير ينتظر المراجعة'",
    );
    expect(row!.status).toBe('review');
    const id = row!.id;
    await writer.context.close();

    await admin.goto('/admin/dashboard', { waitUntil: 'networkidle' });
    await expect.poll(() => admin.getByTestId('review-queue-count').textContent()).toBe('1');
    const queued = admin.getByTestId('review-queue').locator('li').first();
    expect(await queued.textContent()).toContain('تقرير ينتظر المراجعة');
    expect(await queued.textContent()).toMatch(/أرسله كاتبة التفاصيل (الآن|منذ)/);
    // «آخر الأخبار»: newest change first, each with the date its state gives it.
    const latest = admin.getByTestId('latest-news').locator('li');
    expect(await latest.first().textContent()).toContain('تقرير ينتظر المراجعة');
    expect(await latest.first().getByTestId('latest-news-date').textContent()).toMatch(/^أُرسل للمراجعة \d/);
    expect(await admin.getByTestId('latest-news').textContent()).not.toContain('غير محدد');
    await screenshot(admin, 'details-dashboard-queue-1280-light');
    // The queue's title opens the story in the editor.
    await queued.getByRole('link').click();
    await admin.waitForURL(`**/admin/news?edit=${id}`);
    await expect.poll(() => admin.inputValue('#news-title').catch(() => '')).toBe('تقرير ينتظر المراجعة');
  });

  it('lists the last changed first in the news table (a corrected old story comes to the top)', async () => {
    const [oldest] = await dbQuery<{ id: number; title: string; version: number }>(
      "select id, title, version from news where status = 'published' order by published_at, id limit 1",
    );
    const fetched = await (await admin.request.get(`/api/admin/news/${oldest!.id}`)).json();
    const corrected = await api(admin, 'put', `/api/admin/news/${oldest!.id}`, {
      title: fetched.title,
      description: `${fetched.description} (تصحيح)`,
      content: fetched.content,
      category: fetched.category,
      imageUrl: fetched.imageUrl,
      version: fetched.version,
    });
    expect(corrected.status()).toBe(200);
    await admin.goto('/admin/news', { waitUntil: 'networkidle' });
    await admin.selectOption('#news-status-filter', 'published');
    await expect
      .poll(() => admin.locator('tbody tr').first().getAttribute('data-testid'))
      .toBe(`news-row-${oldest!.id}`);
    // Its row says when it was changed, under its publication date.
    expect(await admin.getByTestId(`news-row-${oldest!.id}`).textContent()).toContain('آخر تعديل');
  });
});

describe('the article editor', () => {
  it('states the title limit with a live counter and says what is wrong, next to the field', async () => {
    await admin.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await admin.waitForSelector('#news-title');
    expect(await admin.locator('#news-title-hint').textContent()).toBe('حتى 300 حرف');
    expect(await admin.locator('#news-description-hint').textContent()).toBe('حتى 1,000 حرف');
    await admin.fill('#news-title', 'ع'.repeat(48));
    expect(await admin.getByTestId('news-title-count').textContent()).toContain('48 / 300');
    await admin.fill('#news-title', 'ع'.repeat(484));
    const counter = admin.getByTestId('news-title-count');
    expect(await counter.textContent()).toContain('484 / 300');
    expect(await counter.textContent()).toContain('أطول من المسموح بـ184 حرفاً');
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/details-editor-counter-1280-light.png` });
    expect(await admin.locator('#news-title').getAttribute('aria-describedby')).toContain('news-title-count');
    await admin.getByTestId('news-actions').getByRole('button', { name: 'نشر', exact: true }).click();
    await expect.poll(() => admin.locator('#news-title-error').textContent()).toBe('العنوان 300 حرف على الأكثر');
    // Empty required fields keep SPEC's message, each next to its field.
    expect(await admin.locator('#news-description-error').textContent()).toBe('جميع الحقول مطلوبة');
    expect(await admin.locator('#news-title').getAttribute('aria-invalid')).toBe('true');
    await admin.fill('#news-title', 'عنوان بطول معقول');
    await expect.poll(() => admin.locator('#news-title-error').count()).toBe(0);
    await admin.getByTestId('news-actions').getByRole('button', { name: 'إلغاء', exact: true }).click();
  });

  it('refuses a 13 MB image and a PDF before uploading them, with the server’s message', async () => {
    await admin.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await admin.waitForSelector('#news-image-file');
    const uploads: string[] = [];
    admin.on('request', (r) => r.url().includes('/api/admin/media') && uploads.push(r.url()));
    await admin.setInputFiles('#news-image-file', {
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(13 * 1024 * 1024, 1),
    });
    await expect
      .poll(() => admin.locator('#news-image-file-error').textContent())
      .toBe('خطأ في تحميل الصورة: حجم الصورة أكبر من 10 ميغابايت');
    await admin.setInputFiles('#news-image-file', {
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect
      .poll(() => admin.locator('#news-image-file-error').textContent())
      .toBe('خطأ في تحميل الصورة: نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP');
    expect(await admin.getByRole('progressbar').count()).toBe(0);
    expect(uploads).toEqual([]);
    // The server says the same words when it is asked anyway.
    const direct = await admin.request.post('/api/admin/media', {
      headers: { origin: baseUrl() },
      multipart: { file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') } },
    });
    expect((await direct.json()).message).toBe('نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP');
    await admin.getByTestId('news-actions').getByRole('button', { name: 'إلغاء', exact: true }).click();
  });

  it('keeps the publishing buttons in reach and opens the schedule beside them; says what was done', async () => {
    await admin.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await admin.waitForSelector('#news-title');
    const dialog = admin.getByRole('dialog');
    // A long dialog: the article runs below the fold…
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
    const viewport = admin.viewportSize()!;
    const schedule = admin.getByTestId('news-actions').getByRole('button', { name: 'جدولة', exact: true });
    // …but «جدولة» and «نشر» are on screen without scrolling.
    const inView = async (box: { y: number; height: number } | null) =>
      !!box && box.y >= 0 && box.y + box.height <= viewport.height;
    expect(await inView(await schedule.boundingBox())).toBe(true);
    await admin.fill('#news-title', 'خبر مجدول من الاختبار');
    await admin.fill('#news-description', 'وصف الخبر المجدول');
    await admin.selectOption('#news-category', 'economy');
    await admin.fill('#news-image-url', 'https://example.ly/scheduled.jpg');
    await admin.locator('.ql-editor').click();
    await admin.keyboard.type('نص الخبر المجدول.');
    await schedule.click();
    const field = admin.locator('#news-publish-at');
    await expect.poll(() => field.isVisible()).toBe(true);
    const fieldBox = await field.boundingBox();
    const confirmBox = await admin.getByRole('button', { name: 'تأكيد الجدولة' }).boundingBox();
    const publishBox = await admin
      .getByTestId('news-actions')
      .getByRole('button', { name: 'نشر', exact: true })
      .boundingBox();
    expect(await inView(fieldBox)).toBe(true);
    expect(await inView(publishBox)).toBe(true);
    // Beside the buttons: the field, its confirmation and the publishing buttons are within a few lines.
    expect(Math.abs(fieldBox!.y - confirmBox!.y)).toBeLessThan(80);
    expect(Math.abs(publishBox!.y - fieldBox!.y)).toBeLessThan(160);
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe('news-publish-at');
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/details-editor-schedule-1280-light.png` });
    const at = Date.now() + 3 * 86_400_000;
    await field.fill(tripoliInput(at));
    await admin.getByRole('button', { name: 'تأكيد الجدولة' }).click();
    await expect.poll(() => admin.getByText(/^جُدول الخبر للنشر في .+ بتوقيت طرابلس$/).count()).toBe(1);
    expect(await admin.getByText('تمت الإضافة').count()).toBe(0);
    const [row] = await dbQuery<{ status: string }>("select status from news where title = 'خبر مجدول من الاختبار'");
    expect(row!.status).toBe('scheduled');
  });

  it('says «أُضيف الخبر العاجل» for breaking news', async () => {
    await admin.goto('/admin/breaking-news', { waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'إضافة خبر عاجل' }).first().click();
    await admin.fill('#bn-title', 'عاجل من اختبار التفاصيل');
    await admin.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(() => admin.getByText('أُضيف الخبر العاجل', { exact: true }).count()).toBe(1);
    expect(await admin.locator('[data-sonner-toast]').count()).toBe(1);
  });

  it('says «نُشر الخبر» when publishing, and shows one error toast however often it fails', async () => {
    await admin.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
    await admin.waitForSelector('#news-title');
    await admin.fill('#news-title', 'خبر ينشر من الاختبار');
    await admin.fill('#news-description', 'وصف');
    await admin.selectOption('#news-category', 'economy');
    await admin.fill('#news-image-url', 'https://example.ly/published.jpg');
    await admin.locator('.ql-editor').click();
    await admin.keyboard.type('نص.');
    await admin.getByTestId('news-actions').getByRole('button', { name: 'نشر', exact: true }).click();
    await expect.poll(() => admin.getByText('نُشر الخبر', { exact: true }).count()).toBe(1);

    // A section that still has news cannot be deleted: three tries, one toast (SPEC §9: one at a time).
    await admin.goto('/admin/categories', { waitUntil: 'networkidle' });
    for (let i = 0; i < 3; i++) await admin.getByRole('button', { name: 'حذف: اقتصاد', exact: true }).click();
    await expect.poll(() => admin.getByText(/لا يمكن حذف هذا التصنيف/).count()).toBe(1);
    await admin.waitForTimeout(500);
    expect(await admin.locator('[data-sonner-toast]').count()).toBe(1);
  });

  it('marks only the changed words of a revision, and restores it into the editor for review', async () => {
    const created = await api(admin, 'post', '/api/admin/news', {
      ...story,
      title: 'خطة الدعم الجديدة',
      content: '<p>قال الوزير إن الحكومة ستعلن خطة جديدة للدعم<br>وأضاف أن الخطة تشمل ثلاث مراحل</p>',
    });
    const first = await created.json();
    // An editor corrects one word and makes the line break a new paragraph (the words either side of a <br> are
    // still two words: read as one, they showed as removed and added though nothing changed).
    const saved = await api(admin, 'put', `/api/admin/news/${first.id}`, {
      ...story,
      title: 'خطة الدعم الجديدة',
      content: '<p>قال الوزير إن الحكومة أعلنت خطة جديدة للدعم</p><p>وأضاف أن الخطة تشمل ثلاث مراحل</p>',
      version: first.version,
    });
    expect(saved.status()).toBe(200);

    await admin.goto(`/admin/news?edit=${first.id}`, { waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'سجل النسخ' }).click();
    const versions = admin.getByTestId('revisions').getByRole('list', { name: 'النسخ' }).getByRole('button');
    await expect.poll(() => versions.count()).toBe(2);
    await versions.last().click();
    const body = admin.getByTestId('diff-النص');
    await expect.poll(() => body.count()).toBe(1);
    expect(await body.locator('ins').allTextContents()).toEqual(['أعلنت']);
    expect(await body.locator('del').allTextContents()).toEqual(['ستعلن']);
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/details-revision-diff-1280-light.png` });

    await admin.getByRole('button', { name: 'استعادة هذه النسخة' }).click();
    await expect.poll(() => admin.getByTestId('restored-notice').count()).toBe(1);
    expect(await admin.getByTestId('restored-notice').textContent()).toContain('ما زال القرّاء يرون النص الحالي');
    await expect.poll(() => admin.locator('.ql-editor').textContent()).toContain('ستعلن');
    // Nothing public has changed yet.
    const reader = async () => (await (await admin.request.get(`/api/news/${first.id}`)).json()).content as string;
    expect(await reader()).toContain('أعلنت');
    await admin.getByTestId('news-actions').getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect.poll(reader).toContain('ستعلن');

    // The audit log says it in Arabic, with the article's title linked to its editor.
    await dbQuery(
      `insert into audit_log (admin_id, admin_username, action, entity, entity_id, details)
       values (null, 'system', 'publish', 'news', $1, $2)`,
      [String(first.id), JSON.stringify({ title: 'خطة الدعم الجديدة', scheduledFor: new Date().toISOString() })],
    );
    await admin.goto('/admin/users', { waitUntil: 'networkidle' });
    const entries = admin.getByTestId('audit-entry');
    await expect.poll(() => entries.count()).toBeGreaterThan(2);
    expect(await entries.first().textContent()).toMatch(/^النظام نشر الخبر «خطة الدعم الجديدة» في موعده المجدول/);
    await screenshot(admin, 'details-audit-log-1280-light');
    const restoreEntry = entries.filter({ hasText: 'استعاد' }).first();
    expect(await restoreEntry.textContent()).toMatch(
      new RegExp(`^${ADMIN_NAME} استعاد نسخة سابقة من الخبر «خطة الدعم الجديدة»`),
    );
    const texts = (await entries.allTextContents()).join('\n');
    expect(texts).not.toMatch(/\b(restore|create|update|publish|delete|login|system)\b|#\d/);
    const link = restoreEntry.getByRole('link', { name: 'خطة الدعم الجديدة' });
    expect(await link.getAttribute('href')).toBe(`/admin/news?edit=${first.id}`);
    await link.click();
    await expect.poll(() => admin.inputValue('#news-title').catch(() => '')).toBe('خطة الدعم الجديدة');
    await admin.keyboard.press('Escape');
  });
});

describe('staff and sections', () => {
  it('defaults a new account to writer, and refuses a taken e-mail next to its field', async () => {
    await admin.goto('/admin/users', { waitUntil: 'networkidle' });
    expect(await admin.inputValue('#u-role')).toBe('writer');
    await admin.fill('#u-username', 'details-twin');
    await admin.fill('#u-fullname', 'حساب مكرر');
    await admin.fill('#u-email', 'Details-Writer@SAHIFA.ly');
    await admin.fill('#u-password', 'twin-pass-1');
    await admin.getByRole('button', { name: 'إضافة المستخدم' }).click();
    await expect.poll(() => admin.locator('#u-email-error').textContent()).toBe('هذا البريد الإلكتروني مسجّل لحساب آخر');
    expect(await admin.getByTestId('user-row-details-twin').count()).toBe(0);
  });

  it('refuses a second section whose name reads the same, next to the name field', async () => {
    await admin.goto('/admin/categories', { waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'إضافة تصنيف' }).first().click();
    await admin.fill('#cat-name', 'إقتصاد');
    await admin.fill('#cat-slug', 'eco-twin');
    await admin.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect
      .poll(() => admin.locator('#cat-name-error').textContent())
      .toBe('يوجد تصنيف باسم «اقتصاد»؛ اختر اسماً آخر حتى لا يظهر القسم مرتين في القائمة');
    await admin.keyboard.press('Escape');
    // The server refuses it too (another admin's screen, or a call around this one), with the same words.
    for (const name of ['الاقتصاد', 'اقتصادُ']) {
      const twin = await api(admin, 'post', '/api/admin/categories', { name, slug: 'eco-twin', isActive: true });
      expect(twin.status(), name).toBe(409);
      expect((await twin.json()).details).toEqual([
        { path: 'name', message: 'يوجد تصنيف باسم «اقتصاد»؛ اختر اسماً آخر حتى لا يظهر القسم مرتين في القائمة' },
      ]);
    }
    const other = await api(admin, 'post', '/api/admin/categories', {
      name: 'اقتصاد رقمي',
      slug: 'eco-digital',
      isActive: true,
    });
    expect(other.status()).toBe(201);
    // The public menu shows «اقتصاد» once.
    const names = (await (await admin.request.get('/api/categories')).json()).map((c: { name: string }) => c.name);
    expect(names.filter((n: string) => n === 'اقتصاد')).toHaveLength(1);
  });
});

describe('charts and labels', () => {
  it('keeps chart dates and numbers in order, and every label Arabic', async () => {
    await admin.goto('/admin/statistics', { waitUntil: 'networkidle' });
    const chart = admin.getByTestId('chart-days');
    await expect
      .poll(() => chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').count())
      .toBeGreaterThan(2);
    // Each date tick reads day/month left to right ("25/11", never "2511/"): where its glyphs are drawn. The same
    // measure first on two texts of our own, so it is known to tell the two apart (Intl's ar-LY "25\u200f/11").
    const measure = (nodes: Element[]) => {
      const inOrder = (text: SVGTextElement) => {
        const s = text.textContent ?? '';
        const slash = s.indexOf('/');
        const x = (i: number) => text.getStartPositionOfChar(i).x;
        const digits = [...s].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
        return (
          digits.filter((i) => i < slash).every((i) => x(i) < x(slash)) &&
          digits.filter((i) => i > slash).every((i) => x(i) > x(slash))
        );
      };
      return nodes.map((n) => {
        const text = n as SVGTextElement;
        const probe = (content: string) => {
          const clone = text.cloneNode() as SVGTextElement;
          clone.textContent = content;
          text.parentNode!.appendChild(clone);
          const ok = inOrder(clone);
          clone.remove();
          return ok;
        };
        return {
          text: text.textContent ?? '',
          marks: /[\u200e\u200f\u061c]/.test(text.textContent ?? ''),
          inOrder: inOrder(text),
          controls: [probe('25\u200f/11'), probe('\u206625/11\u2069')],
        };
      });
    };
    const ticks = await chart
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .evaluateAll(measure);
    expect(ticks[0]!.controls).toEqual([false, true]);
    for (const t of ticks) {
      expect(t.text).toMatch(/^\u2066\d{1,2}\/\d{1,2}\u2069$/);
      expect(t.marks).toBe(false);
      expect(t.inOrder, t.text).toBe(true);
    }
    // The tooltip: the date isolated, the values Arabic-labelled.
    const box = (await chart.locator('.recharts-surface').boundingBox())!;
    await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = admin.getByTestId('chart-tooltip');
    await expect.poll(() => tooltip.count()).toBe(1);
    expect(await tooltip.locator('p bdi[dir=ltr]').textContent()).toMatch(/^\u2066\d{1,2}\/\d{1,2}\u2069$/);
    expect(await tooltip.textContent()).toContain('الزيارات:');
    await admin.screenshot({ path: `${SCREENSHOT_DIR}/details-statistics-1280-light.png` });
    // No English for screen readers: no "legend icon", no other Latin label.
    expect(await admin.locator('[aria-label*="legend"]').count()).toBe(0);
    expect(await chart.getByText('الزيارات', { exact: true }).count()).toBeGreaterThan(0);
    expect(await latinLabels(admin)).toEqual([]);
    const axe = await new AxeBuilder({ page: admin })
      .include('[data-testid^="chart-"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });

  it('names the toaster in Arabic, in the admin and on the reader site', async () => {
    await admin.goto('/admin/categories', { waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'حذف: اقتصاد', exact: true }).click();
    await expect.poll(() => admin.locator('[data-sonner-toast]').count()).toBe(1);
    expect(
      await admin
        .locator('section:has([data-sonner-toaster]), section[aria-label="الإشعارات"]')
        .first()
        .getAttribute('aria-label'),
    ).toBe('الإشعارات');
    expect(await admin.locator('[data-sonner-toast] button[data-close-button]').getAttribute('aria-label')).toBe(
      'إغلاق الإشعار',
    );
    expect(await latinLabels(admin)).toEqual([]);

    const { context, page } = await newPage(browser);
    await openReader(page, '/');
    await page.getByRole('button', { name: 'اشترك الآن' }).first().click();
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(1);
    expect(await page.locator('section[aria-label="الإشعارات"]').count()).toBe(1);
    expect(await page.locator('[aria-label*="Notifications"], [aria-label="Close toast"]').count()).toBe(0);
    await context.close();
  });
});
