/**
 * Corrections, clarifications and updates readers see, and the staff's editorial notes they never see: the article's
 * API and page (above or below the text, its dateModified, its JSON-LD `correction`), the /corrections page (newest
 * first, paged), the revisions and the audit log; a removal that leaves a dated trace; who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let clock = new Date('2026-06-10T08:00:00Z').getTime();
const now = () => new Date(clock);
const later = (minutes: number) => (clock += minutes * 60_000);

let t: TestApp;
let editor: ReturnType<typeof as>;
let writer: ReturnType<typeof as>;
let otherWriter: ReturnType<typeof as>;
let published: number;

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `وصف ${title}`,
  content: `<p>نص ${title}</p>`,
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  ...extra,
});

/** The JSON-LD of a reader page. */
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ now });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'fix-editor', 'editor');
  await addAdmin(t.database.db, 'fix-writer', 'writer');
  await addAdmin(t.database.db, 'fix-other', 'writer');
  editor = as(t.app, (await login(t.app, 'fix-editor')).cookie!);
  writer = as(t.app, (await login(t.app, 'fix-writer')).cookie!);
  otherWriter = as(t.app, (await login(t.app, 'fix-other')).cookie!);
  published = (await editor('POST', '/api/admin/news', article('حصيلة الفيضان في درنة'))).json().id;
});
afterAll(() => t.close());

describe('notes told to readers', () => {
  it('shows a correction above the text and a clarification and an update below it, each with its time', async () => {
    // Readers read the page first (it is cached): the note must reach them anyway.
    const before = await t.app.inject(`/news/${published}`);
    const modifiedBefore = jsonLd(before.body).dateModified;
    later(30);
    const c = await editor('POST', `/api/admin/news/${published}/notes`, {
      kind: 'correction',
      text: 'ذكرت نسخة سابقة أن عدد المفقودين 40، والصحيح 14.',
    });
    expect(c.statusCode).toBe(201);
    later(5);
    await editor('POST', `/api/admin/news/${published}/notes`, {
      kind: 'clarification',
      text: 'الأرقام من مركز طب الطوارئ وليست من وزارة الصحة.',
    });
    later(5);
    await editor('POST', `/api/admin/news/${published}/notes`, { kind: 'update', text: 'انحسرت المياه صباح اليوم.' });

    const api = (await t.app.inject(`/api/news/${published}`)).json();
    expect(api.notes.map((n: { kind: string }) => n.kind)).toEqual(['correction', 'clarification', 'update']);
    expect(api.notes[0]).toMatchObject({ text: 'ذكرت نسخة سابقة أن عدد المفقودين 40، والصحيح 14.' });
    expect(api.modifiedAt).toBe(now().toISOString());

    const page = (await t.app.inject(`/news/${published}`)).body;
    const above = page.indexOf('data-testid="article-notes-above"');
    const body = page.indexOf('class="article-body"');
    const below = page.indexOf('data-testid="article-notes-below"');
    expect(above).toBeGreaterThan(0);
    expect(above).toBeLessThan(body);
    expect(below).toBeGreaterThan(body);
    expect(page.slice(above, body)).toContain('والصحيح 14');
    expect(page.slice(below)).toContain('انحسرت المياه صباح اليوم.');

    const ld = jsonLd(page);
    expect(ld.dateModified).not.toBe(modifiedBefore);
    expect(ld.dateModified).toBe(now().toISOString());
    expect(ld.correction).toEqual([
      expect.objectContaining({
        '@type': 'CorrectionComment',
        text: 'ذكرت نسخة سابقة أن عدد المفقودين 40، والصحيح 14.',
      }),
      expect.objectContaining({
        '@type': 'CorrectionComment',
        text: 'الأرقام من مركز طب الطوارئ وليست من وزارة الصحة.',
      }),
    ]);
  });

  it('lists corrections and clarifications on /corrections, newest first, paged', async () => {
    const other = (await editor('POST', '/api/admin/news', article('ميزانية البلدية'))).json().id;
    for (let i = 1; i <= 22; i++) {
      later(1);
      await editor('POST', `/api/admin/news/${other}/notes`, { kind: 'correction', text: `تصحيح رقم ${i}` });
    }
    const first = (await t.app.inject('/api/corrections')).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ kind: 'correction', text: 'تصحيح رقم 22', article: { id: other } });
    expect(first.items.map((i: { text: string }) => i.text)).not.toContain('انحسرت المياه صباح اليوم.');
    const second = (await t.app.inject(`/api/corrections?before=${encodeURIComponent(first.next)}`)).json();
    expect(second.items.map((i: { text: string }) => i.text)).toEqual([
      'تصحيح رقم 2',
      'تصحيح رقم 1',
      'الأرقام من مركز طب الطوارئ وليست من وزارة الصحة.',
      'ذكرت نسخة سابقة أن عدد المفقودين 40، والصحيح 14.',
    ]);
    expect(second.next).toBeNull();
    const html = (await t.app.inject('/corrections')).body;
    expect(html).toContain('تصحيح رقم 22');
    expect(html).toContain(`/corrections?before=`); // the older page, a plain link
    // Once the story is unpublished, its corrections leave the page too.
    await editor('POST', `/api/admin/news/${other}/transition`, { action: 'unpublish' });
    expect((await t.app.inject('/api/corrections')).json().items[0].article.id).toBe(published);
  });

  it('keeps each note with the revisions and in the audit log', async () => {
    const revisions = (await editor('GET', `/api/admin/news/${published}/revisions`)).json();
    expect(revisions.map((r: { reason: string }) => r.reason).slice(0, 3)).toEqual([
      'update',
      'clarification',
      'correction',
    ]);
    expect(revisions[2].note).toBe('ذكرت نسخة سابقة أن عدد المفقودين 40، والصحيح 14.');
    const { rows } = await t.database.pool.query(
      `select action, details from audit_log where entity = 'news_note' and entity_id = $1 order by id`,
      [String(published)],
    );
    expect(rows.map((r) => [r.action, r.details.kind])).toEqual([
      ['create', 'correction'],
      ['create', 'clarification'],
      ['create', 'update'],
    ]);
  });

  it('removes a note only with a reason, leaving a dated trace for staff and nothing for readers', async () => {
    const notes = (await editor('GET', `/api/admin/news/${published}/notes`)).json();
    const update = notes.find((n: { kind: string }) => n.kind === 'update');
    expect((await editor('POST', `/api/admin/news/${published}/notes/${update.id}/remove`, {})).statusCode).toBe(400);
    later(3);
    const res = await editor('POST', `/api/admin/news/${published}/notes/${update.id}/remove`, {
      reason: 'نُشر في الخبر الخطأ',
    });
    expect(res.statusCode).toBe(200);
    const trace = res.json().find((n: { id: number }) => n.id === update.id);
    expect(trace).toMatchObject({
      removedAt: now().toISOString(),
      removedBy: 'fix-editor الكامل',
      removedReason: 'نُشر في الخبر الخطأ',
      text: 'انحسرت المياه صباح اليوم.',
    });
    const api = (await t.app.inject(`/api/news/${published}`)).json();
    expect(api.notes.map((n: { kind: string }) => n.kind)).toEqual(['correction', 'clarification']);
    expect((await t.app.inject(`/news/${published}`)).body).not.toContain('انحسرت المياه صباح اليوم.');
    const { rows } = await t.database.pool.query(
      `select details from audit_log where entity = 'news_note' and action = 'delete' and entity_id = $1`,
      [String(published)],
    );
    expect(rows[0].details).toMatchObject({ reason: 'نُشر في الخبر الخطأ', text: 'انحسرت المياه صباح اليوم.' });
    // Twice is refused; the row is never gone.
    expect(
      (await editor('POST', `/api/admin/news/${published}/notes/${update.id}/remove`, { reason: 'مرة ثانية' }))
        .statusCode,
    ).toBe(409);
    expect((await t.database.pool.query('select 1 from news_notes where id = $1', [update.id])).rowCount).toBe(1);
  });

  it('is for editors, on published articles only', async () => {
    const draft = (await writer('POST', '/api/admin/news', article('مسودة كاتب', { action: 'draft' }))).json().id;
    expect(
      (await writer('POST', `/api/admin/news/${published}/notes`, { kind: 'correction', text: 'x' })).statusCode,
    ).toBe(403);
    const onDraft = await editor('POST', `/api/admin/news/${draft}/notes`, { kind: 'correction', text: 'x' });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().code).toBe('NOTE_NOT_ALLOWED');
    expect(
      (await editor('POST', `/api/admin/news/${published}/notes`, { kind: 'apology', text: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('editorial notes', () => {
  let draft: number;
  beforeAll(async () => {
    draft = (await writer('POST', '/api/admin/news', article('تحقيق عن المياه الجوفية', { action: 'review' }))).json()
      .id;
  });

  it('lets the newsroom leave notes on a story in review and mark them dealt with', async () => {
    const add = await editor('POST', `/api/admin/news/${draft}/editorial-notes`, {
      text: 'سرّي: المصدر في الفقرة الثالثة يحتاج تأكيداً ثانياً',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ author: 'fix-editor الكامل', resolvedAt: null });
    // The writer sees the notes on their own story, and answers.
    const mine = await writer('GET', `/api/admin/news/${draft}/editorial-notes`);
    expect(mine.json().map((n: { text: string }) => n.text)).toEqual([
      'سرّي: المصدر في الفقرة الثالثة يحتاج تأكيداً ثانياً',
    ]);
    expect(
      (await writer('POST', `/api/admin/news/${draft}/editorial-notes`, { text: 'أكدته مع مصدر ثان' })).statusCode,
    ).toBe(201);
    const done = await writer('PATCH', `/api/admin/news/${draft}/editorial-notes/${add.json().id}`, { resolved: true });
    expect(done.json()).toMatchObject({ resolvedBy: 'fix-writer الكامل' });
    expect(done.json().resolvedAt).not.toBeNull();
    // Another writer does not.
    expect((await otherWriter('GET', `/api/admin/news/${draft}/editorial-notes`)).statusCode).toBe(403);
    expect((await otherWriter('POST', `/api/admin/news/${draft}/editorial-notes`, { text: 'تطفل' })).statusCode).toBe(
      403,
    );
  });

  it('never shows them to readers, once the story is published', async () => {
    await editor('POST', `/api/admin/news/${draft}/transition`, { action: 'publish' });
    const surfaces = [
      `/api/news/${draft}`,
      `/news/${draft}`,
      '/api/news?limit=20',
      '/rss.xml',
      '/news-sitemap.xml',
      `/api/search?q=${encodeURIComponent('المياه الجوفية')}`,
      '/api/corrections',
      '/corrections',
    ];
    for (const url of surfaces) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('المصدر في الفقرة الثالثة');
      expect(res.body, url).not.toContain('أكدته مع مصدر ثان');
    }
    // On a published story, the notes stay readable to staff but no new ones are added.
    expect((await editor('GET', `/api/admin/news/${draft}/editorial-notes`)).json()).toHaveLength(2);
    const closed = await editor('POST', `/api/admin/news/${draft}/editorial-notes`, { text: 'بعد النشر' });
    expect(closed.statusCode).toBe(409);
  });

  it('is in the audit log', async () => {
    const { rows } = await t.database.pool.query(
      `select action from audit_log where entity = 'editorial_note' and entity_id = $1 order by id`,
      [String(draft)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'create', 'update']);
  });
});
