/** Bylines, authors, tags: on the article, its JSON-LD and RSS; author and tag pages; related news by shared tags. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let editor: ReturnType<typeof as>;
let writer: ReturnType<typeof as>;
const people: Record<string, number> = {};
let clock = new Date('2026-03-01T09:00:00Z').getTime();

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `وصف ${title}`,
  content: `<p>نص ${title}</p>`,
  category: 'libya',
  imageUrl: 'https://example.ly/a.jpg',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addCategory(t.database.db, { slug: 'sports', name: 'رياضة' });
  people.editor = (await addAdmin(t.database.db, 'links.editor', 'editor')).id;
  people.writer = (await addAdmin(t.database.db, 'links.writer', 'writer')).id;
  people.idle = (await addAdmin(t.database.db, 'links.idle', 'writer')).id;
  editor = as(t.app, (await login(t.app, 'links.editor')).cookie);
  writer = as(t.app, (await login(t.app, 'links.writer')).cookie);
});
afterAll(() => t.close());

describe('tags', () => {
  it('are created on the fly, matched whatever the alef or ta marbuta, and given an address in their own Arabic words', async () => {
    const a = (await editor('POST', '/api/admin/news', article('أ', { tags: ['الإعلام', 'كرة القدم'] }))).json();
    const b = (
      await editor('POST', '/api/admin/news', article('ب', { tags: ['الاعلام', 'كره القدم', 'الإعلام'] }))
    ).json();
    expect(a.tags).toEqual([
      { name: 'الإعلام', slug: 'الإعلام' },
      { name: 'كرة القدم', slug: 'كرة-القدم' },
    ]);
    expect(b.tags).toEqual(a.tags); // the same two tags, once each
    // Different words keep addresses of their own (a transliteration made صبر and سبر both «sbr»); two names that
    // differ only in punctuation share an address, and the second gets a suffix.
    const c = (
      await editor('POST', '/api/admin/news', article('ج', { tags: ['صبر', 'سبر', 'النفط!', 'النفط؟'] }))
    ).json();
    expect(c.tags.map((x: { slug: string }) => x.slug)).toEqual(['صبر', 'سبر', 'النفط', 'النفط-2']);
    // Suggestions while typing, folded the same way.
    const suggested = (await editor('GET', '/api/admin/tags?q=اعلا')).json();
    expect(suggested.map((x: { name: string }) => x.name)).toEqual(['الإعلام']);
  });

  it('have pages of their published articles, newest first, and 404 when nothing is published', async () => {
    clock += 60_000;
    const older = (await editor('POST', '/api/admin/news', article('قديم', { tags: ['المتوسط'] }))).json();
    clock += 60_000;
    const newer = (await editor('POST', '/api/admin/news', article('جديد', { tags: ['المتوسط'] }))).json();
    await editor('POST', '/api/admin/news', article('مسودة', { tags: ['المتوسط'], action: 'draft' }));
    await editor('POST', '/api/admin/news', article('وحيدة', { tags: ['بلا منشور'], action: 'draft' }));
    expect((await t.app.inject(`/api/tags/${encodeURIComponent('المتوسط')}`)).json()).toEqual({
      name: 'المتوسط',
      slug: 'المتوسط',
    });
    const list = (await t.app.inject(`/api/tags/${encodeURIComponent('المتوسط')}/news`)).json();
    expect(list.map((n: { id: number }) => n.id)).toEqual([newer.id, older.id]);
    expect((await t.app.inject('/api/tags/bla-mnshwr')).statusCode).toBe(404);
    expect((await t.app.inject(`/tag/${encodeURIComponent('المتوسط')}`)).statusCode).toBe(200);
    expect((await t.app.inject('/tag/bla-mnshwr')).statusCode).toBe(404);
  });

  it('make related news prefer articles sharing the most tags, even from another section', async () => {
    const main = (await editor('POST', '/api/admin/news', article('رئيسي', { tags: ['غدامس', 'التراث'] }))).json();
    const both = (
      await editor(
        'POST',
        '/api/admin/news',
        article('يشارك الوسمين', { category: 'sports', tags: ['غدامس', 'التراث'] }),
      )
    ).json();
    const one = (
      await editor('POST', '/api/admin/news', article('يشارك وسماً', { category: 'sports', tags: ['التراث'] }))
    ).json();
    await editor('POST', '/api/admin/news', article('نفس القسم بلا وسوم'));
    const related = (await t.app.inject(`/api/news/${main.id}/related`)).json().map((n: { id: number }) => n.id);
    expect(related.slice(0, 2)).toEqual([both.id, one.id]);
    expect(related).not.toContain(main.id);
  });
});

describe('bylines and authors', () => {
  it('name the authors and the byline on the article, in its JSON-LD (with keywords and dateModified) and in RSS', async () => {
    const created = (
      await editor(
        'POST',
        '/api/admin/news',
        article('تقرير مشترك', {
          authors: [people.writer, people.editor],
          byline: 'تقرير وترجمة: مكتب طرابلس',
          tags: ['الطاقة'],
        }),
      )
    ).json();
    const api = (await t.app.inject(`/api/news/${created.id}`)).json();
    expect(api.authors.map((a: { username: string }) => a.username)).toEqual(['links.writer', 'links.editor']);
    expect(api.byline).toBe('تقرير وترجمة: مكتب طرابلس');

    const html = (await t.app.inject({ url: `/news/${created.id}`, headers: { host: 'sahifa.test' } })).body;
    expect(html).toContain('تقرير وترجمة: مكتب طرابلس');
    expect(html).toContain('href="/author/links.writer"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld.author).toEqual([
      { '@type': 'Person', name: 'links.writer الكامل', url: 'http://sahifa.test/author/links.writer' },
      { '@type': 'Person', name: 'links.editor الكامل', url: 'http://sahifa.test/author/links.editor' },
    ]);
    expect(ld.keywords).toEqual(['الطاقة']);
    expect(ld.dateModified).toBe(ld.datePublished);
    expect(html).not.toContain('آخر تحديث');

    const rss = (await t.app.inject('/rss.xml')).body;
    expect(rss).toContain('<dc:creator>links.writer الكامل، links.editor الكامل</dc:creator>');

    // Edited an hour after publication: "آخر تحديث" and a later dateModified.
    clock += 3_600_000;
    await editor('PUT', `/api/admin/news/${created.id}`, {
      ...article('تقرير مشترك بعد التصحيح'),
      version: created.version,
    });
    const after = (await t.app.inject({ url: `/news/${created.id}`, headers: { host: 'sahifa.test' } })).body;
    expect(after).toContain('آخر تحديث');
    const ld2 = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(after)![1]!);
    expect(Date.parse(ld2.dateModified) - Date.parse(ld2.datePublished)).toBe(3_600_000);
  });

  it('have author pages with name, bio and avatar, and only for staff with published articles', async () => {
    const avatar = '/media/00000000-0000-4000-8000-000000000001/1200.webp';
    expect(
      (
        await writer('PUT', '/api/admin/me/profile', {
          fullName: 'كاتب الروابط',
          bio: 'يكتب عن الطاقة',
          avatarUrl: avatar,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject('/api/authors/links.writer')).json()).toEqual({
      username: 'links.writer',
      fullName: 'كاتب الروابط',
      bio: 'يكتب عن الطاقة',
      avatarUrl: avatar,
    });
    const list = (await t.app.inject('/api/authors/links.writer/news')).json();
    expect(list.map((n: { title: string }) => n.title)).toEqual(['تقرير مشترك بعد التصحيح']);
    const page = await t.app.inject('/author/links.writer');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('يكتب عن الطاقة');
    expect((await t.app.inject('/api/authors/links.idle')).statusCode).toBe(404);
    expect((await t.app.inject('/author/links.idle')).statusCode).toBe(404);
    expect((await t.app.inject('/author/nobody')).statusCode).toBe(404);
    // A profile's avatar must be an uploaded image, not any URL.
    expect(
      (
        await writer('PUT', '/api/admin/me/profile', {
          fullName: 'س',
          bio: '',
          avatarUrl: 'https://evil.example/x.png',
        })
      ).statusCode,
    ).toBe(400);
  });
});
