/**
 * What an editor pastes is what readers get: clipboard HTML from Word, Google Docs and a web page, saved through the
 * admin API as it is (a client that skipped the editor's paste cleaning) and as the editor sends it after a paste
 * (cleaned by the same shared rules), read back from the public API and the article page.
 */
import { parseDocument } from 'htmlparser2';
import { type Element, isTag } from 'domhandler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPastedHtml } from '../../../shared/article-html';
import { CLIPBOARD_CASES } from '../../../shared/article-html.fixtures';
import { outline } from '../../../shared/article-html.testing';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { SANITIZER_VERSION } from './sanitize-html';

let t: TestApp;
let editor: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'paste.editor', 'editor');
  editor = as(t.app, (await login(t.app, 'paste.editor')).cookie);
});
afterAll(() => t.close());

async function publish(title: string, content: string): Promise<number> {
  const res = await editor('POST', '/api/admin/news', {
    title,
    description: `وصف ${title}`,
    content,
    category: 'libya',
    imageUrl: 'https://example.ly/a.jpg',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The article body on the server-rendered article page, as HTML. */
async function pageBody(id: number): Promise<string> {
  const res = await t.app.inject(`/news/${id}`);
  expect(res.statusCode).toBe(200);
  const find = (nodes: ReturnType<typeof parseDocument>['children']): Element | undefined => {
    for (const n of nodes) {
      if (!isTag(n)) continue;
      if ((n.attribs.class ?? '').split(' ').includes('article-body')) return n;
      const found = find(n.children);
      if (found) return found;
    }
    return undefined;
  };
  const body = find(parseDocument(res.body).children);
  expect(body).toBeDefined();
  const { default: render } = await import('dom-serializer');
  return render(body!.children);
}

/** Nothing of the source's look: no style, class, direction, colour, font, alignment or Office markup. */
const FOREIGN = /style=|class=|\bdir=|color|font|justify|text-align|line-height|mso-|Mso|o:p|xmlns|<span|<div/i;

describe.each(CLIPBOARD_CASES)('pasted from $name', ({ name, html, outline: expected }) => {
  it('is published as a reader must see it: real lists without typed markers, whole tables, no foreign look', async () => {
    const id = await publish(`لصق من ${name}`, html);
    const content = (await t.app.inject(`/api/news/${id}`)).json().content as string;
    expect(outline(content)).toEqual(expected);
    expect(content).not.toMatch(FOREIGN);
    expect(content).not.toMatch(/[·§]/);
    // Bullets are a <ul> (not a numbered list), tables keep their cells apart.
    expect(content).toMatch(/<ul><li>[^<]/);
    expect(content).toMatch(/<table><tbody><tr><td>/);
    expect(content).not.toContain('data-row');
    // The article page shows the same.
    expect(outline(await pageBody(id))).toEqual(expected);
  });

  it('reads the same whether the editor cleaned the paste first or not', async () => {
    const raw = await publish(`خام ${name}`, html);
    const cleaned = await publish(`منظف ${name}`, cleanPastedHtml(html));
    const body = async (id: number) => (await t.app.inject(`/api/news/${id}`)).json().content;
    expect(await body(cleaned)).toBe(await body(raw));
  });
});

it('cleans a body stored by the previous rules when it is read: foreign colours, alignment, direction go; lists nest', async () => {
  const row = await addNews(t.database.db, {
    category: 'libya',
    sanitizedWith: SANITIZER_VERSION - 1,
    content:
      '<p style="text-align: justify;" dir="rtl"><span style="color: rgb(192, 0, 0);">نص وورد</span> ' +
      '<span style="color: rgb(230, 0, 0);">لون المحرر</span></p>' +
      '<ul><li>أول</li><li class="ql-indent-1">فرعي</li></ul>',
  });
  const content = (await t.app.inject(`/api/news/${row.id}`)).json().content;
  expect(content).toBe(
    '<p>نص وورد <span style="color:rgb(230, 0, 0)">لون المحرر</span></p><ul><li>أول<ul><li>فرعي</li></ul></li></ul>',
  );
});
