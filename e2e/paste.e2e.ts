/**
 * What an editor pastes is what readers get, in Chromium: the clipboard HTML of Word, Google Docs and a web page
 * (src/shared/article-html.fixtures.ts, as Chromium hands it to a paste handler) pasted into the real editor
 * becomes clean headings, paragraphs, bullet and numbered lists and tables there, and the published article page
 * shows the same structure. A 200-character URL typed into a body never widens a 360 px phone's page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIPBOARD_CASES, LONG_URL, WORD_HTML, WORD_OUTLINE } from '../src/shared/article-html.fixtures';
import { outline } from '../src/shared/article-html.testing';
import { dbQuery, launch, newPage, openReader, screenshot } from './support/browser';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };

async function signIn(width = 1280) {
  const session = await newPage(browser, { width });
  session.page.on('dialog', (d) => void d.accept());
  await session.page.goto('/admin/login', { waitUntil: 'networkidle' });
  await session.page.fill('#username', inject('adminUsername'));
  await session.page.fill('#password', inject('adminPassword'));
  await session.page.click('button[type=submit]');
  await session.page.waitForURL('**/admin/dashboard');
  return session;
}

/** A new article with everything but its body filled in. */
async function newArticle(page: Page, title: string) {
  await page.goto('/admin/news?edit=new', { waitUntil: 'networkidle' });
  await page.fill('#news-title', title);
  await page.selectOption('#news-category', 'libya');
  await page.fill('#news-description', `وصف ${title}`);
  await page.fill('#news-image-url', 'https://example.ly/port.jpg');
  await page.locator('.ql-editor').click();
}

/** A paste as the browser delivers one: a ClipboardEvent whose DataTransfer holds text/html (and text/plain). */
async function paste(page: Page, html: string, text = 'نص') {
  await page.evaluate(
    ([html, text]) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', text);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      document.querySelector('.ql-editor')!.dispatchEvent(event);
    },
    [html, text] as const,
  );
}

/** Publishes the open article and returns its id once the server has it published. */
async function publish(page: Page, title: string): Promise<number> {
  await page.getByTestId('news-actions').getByRole('button', { name: 'نشر', exact: true }).click();
  let id = 0;
  await expect
    .poll(async () => {
      const [row] = await dbQuery<{ id: number; status: string }>('select id, status from news where title = $1', [
        title,
      ]);
      id = row?.id ?? 0;
      return row?.status;
    })
    .toBe('published');
  return id;
}

beforeAll(async () => {
  browser = await launch();
  admin = await signIn();
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

describe('pasting into the article editor', () => {
  it.each(CLIPBOARD_CASES)(
    'from $name shows clean structure in the editor, and the article page shows the same',
    async ({ name, html, outline: expected }) => {
      const { page } = admin;
      const title = `مقال ملصوق من ${name}`;
      await newArticle(page, title);
      await paste(page, html);
      const editor = page.locator('.ql-editor');
      await expect.poll(async () => outline(await editor.innerHTML())).toEqual(expected);
      // Nothing of the source's look in the editor: no inline style, no alignment, no Office or Docs markup.
      expect(
        await editor.locator('[style], [dir], [class*="Mso"], [class*="ql-align"], span:not(.ql-ui)').count(),
      ).toBe(0);
      expect(await editor.textContent()).not.toMatch(/[·§]/);
      // Bullets are the editor's bullets, and the table's cells are the editor's cells.
      expect(await editor.locator('li[data-list="bullet"]').count()).toBe(
        expected.filter((l) => l.trim().startsWith('•')).length,
      );
      expect(await editor.locator('td').count()).toBe(
        expected.filter((l) => l.startsWith('|')).reduce((n, l) => n + l.split(' | ').length, 0),
      );
      if (name === 'Word') await screenshot(page, 'paste-word-editor-1280-light');

      const id = await publish(page, title);
      const reader = await newPage(browser);
      await openReader(reader.page, `/news/${id}`);
      const body = reader.page.locator('.article-body');
      expect(outline(await body.innerHTML())).toEqual(expected);
      expect(await body.locator('[style], [class], [dir]').count()).toBe(0);
      // Real lists: bullets in <ul> (not numbered with a typed «·»), numbers in <ol>.
      expect(await body.locator('ul > li').count()).toBe(expected.filter((l) => l.trim().startsWith('•')).length);
      expect(await body.locator('ol > li').count()).toBe(expected.filter((l) => l.trim().startsWith('#')).length);
      const cell = body.locator('td').first();
      expect(await cell.evaluate((td) => getComputedStyle(td).borderTopStyle)).toBe('solid');
      await reader.context.close();
    },
  );

  it('keeps a Word table readable on a 360 px phone: the table scrolls, the page does not', async () => {
    const [row] = await dbQuery<{ id: number }>('select id from news where title = $1', ['مقال ملصوق من Word']);
    const phone = await newPage(browser, { width: 360 });
    await openReader(phone.page, `/news/${row!.id}`);
    expect(outline(await phone.page.locator('.article-body').innerHTML())).toEqual(WORD_OUTLINE);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const table = phone.page.locator('.article-body table');
    const box = await table.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await screenshot(phone.page, 'paste-word-article-360-light');
    await phone.context.close();
  });

  it('a paste into a table cell stays on that cell’s line', async () => {
    const { page } = admin;
    await newArticle(page, 'جدول يلصق فيه');
    await paste(page, WORD_HTML);
    await page.locator('.ql-editor td', { hasText: '240' }).click();
    await page.keyboard.press('End');
    await paste(page, '<p>سطر</p><p>وآخر</p>', 'سطر\nوآخر');
    await expect.poll(() => page.locator('.ql-editor td').nth(3).textContent()).toBe('240سطر وآخر');
    expect(await page.locator('.ql-editor td').count()).toBe(6);
    // While the caret is in a table, its bar adds rows.
    await page.getByTestId('table-bar').getByRole('button', { name: 'إضافة صف' }).click();
    await expect.poll(() => page.locator('.ql-editor tr').count()).toBe(4);
    await page.locator('.ql-editor h2').click();
    await expect.poll(() => page.getByTestId('table-bar').count()).toBe(0);
  });

  it("keeps the editor's own palette colour and alignment (only the clipboard's go)", async () => {
    const { page } = admin;
    const title = 'ألوان المحرر بعد اللصق';
    await newArticle(page, title);
    await paste(page, WORD_HTML);
    await page.locator('.ql-editor h2').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.locator('.ql-toolbar .ql-color .ql-picker-label').click();
    await page.locator('.ql-toolbar .ql-color .ql-picker-item[data-value="#e60000"]').click();
    await page.locator('.ql-toolbar .ql-align .ql-picker-label').click();
    await page.locator('.ql-toolbar .ql-align .ql-picker-item[data-value="center"]').click();
    const id = await publish(page, title);
    const reader = await newPage(browser);
    await openReader(reader.page, `/news/${id}`);
    const heading = reader.page.locator('.article-body h2');
    expect(await heading.getAttribute('class')).toBe('ql-align-center');
    expect(await heading.locator('span').evaluate((s) => getComputedStyle(s).color)).toBe('rgb(230, 0, 0)');
    expect(await heading.evaluate((h) => getComputedStyle(h).textAlign)).toBe('center');
    // The Word paragraph's own red (#C00000) and justification did not come along.
    expect(
      await reader.page
        .locator('.article-body p')
        .first()
        .evaluate((p) => getComputedStyle(p).textAlign),
    ).not.toBe('justify');
    await reader.context.close();
  });
});

describe('a 200-character URL typed into a body', () => {
  it('never widens the page at 360 px, in the article or in the editor', async () => {
    expect(LONG_URL).toHaveLength(200);
    const { page } = admin;
    const title = 'رابط طويل في النص';
    await newArticle(page, title);
    await page.keyboard.type(`المصدر: ${LONG_URL} انتهى.`);
    const id = await publish(page, title);

    const phone = await newPage(browser, { width: 360 });
    await openReader(phone.page, `/news/${id}`);
    expect(await phone.page.locator('.article-body').textContent()).toContain(LONG_URL);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.context.close();

    const staff = await signIn(360);
    await staff.page.goto(`/admin/news?edit=${id}`, { waitUntil: 'networkidle' });
    const editor = staff.page.locator('.ql-editor');
    await expect.poll(() => editor.textContent()).toContain(LONG_URL);
    const { scroll, client } = await editor.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect((await editor.boundingBox())!.width).toBeLessThanOrEqual(360);
    await staff.context.close();
  });
});
