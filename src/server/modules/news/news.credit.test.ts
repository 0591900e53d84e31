/**
 * Authorship ('news.credit'): only editors and admins name other authors or write the free byline. A writer's
 * article carries its writer; sending its authors and byline back unchanged (as the editor form does) is fine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let writer: ReturnType<typeof as>;
let otherWriter: ReturnType<typeof as>;
let editor: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
const people: Record<string, number> = {};

const AUTHORS_REFUSED = 'لا يمكن للكاتب نسبة الخبر إلى غيره؛ يحدد المحرر المؤلفين';
const BYLINE_REFUSED = 'لا يمكن للكاتب كتابة سطر التوقيع أو تغييره؛ يحدده المحرر';

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `وصف ${title}`,
  content: `<p>نص ${title}</p>`,
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  people.writer = (await addAdmin(t.database.db, 'cr-writer', 'writer')).id;
  people.other = (await addAdmin(t.database.db, 'cr-other', 'writer')).id;
  people.editor = (await addAdmin(t.database.db, 'cr-editor', 'editor')).id;
  people.admin = (await addAdmin(t.database.db, 'cr-admin', 'admin')).id;
  writer = as(t.app, (await login(t.app, 'cr-writer')).cookie);
  otherWriter = as(t.app, (await login(t.app, 'cr-other')).cookie);
  editor = as(t.app, (await login(t.app, 'cr-editor')).cookie);
  admin = as(t.app, (await login(t.app, 'cr-admin')).cookie);
});
afterAll(() => t.close());

const countByTitle = async (title: string) =>
  Number((await t.database.pool.query('select count(*) from news where title = $1', [title])).rows[0].count);
const authorIds = async (id: number) =>
  (
    await t.database.pool.query('select admin_id from news_authors where news_id = $1 order by position', [id])
  ).rows.map((r: { admin_id: number }) => r.admin_id);

describe('a writer', () => {
  it("creates articles that carry the writer alone, whether or not the form sends the writer's own id", async () => {
    const plain = await writer('POST', '/api/admin/news', article('بلا كتّاب', { action: 'draft' }));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().staff.map((a: { id: number }) => a.id)).toEqual([people.writer]);
    expect(await authorIds(plain.json().id)).toEqual([people.writer]);

    const self = await writer(
      'POST',
      '/api/admin/news',
      article('بنفسه', { action: 'draft', authors: [people.writer], byline: '' }),
    );
    expect(self.statusCode).toBe(201);
    expect(await authorIds(self.json().id)).toEqual([people.writer]);
  });

  it('cannot credit an editor (or anyone else) on a new article: 403, and nothing is created', async () => {
    for (const authors of [[people.editor], [people.writer, people.editor], [people.other], []]) {
      const title = `نسبة إلى غيره ${authors.join('-')}`;
      const res = await writer('POST', '/api/admin/news', article(title, { action: 'draft', authors }));
      expect(res.statusCode, JSON.stringify(authors)).toBe(403);
      expect(res.json().message).toBe(AUTHORS_REFUSED);
      expect(await countByTitle(title)).toBe(0);
    }
  });

  it("cannot change a saved article's authors (save or autosave), but may send them back unchanged", async () => {
    const created = (await writer('POST', '/api/admin/news', article('مسودة الكاتب', { action: 'draft' }))).json();
    const id = created.id as number;

    for (const authors of [[people.writer, people.editor], [people.editor], [people.other]]) {
      const res = await writer('PUT', `/api/admin/news/${id}`, {
        ...article('مسودة بعد التعديل'),
        authors,
        version: created.version,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(AUTHORS_REFUSED);
      const auto = await writer('PUT', `/api/admin/news/${id}/autosave`, {
        ...article('مسودة بعد التعديل'),
        authors,
        version: created.version,
      });
      expect(auto.statusCode).toBe(403);
    }
    // Nothing changed: the authors, the title and the version are as created, and the other writer gained no rights.
    expect(await authorIds(id)).toEqual([people.writer]);
    const stored = (await editor('GET', `/api/admin/news/${id}`)).json();
    expect(stored.title).toBe('مسودة الكاتب');
    expect(stored.version).toBe(created.version);
    const intruder = await otherWriter('PUT', `/api/admin/news/${id}`, {
      ...article('تعديل دخيل'),
      version: created.version,
    });
    expect(intruder.statusCode).toBe(403);

    // The unchanged list (what the editor form sends on every save) is fine, as is leaving it out.
    const same = await writer('PUT', `/api/admin/news/${id}`, {
      ...article('مسودة بعد التعديل'),
      authors: [people.writer],
      version: created.version,
    });
    expect(same.statusCode).toBe(200);
    const omitted = await writer('PUT', `/api/admin/news/${id}`, {
      ...article('مسودة بعد تعديل ثان'),
      version: same.json().version,
    });
    expect(omitted.statusCode).toBe(200);
    expect(await authorIds(id)).toEqual([people.writer]);
  });

  it('keeps, unchanged, the authors and byline an editor gave a shared draft', async () => {
    const shared = (
      await editor(
        'POST',
        '/api/admin/news',
        article('مسودة مشتركة', {
          action: 'draft',
          authors: [people.editor, people.writer],
          byline: 'تقرير: مكتب طرابلس',
        }),
      )
    ).json();
    const base = { ...article('مسودة مشتركة منقحة'), version: shared.version };
    // Sent back as they are: saved.
    const ok = await writer('PUT', `/api/admin/news/${shared.id}`, {
      ...base,
      authors: [people.editor, people.writer],
      byline: 'تقرير: مكتب طرابلس',
    });
    expect(ok.statusCode).toBe(200);
    // Dropping the editor, or clearing the byline: refused.
    const next = { ...article('مسودة مشتركة منقحة'), version: ok.json().version };
    const dropped = await writer('PUT', `/api/admin/news/${shared.id}`, {
      ...next,
      authors: [people.writer],
      byline: 'تقرير: مكتب طرابلس',
    });
    expect(dropped.statusCode).toBe(403);
    expect(dropped.json().message).toBe(AUTHORS_REFUSED);
    const cleared = await writer('PUT', `/api/admin/news/${shared.id}`, {
      ...next,
      authors: [people.editor, people.writer],
      byline: '',
    });
    expect(cleared.statusCode).toBe(403);
    expect(cleared.json().message).toBe(BYLINE_REFUSED);
    expect(await authorIds(shared.id)).toEqual([people.editor, people.writer]);
    expect((await editor('GET', `/api/admin/news/${shared.id}`)).json().byline).toBe('تقرير: مكتب طرابلس');
  });

  it('cannot set or change the free byline: 403, and the article is unchanged', async () => {
    const title = 'خبر بتوقيع من الكاتب';
    const res = await writer('POST', '/api/admin/news', article(title, { action: 'draft', byline: 'تقرير: الكاتب' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BYLINE_REFUSED);
    expect(await countByTitle(title)).toBe(0);

    const created = (await writer('POST', '/api/admin/news', article('خبر الكاتب', { action: 'draft' }))).json();
    for (const method of ['PUT', 'PUT-autosave'] as const) {
      const url = method === 'PUT' ? `/api/admin/news/${created.id}` : `/api/admin/news/${created.id}/autosave`;
      const changed = await writer('PUT', url, {
        ...article('خبر الكاتب'),
        byline: 'تقرير وترجمة: الكاتب',
        version: created.version,
      });
      expect(changed.statusCode, method).toBe(403);
      expect(changed.json().message).toBe(BYLINE_REFUSED);
    }
    const stored = (await editor('GET', `/api/admin/news/${created.id}`)).json();
    expect(stored.byline).toBe('');
    expect(stored.version).toBe(created.version);
  });
});

describe('editors and admins', () => {
  it('credit others and write bylines, on new and saved articles', async () => {
    const created = await editor(
      'POST',
      '/api/admin/news',
      article('تقرير مشترك', { action: 'draft', authors: [people.writer, people.other], byline: 'تقرير: مكتب بنغازي' }),
    );
    expect(created.statusCode).toBe(201);
    expect(await authorIds(created.json().id)).toEqual([people.writer, people.other]);
    expect(created.json().byline).toBe('تقرير: مكتب بنغازي');

    const saved = await admin('PUT', `/api/admin/news/${created.json().id}`, {
      ...article('تقرير مشترك'),
      action: 'draft',
      authors: [people.editor],
      byline: 'ترجمة: مكتب طرابلس',
      version: created.json().version,
    });
    expect(saved.statusCode).toBe(200);
    expect(await authorIds(created.json().id)).toEqual([people.editor]);
    expect(saved.json().byline).toBe('ترجمة: مكتب طرابلس');
  });
});
