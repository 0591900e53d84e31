/**
 * Live coverage over HTTP: each role × each action, tombstones, the shared poll (ETag/304, its interval, ending),
 * paging by cursor while entries arrive, drafts never public, sanitising, stale edits, the «مباشر» flag of lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEntry, LiveSnapshot, LiveUpdates } from '../../../shared/schemas/live';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews, hoursAgo } from '../../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';

let t: TestApp;
type Client = ReturnType<typeof as>;
let writer: Client;
let otherWriter: Client;
let editor: Client;
let admin: Client;
const ids: Record<string, number> = {};

const entry = (text: string, extra: Record<string, unknown> = {}) => ({ body: `<p>${text}</p>`, ...extra });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ LIVE_POLL_SECONDS: '7' }) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  ids.writer = (await addAdmin(t.database.db, 'lv-writer', 'writer')).id;
  ids.other = (await addAdmin(t.database.db, 'lv-other', 'writer')).id;
  ids.editor = (await addAdmin(t.database.db, 'lv-editor', 'editor')).id;
  ids.admin = (await addAdmin(t.database.db, 'lv-admin', 'admin')).id;
  writer = as(t.app, (await login(t.app, 'lv-writer')).cookie);
  otherWriter = as(t.app, (await login(t.app, 'lv-other')).cookie);
  editor = as(t.app, (await login(t.app, 'lv-editor')).cookie);
  admin = as(t.app, (await login(t.app, 'lv-admin')).cookie);
});
afterAll(() => t.close());

/** A published article written by the writer (one of its authors). */
async function article(status: 'published' | 'draft' = 'published') {
  const row = await addNews(t.database.db, {
    category: 'libya',
    status,
    publishedAt: status === 'published' ? hoursAgo(1) : null,
    authorId: ids.writer!,
  });
  await t.database.pool.query('insert into news_authors (news_id, admin_id) values ($1, $2)', [row.id, ids.writer]);
  return row.id;
}

async function coverage(status: 'published' | 'draft' = 'published') {
  const id = await article(status);
  expect((await editor('POST', '/api/admin/live', { newsId: id })).statusCode).toBe(201);
  return id;
}

async function post(client: Client, id: number, text: string, extra: Record<string, unknown> = {}) {
  const res = await client('POST', `/api/admin/live/${id}/entries`, entry(text, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LiveEntry>();
}

describe('who may do what', () => {
  it('starts coverage: editors and admins, never writers; twice is a conflict', async () => {
    const a = await article();
    const refused = await writer('POST', '/api/admin/live', { newsId: a });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/للمحررين/);
    expect((await admin('POST', '/api/admin/live', { newsId: a })).statusCode).toBe(201);
    expect((await editor('POST', '/api/admin/live', { newsId: a })).json().code).toBe('ALREADY_LIVE');
    expect((await editor('POST', '/api/admin/live', { newsId: 999_999 })).statusCode).toBe(404);
  });

  it('posts: the writers of the coverage and editors; another writer is refused', async () => {
    const id = await coverage();
    const mine = await post(writer, id, 'من الكاتب');
    expect(mine.authors.map((a) => a.username)).toEqual(['lv-writer']);
    await post(editor, id, 'من المحرر');
    const refused = await otherWriter('POST', `/api/admin/live/${id}/entries`, entry('من كاتب آخر'));
    expect(refused.statusCode).toBe(403);
    const list = (await otherWriter('GET', '/api/admin/live')).json<{ newsId: number; canPost: boolean }[]>();
    expect(list.find((c) => c.newsId === id)?.canPost).toBe(false);
    expect(
      (await writer('GET', '/api/admin/live'))
        .json<{ newsId: number; canPost: boolean }[]>()
        .find((c) => c.newsId === id)?.canPost,
    ).toBe(true);
  });

  it('edits and deletes: writers their own entries only, editors anyone’s; an editor’s edit names both', async () => {
    const id = await coverage();
    const byEditor = await post(editor, id, 'للمحرر');
    const byWriter = await post(writer, id, 'للكاتب');
    const url = (e: LiveEntry) => `/api/admin/live/${id}/entries/${e.id}`;
    expect((await writer('PUT', url(byEditor), { ...entry('تعديل'), version: 1 })).statusCode).toBe(403);
    expect((await writer('DELETE', url(byEditor))).statusCode).toBe(403);
    const edited = await writer('PUT', url(byWriter), { ...entry('تعديل الكاتب'), version: 1, keyEvent: 'حدث' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<LiveEntry>().keyEvent).toBe('حدث');
    const byBoth = await editor('PUT', url(byWriter), { ...entry('تصحيح المحرر'), version: 2 });
    expect(byBoth.json<LiveEntry>().authors.map((a) => a.username)).toEqual(['lv-writer', 'lv-editor']);
    expect((await editor('DELETE', url(byWriter))).statusCode).toBe(200);
    expect((await editor('DELETE', url(byWriter))).statusCode).toBe(404);
  });

  it('pins, ends and reopens: editors only; nothing is posted to ended coverage', async () => {
    const id = await coverage();
    const e = await post(writer, id, 'للتثبيت');
    expect((await writer('PUT', `/api/admin/live/${id}/pin`, { entryId: e.id })).statusCode).toBe(403);
    expect((await editor('PUT', `/api/admin/live/${id}/pin`, { entryId: e.id })).json().pinnedId).toBe(e.id);
    expect((await writer('PUT', `/api/admin/live/${id}/state`, { state: 'ended' })).statusCode).toBe(403);
    const ended = await editor('PUT', `/api/admin/live/${id}/state`, { state: 'ended' });
    expect(ended.json().state).toBe('ended');
    expect(ended.json().endedAt).not.toBeNull();
    const late = await writer('POST', `/api/admin/live/${id}/entries`, entry('متأخر'));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('LIVE_ENDED');
    expect((await editor('PUT', `/api/admin/live/${id}/state`, { state: 'live' })).json().state).toBe('live');
    await post(writer, id, 'بعد الاستئناف');
  });

  it('keeps every action in the audit log', async () => {
    const id = await coverage();
    const e = await post(writer, id, 'للسجل');
    await editor('PUT', `/api/admin/live/${id}/pin`, { entryId: e.id });
    await editor('PUT', `/api/admin/live/${id}/entries/${e.id}`, { ...entry('معدل'), version: 1 });
    await editor('DELETE', `/api/admin/live/${id}/entries/${e.id}`);
    await editor('PUT', `/api/admin/live/${id}/state`, { state: 'ended' });
    const { rows } = await t.database.pool.query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from audit_log where entity = 'live' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(
      rows.map((r) => [
        r.action,
        Object.keys(r.details ?? {})
          .sort()
          .join(','),
      ]),
    ).toEqual([
      ['create', 'title'],
      ['create', 'entry'],
      ['update', 'pinned'],
      ['update', 'entry'],
      ['delete', 'entry'],
      ['update', 'state'],
    ]);
  });
});

describe('what readers get', () => {
  it('cleans entries like articles and refuses what is not a YouTube or X link', async () => {
    const id = await coverage();
    const e = await post(editor, id, 'نص<script>alert(1)</script> <a href="javascript:alert(1)">رابط</a>');
    expect(e.body).not.toMatch(/script|javascript/);
    const bad = await editor(
      'POST',
      `/api/admin/live/${id}/entries`,
      entry('فيديو', { embedUrl: 'https://evil.example/v' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.embedUrl');
    const empty = await editor('POST', `/api/admin/live/${id}/entries`, { body: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    const video = await post(editor, id, 'فيديو', { embedUrl: 'https://www.youtube.com/watch?v=abc' });
    expect(video.embedUrl).toBe('https://www.youtube.com/watch?v=abc');
  });

  it('refuses a stale edit with who changed it, and saves nothing of it', async () => {
    const id = await coverage();
    const e = await post(writer, id, 'الأصل');
    await editor('PUT', `/api/admin/live/${id}/entries/${e.id}`, { ...entry('تصحيح'), version: 1 });
    const stale = await writer('PUT', `/api/admin/live/${id}/entries/${e.id}`, { ...entry('قديم'), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('lv-editor الكامل');
    const snap = (await get(`/api/live/${id}`)).json<LiveSnapshot>();
    expect(snap.entries[0]!.body).toBe('<p>تصحيح</p>');
  });

  it('serves the page snapshot: pinned entry, key events, newest first', async () => {
    const id = await coverage();
    const first = await post(writer, id, 'الأول', { keyEvent: 'بداية' });
    await post(writer, id, 'الثاني');
    await editor('PUT', `/api/admin/live/${id}/pin`, { entryId: first.id });
    const snap = (await get(`/api/live/${id}`)).json<LiveSnapshot>();
    expect(snap.coverage?.state).toBe('live');
    expect(snap.coverage?.interval).toBe(7);
    expect(snap.pinned?.id).toBe(first.id);
    expect(snap.pinned?.pinned).toBe(true);
    expect(snap.coverage?.keyEvents.map((k) => [k.id, k.label])).toEqual([[first.id, 'بداية']]);
    expect(snap.entries.map((e) => e.body)).toEqual(['<p>الثاني</p>', '<p>الأول</p>']);
    const plain = (await get(`/api/live/${await article()}`)).json<LiveSnapshot>();
    expect(plain).toEqual({ coverage: null, pinned: null, entries: [], next: null });
  });

  it('polls one shared URL: ETag and 304, new entries, edits and tombstones, then 0 once ended', async () => {
    const id = await coverage();
    const a = await post(writer, id, 'أ');
    const b = await post(writer, id, 'ب');
    const url = `/api/live/${id}/updates`;
    const first = await get(url);
    const u1 = first.json<LiveUpdates>();
    expect(u1.coverage.interval).toBe(7);
    expect(u1.since).toBe(0);
    expect(u1.changes.map((c) => c.id)).toEqual([a.id, b.id]);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toMatch(/max-age=0/);
    expect(String(first.headers['surrogate-key'])).toContain(`live:${id}`);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    await writer('PUT', `/api/admin/live/${id}/entries/${a.id}`, { ...entry('أ مصححة'), version: 1 });
    await editor('DELETE', `/api/admin/live/${id}/entries/${b.id}`);
    const c = await post(writer, id, 'ج');
    const next = await get(url, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
    const u2 = next.json<LiveUpdates>();
    const after = u2.changes.filter((ch) => ch.seq > u1.coverage.seq);
    expect(after.map((ch) => [ch.id, ch.deleted])).toEqual([
      [a.id, false],
      [b.id, true],
      [c.id, false],
    ]);
    expect(after[0]!.deleted === false && after[0]!.body).toBe('<p>أ مصححة</p>');
    expect(after[0]!.version).toBe(2);
    // The tombstone reaches the page snapshot as an absence, never as the old text.
    expect((await get(`/api/live/${id}`)).json<LiveSnapshot>().entries.map((e) => e.id)).toEqual([c.id, a.id]);

    await editor('PUT', `/api/admin/live/${id}/state`, { state: 'ended' });
    const ended = (await get(url)).json<LiveUpdates>();
    expect(ended.coverage.state).toBe('ended');
    expect(ended.coverage.interval).toBe(0);
  });

  it('keeps a window of the latest changes and says where it starts', async () => {
    const id = await coverage();
    for (let i = 0; i < 55; i++) await post(editor, id, `تحديث ${i}`);
    const u = (await get(`/api/live/${id}/updates`)).json<LiveUpdates>();
    expect(u.changes).toHaveLength(50);
    expect(u.since).toBe(u.changes[0]!.seq - 1);
    expect(u.changes.at(-1)!.seq).toBe(u.coverage.seq);
  });

  it('pages older entries by cursor without duplicates or gaps while new ones arrive', async () => {
    const id = await coverage();
    const posted: number[] = [];
    for (let i = 0; i < 45; i++) posted.push((await post(editor, id, `قديم ${i}`)).id);
    const first = (await get(`/api/live/${id}`)).json<LiveSnapshot>();
    expect(first.entries).toHaveLength(20);
    for (let i = 0; i < 5; i++) await post(editor, id, `جديد ${i}`);
    const seen = first.entries.map((e) => e.id);
    let next = first.next;
    while (next) {
      const page = await get(`/api/live/${id}/entries?before=${encodeURIComponent(next)}`);
      expect(page.statusCode).toBe(200);
      const body = page.json<{ entries: LiveEntry[]; next: string | null }>();
      seen.push(...body.entries.map((e) => e.id));
      next = body.next;
    }
    expect(seen).toEqual([...posted].reverse());
    expect((await get(`/api/live/${id}/entries?before=nonsense`)).statusCode).toBe(400);
  });

  it('shows nothing of coverage whose article readers cannot see', async () => {
    const id = await coverage('draft');
    await post(writer, id, 'مسودة');
    expect((await get(`/api/live/${id}`)).json<LiveSnapshot>().coverage).toBeNull();
    expect((await get(`/api/live/${id}/updates`)).statusCode).toBe(404);
    expect((await get(`/api/live/${id}/entries?before=2026-01-01T00:00:00.000Z~1`)).statusCode).toBe(404);
    expect((await editor('GET', `/api/admin/live/${id}`)).json().changes).toHaveLength(1);
  });

  it('marks list items live while the coverage is live, and only then', async () => {
    const id = await coverage();
    const inList = async () =>
      (await get('/api/news?limit=50')).json<{ id: number; live: boolean }[]>().find((n) => n.id === id)?.live;
    expect(await inList()).toBe(true);
    // An entry drops the coverage's answers only, never the lists.
    const cached = await get('/api/news?limit=50');
    expect((await get('/api/news?limit=50')).headers['x-cache']).toBe('HIT');
    await post(writer, id, 'لا يمس القوائم');
    expect((await get('/api/news?limit=50')).headers['x-cache']).toBe('HIT');
    expect(cached.statusCode).toBe(200);
    await editor('PUT', `/api/admin/live/${id}/state`, { state: 'ended' });
    expect(await inList()).toBe(false);
  });
});

describe('the live desk', () => {
  it('lists every entry first, then only the changes after the seq it has, tombstones included', async () => {
    const id = await coverage();
    const a = await post(writer, id, 'أ');
    const b = await post(editor, id, 'ب');
    const desk = (await writer('GET', `/api/admin/live/${id}`)).json<{
      coverage: { seq: number; canPost: boolean };
      changes: { id: number }[];
    }>();
    expect(desk.coverage.canPost).toBe(true);
    expect(desk.changes.map((c) => c.id)).toEqual([b.id, a.id]);
    await editor('DELETE', `/api/admin/live/${id}/entries/${a.id}`);
    const c = await post(editor, id, 'ج');
    const since = (await writer('GET', `/api/admin/live/${id}?since=${desk.coverage.seq}`)).json<{
      changes: { id: number; deleted: boolean }[];
    }>();
    expect(since.changes.map((ch) => [ch.id, ch.deleted])).toEqual([
      [a.id, true],
      [c.id, false],
    ]);
    expect((await writer('GET', `/api/admin/live/999999`)).statusCode).toBe(404);
  });
});

describe('structured data', () => {
  const jsonLd = async (id: number) => {
    const res = await get(`/news/${id}`);
    expect(res.statusCode).toBe(200);
    const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body);
    expect(m).not.toBeNull();
    return JSON.parse(m![1]!) as Record<string, unknown> & { liveBlogUpdate?: Record<string, unknown>[] };
  };

  it('describes a coverage page as LiveBlogPosting with every entry a BlogPosting at its anchor', async () => {
    const id = await coverage();
    const a = await post(writer, id, 'الأمطار تهطل <b>بغزارة</b> &amp; الرياح قوية', { keyEvent: 'بداية العاصفة' });
    const b = await post(editor, id, 'تعليق الدراسة غداً', {
      imageUrl: '/media/00000000-0000-4000-8000-000000000002/1200.webp',
    });
    await editor('PUT', `/api/admin/live/${id}/pin`, { entryId: a.id });
    const ld = await jsonLd(id);
    expect(ld['@type']).toBe('LiveBlogPosting');
    for (const key of [
      'headline',
      'description',
      'url',
      'mainEntityOfPage',
      'datePublished',
      'dateModified',
      'author',
      'publisher',
      'image',
      'coverageStartTime',
      'liveBlogUpdate',
    ])
      expect(ld, key).toHaveProperty(key);
    expect(ld).not.toHaveProperty('coverageEndTime');
    expect(Date.parse(String(ld.dateModified))).toBeGreaterThanOrEqual(Date.parse(b.createdAt));
    const updates = ld.liveBlogUpdate!;
    expect(updates.map((u) => u.url)).toEqual([`${ld.url}#entry-${a.id}`, `${ld.url}#entry-${b.id}`]);
    for (const u of updates) {
      expect(u['@type']).toBe('BlogPosting');
      for (const key of ['headline', 'articleBody', 'datePublished', 'dateModified', 'author', 'publisher', 'url'])
        expect(u, key).toHaveProperty(key);
      expect((u.author as { '@type': string; name: string }[])[0]).toMatchObject({ '@type': 'Person' });
    }
    expect(updates[0]).toMatchObject({ headline: 'بداية العاصفة', articleBody: 'الأمطار تهطل بغزارة & الرياح قوية' });
    expect(updates[1]!.image).toEqual([expect.stringMatching(/^http.*\/media\/.*1200\.webp$/)]);

    await editor('PUT', `/api/admin/live/${id}/state`, { state: 'ended' });
    const ended = await jsonLd(id);
    expect(Date.parse(String(ended.coverageEndTime))).toBeGreaterThan(Date.parse(String(ended.coverageStartTime)));
    // An ordinary article stays a NewsArticle.
    expect((await jsonLd(await article()))['@type']).toBe('NewsArticle');
  });
});
