/**
 * The newsroom's rules over HTTP: each role × each action × each state (allowed and refused), what writers may not
 * touch at all, stale saves, autosave, revisions and restore, creates retried with the same key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_ACTIONS, NEWS_STATUSES, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews, hoursAgo } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let writer: ReturnType<typeof as>;
let otherWriter: ReturnType<typeof as>;
let editor: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
const people: Record<string, number> = {};

const article = {
  title: 'خبر من غرفة الأخبار',
  description: 'وصف الخبر',
  content: '<p>نص الخبر</p>',
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  featured: false,
};

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  people.writer = (await addAdmin(t.database.db, 'wf-writer', 'writer')).id;
  people.other = (await addAdmin(t.database.db, 'wf-other', 'writer')).id;
  people.editor = (await addAdmin(t.database.db, 'wf-editor', 'editor')).id;
  people.admin = (await addAdmin(t.database.db, 'wf-admin', 'admin')).id;
  writer = as(t.app, (await login(t.app, 'wf-writer')).cookie);
  otherWriter = as(t.app, (await login(t.app, 'wf-other')).cookie);
  editor = as(t.app, (await login(t.app, 'wf-editor')).cookie);
  admin = as(t.app, (await login(t.app, 'wf-admin')).cookie);
});
afterAll(() => t.close());

/** An article in a given state, created by the writer. */
async function inState(status: NewsStatus) {
  const publishedAt =
    status === 'draft' || status === 'review'
      ? null
      : status === 'scheduled'
        ? new Date(Date.now() + 3_600_000)
        : hoursAgo(2);
  const row = await addNews(t.database.db, { category: 'libya', status, publishedAt, authorId: people.writer! });
  await t.database.pool.query('insert into news_authors (news_id, admin_id) values ($1, $2)', [row.id, people.writer]);
  return row.id;
}

const body = (action: NewsAction) => ({
  action,
  ...(action === 'schedule' ? { publishAt: new Date(Date.now() + 2 * 3_600_000).toISOString() } : {}),
});

/**
 * What each actor gets for action × state: 200 allowed, 403 refused to this role, 409 impossible from this state.
 * Written out by hand (not derived from the code under test).
 */
const EDITOR: Record<NewsAction, Record<NewsStatus, number>> = {
  draft: { draft: 200, review: 200, scheduled: 200, published: 409, unpublished: 200 },
  review: { draft: 200, review: 200, scheduled: 409, published: 409, unpublished: 409 },
  publish: { draft: 200, review: 200, scheduled: 200, published: 200, unpublished: 200 },
  schedule: { draft: 200, review: 200, scheduled: 200, published: 409, unpublished: 200 },
  unpublish: { draft: 409, review: 409, scheduled: 409, published: 200, unpublished: 409 },
};
const OWN_WRITER: Record<NewsAction, Record<NewsStatus, number>> = {
  draft: { draft: 200, review: 200, scheduled: 403, published: 409, unpublished: 403 },
  review: { draft: 200, review: 200, scheduled: 409, published: 409, unpublished: 409 },
  publish: { draft: 403, review: 403, scheduled: 403, published: 403, unpublished: 403 },
  schedule: { draft: 403, review: 403, scheduled: 403, published: 409, unpublished: 403 },
  unpublish: { draft: 409, review: 409, scheduled: 409, published: 403, unpublished: 409 },
};
const OTHERS_WRITER: Record<NewsAction, Record<NewsStatus, number>> = {
  draft: { draft: 403, review: 403, scheduled: 403, published: 409, unpublished: 403 },
  review: { draft: 403, review: 403, scheduled: 409, published: 409, unpublished: 409 },
  publish: { draft: 403, review: 403, scheduled: 403, published: 403, unpublished: 403 },
  schedule: { draft: 403, review: 403, scheduled: 403, published: 409, unpublished: 403 },
  unpublish: { draft: 409, review: 409, scheduled: 409, published: 403, unpublished: 409 },
};

describe('each role × each transition', () => {
  const cases = (['editor', 'admin', 'own writer', "another's writer"] as const).flatMap((who) =>
    NEWS_ACTIONS.flatMap((action) => NEWS_STATUSES.map((from) => [who, action, from] as const)),
  );
  it.each(cases)('%s: %s from %s', async (who, action, from) => {
    const id = await inState(from);
    const caller = { editor, admin, 'own writer': writer, "another's writer": otherWriter }[who];
    const table = who === 'own writer' ? OWN_WRITER : who === "another's writer" ? OTHERS_WRITER : EDITOR;
    const expected = table[action][from];
    const res = await caller('POST', `/api/admin/news/${id}/transition`, body(action));
    expect(res.statusCode, res.body).toBe(expected);
    const { rows } = await t.database.pool.query('select status from news where id = $1', [id]);
    if (expected === 200) {
      const target = {
        draft: 'draft',
        review: 'review',
        publish: 'published',
        schedule: 'scheduled',
        unpublish: 'unpublished',
      };
      expect(rows[0].status).toBe(target[action]);
      expect(res.json().status).toBe(target[action]);
    } else {
      expect(rows[0].status).toBe(from); // nothing half-done
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/); // an Arabic reason
    }
  });
});

describe('what a writer may do', () => {
  it('drafts by default, submits for review, and cannot publish or schedule', async () => {
    const created = await writer('POST', '/api/admin/news', article);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft', staff: [{ id: people.writer }] });
    const refused = await writer('POST', '/api/admin/news', { ...article, action: 'publish' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('النشر والجدولة للمحررين؛ أرسل الخبر للمراجعة');
    const id = created.json().id;
    const submitted = await writer('PUT', `/api/admin/news/${id}`, { ...article, action: 'review', version: 1 });
    expect(submitted.json()).toMatchObject({ status: 'review', version: 2 });
    expect((await t.app.inject(`/api/news/${id}`)).statusCode).toBe(404);
  });

  it('keeps an unfinished draft (no image, no body), but not a published one', async () => {
    const draft = await writer('POST', '/api/admin/news', {
      title: 'فكرة خبر',
      category: 'libya',
      action: 'draft',
    });
    expect(draft.statusCode).toBe(201);
    const refused = await editor('POST', `/api/admin/news/${draft.json().id}/transition`, { action: 'publish' });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['content', 'description', 'imageUrl']);
  });

  it("edits only their own drafts, never another's or a published article", async () => {
    const mine = await inState('draft');
    const published = await inState('published');
    expect((await writer('PUT', `/api/admin/news/${mine}`, { ...article, title: 'تعديلي' })).statusCode).toBe(200);
    expect((await otherWriter('PUT', `/api/admin/news/${mine}`, article)).statusCode).toBe(403);
    const live = await writer('PUT', `/api/admin/news/${published}`, article);
    expect(live.statusCode).toBe(403);
    expect(live.json().message).toBe('يمكنك تعديل أخبارك فقط ما دامت مسودة أو قيد المراجعة');
  });

  it('deletes only their own drafts that never went out', async () => {
    const mine = await inState('draft');
    const once = await inState('unpublished');
    expect((await otherWriter('DELETE', `/api/admin/news/${mine}`)).statusCode).toBe(403);
    expect((await writer('DELETE', `/api/admin/news/${once}`)).statusCode).toBe(403);
    expect((await writer('DELETE', `/api/admin/news/${mine}`)).statusCode).toBe(200);
    expect((await editor('DELETE', `/api/admin/news/${once}`)).statusCode).toBe(200);
  });

  it('cannot feature, nor touch breaking news, sections, prayer times, accounts, settings or statistics', async () => {
    const id = await inState('draft');
    const refusals = await Promise.all([
      writer('PATCH', `/api/admin/news/${id}/featured`, { featured: true }),
      writer('POST', '/api/admin/breaking-news', { title: 'عاجل' }),
      writer('POST', '/api/admin/categories', { name: 'قسم', slug: 'section-x' }),
      writer('PUT', '/api/admin/prayer-times/1', {
        date: '2026-01-01',
        fajr: '06:00',
        dhuhr: '12:00',
        asr: '15:00',
        maghrib: '17:00',
        isha: '19:00',
      }),
      writer('GET', '/api/admin/admins'),
      writer('PUT', '/api/admin/settings', {}),
      writer('GET', '/api/admin/statistics/detailed'),
      writer('GET', '/api/admin/audit-log'),
    ]);
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('ليست لديك صلاحية للقيام بهذا الإجراء');
    }
    // A featured flag in a writer's save is not theirs to set.
    const saved = await writer('PUT', `/api/admin/news/${id}`, { ...article, featured: true });
    expect(saved.json().featured).toBe(false);
  });
});

describe('no silent overwrite', () => {
  it('refuses a save over a newer version with a 409 naming who saved and when', async () => {
    const id = (await editor('POST', '/api/admin/news', article)).json().id;
    const first = await admin('PUT', `/api/admin/news/${id}`, { ...article, title: 'نسخة المدير', version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await editor('PUT', `/api/admin/news/${id}`, { ...article, title: 'نسخة المحرر', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('EDIT_CONFLICT');
    expect(stale.json().message).toContain('wf-admin الكامل');
    expect(stale.json().message).toMatch(/أعد تحميل الخبر/);
    const { rows } = await t.database.pool.query('select title from news where id = $1', [id]);
    expect(rows[0].title).toBe('نسخة المدير');
    // Reloaded (the current version), the save goes through.
    const current = (await editor('GET', `/api/admin/news/${id}`)).json();
    expect((await editor('PUT', `/api/admin/news/${id}`, { ...article, version: current.version })).statusCode).toBe(
      200,
    );
  });
});

describe('autosave', () => {
  it('writes a draft as it is typed without revisions, audit entries or state changes', async () => {
    const id = (await writer('POST', '/api/admin/news', { ...article, action: 'draft' })).json().id;
    const revisions = async () => (await writer('GET', `/api/admin/news/${id}/revisions`)).json().length;
    const audits = async () =>
      (await t.database.pool.query('select count(*)::int n from audit_log where entity_id = $1', [String(id)])).rows[0]
        .n;
    const [r0, a0] = [await revisions(), await audits()];
    let version = 1;
    for (const title of ['م', 'مسو', 'مسودة تُكتب']) {
      const res = await writer('PUT', `/api/admin/news/${id}/autosave`, { ...article, title, version });
      expect(res.json()).toMatchObject({ target: 'article' });
      version = res.json().version;
    }
    expect(await revisions()).toBe(r0);
    expect(await audits()).toBe(a0);
    const stored = (await writer('GET', `/api/admin/news/${id}`)).json();
    expect(stored).toMatchObject({ title: 'مسودة تُكتب', status: 'draft', version });
    // A real save keeps one revision for all of it.
    await writer('PUT', `/api/admin/news/${id}`, { ...article, title: 'مسودة تُكتب', version });
    expect(await revisions()).toBe(r0 + 1);
  });

  it('keeps edits of a published article aside until they are saved; the live article does not change', async () => {
    const created = (await editor('POST', '/api/admin/news', article)).json();
    const res = await editor('PUT', `/api/admin/news/${created.id}/autosave`, {
      ...article,
      title: 'تعديل لم يحفظ بعد',
      version: created.version,
    });
    expect(res.json()).toMatchObject({ target: 'autosave', version: created.version });
    expect((await t.app.inject(`/api/news/${created.id}`)).json().title).toBe(article.title);
    const opened = (await editor('GET', `/api/admin/news/${created.id}`)).json();
    expect(opened.autosave.payload.title).toBe('تعديل لم يحفظ بعد');
    // Another editor does not see it.
    expect((await admin('GET', `/api/admin/news/${created.id}`)).json().autosave).toBeNull();
    await editor('PUT', `/api/admin/news/${created.id}`, {
      ...article,
      title: 'تعديل محفوظ',
      version: created.version,
    });
    expect((await editor('GET', `/api/admin/news/${created.id}`)).json().autosave).toBeNull();
  });
});

describe('revisions', () => {
  it('keeps one per save that changes the text, lists them, and a save of a restored one says so', async () => {
    const created = (await editor('POST', '/api/admin/news', { ...article, title: 'الأصل' })).json();
    let version = created.version;
    for (const title of ['الثانية', 'الثالثة']) {
      version = (await editor('PUT', `/api/admin/news/${created.id}`, { ...article, title, version })).json().version;
    }
    // A save that changes nothing keeps no revision.
    version = (await editor('PUT', `/api/admin/news/${created.id}`, { ...article, title: 'الثالثة', version })).json()
      .version;
    const list = (await editor('GET', `/api/admin/news/${created.id}/revisions`)).json();
    expect(list.map((r: { title: string }) => r.title)).toEqual(['الثالثة', 'الثانية', 'الأصل']);
    expect(list[0]).toMatchObject({ adminName: 'wf-editor الكامل', reason: 'save' });
    const original = (await editor('GET', `/api/admin/news/${created.id}/revisions/${list[2].id}`)).json();
    expect(original).toMatchObject({ title: 'الأصل', content: '<p>نص الخبر</p>', category: 'libya' });

    // Restoring is done in the editor (the revision's text loaded for review): there is no call that changes the
    // published article by itself, and readers still see the last saved text.
    const direct = await editor('POST', `/api/admin/news/${created.id}/revisions/${list[2].id}/restore`, { version });
    expect(direct.statusCode).toBe(404);
    expect((await t.app.inject(`/api/news/${created.id}`)).json().title).toBe('الثالثة');

    // The editor's save of the restored text: readers see it, the revision and the audit log say "restore".
    const restored = await editor('PUT', `/api/admin/news/${created.id}`, {
      ...article,
      title: original.title,
      restoredFrom: list[2].id,
      version,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().title).toBe('الأصل');
    expect((await t.app.inject(`/api/news/${created.id}`)).json().title).toBe('الأصل');
    const after = (await editor('GET', `/api/admin/news/${created.id}/revisions`)).json();
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ title: 'الأصل', reason: 'restore' });
    const { rows } = await t.database.pool.query(
      "select action, details from audit_log where entity = 'news' and entity_id = $1 order by id desc limit 1",
      [String(created.id)],
    );
    expect(rows[0]).toMatchObject({ action: 'restore', details: { title: 'الأصل', revision: list[2].id } });
    // A stale save of a restored text is refused like any stale save; a revision of another article is refused.
    const stale = await editor('PUT', `/api/admin/news/${created.id}`, {
      ...article,
      restoredFrom: list[1].id,
      version,
    });
    expect(stale.statusCode).toBe(409);
    const other = (await editor('POST', '/api/admin/news', { ...article, title: 'خبر آخر' })).json();
    const foreign = await editor('PUT', `/api/admin/news/${other.id}`, {
      ...article,
      restoredFrom: list[2].id,
      version: other.version,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('النسخة المطلوبة غير موجودة');
  });
});

describe('creating', () => {
  it('answers a retried create (same Idempotency-Key) with the first article, once', async () => {
    const key = 'retry-key-0001';
    const first = await editor(
      'POST',
      '/api/admin/news',
      { ...article, title: 'مرة واحدة' },
      { 'idempotency-key': key },
    );
    const again = await editor(
      'POST',
      '/api/admin/news',
      { ...article, title: 'مرة واحدة' },
      { 'idempotency-key': key },
    );
    expect(again.json().id).toBe(first.json().id);
    const { rows } = await t.database.pool.query("select count(*)::int n from news where title = 'مرة واحدة'");
    expect(rows[0].n).toBe(1);
    expect((await editor('POST', '/api/admin/news', article, { 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
  });

  it('shows who else has the article open', async () => {
    const id = await inState('draft');
    expect((await writer('POST', `/api/admin/news/${id}/presence`)).json()).toEqual([]);
    const seen = (await editor('POST', `/api/admin/news/${id}/presence`)).json();
    expect(seen).toEqual([expect.objectContaining({ id: people.writer, fullName: 'wf-writer الكامل' })]);
    await writer('DELETE', `/api/admin/news/${id}/presence`);
    expect((await editor('POST', `/api/admin/news/${id}/presence`)).json()).toEqual([]);
    expect((await editor('POST', '/api/admin/news/987654/presence')).statusCode).toBe(404);
  });
});
