/**
 * The media library through its API: an agency photo's caption, credit and source come from its IPTC/XMP/EXIF fields
 * and its GPS position reaches no stored file; the library pages, searches (Arabic folded) and filters on the server;
 * alt text is required before an article showing the picture is published, with the picture named; a used picture is
 * not deleted (the articles are listed); what is said about a picture reaches readers of every article that shows it
 * (figures, galleries, the article's picture, its share image cut around the focal point).
 */
import fs from 'node:fs';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockHtml } from '../../../shared/media-blocks';
import { addAdmin, as, login, uploadFile } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { photoWithMetadata } from '../../test/photo-metadata';

let t: TestApp;
let editor: ReturnType<typeof as>;
let writer: ReturnType<typeof as>;
let editorCookie: string;
let writerCookie: string;

const TRIPOLI = { lat: 32.8872, lon: 13.1913 };

const upload = (cookie: string, content: Buffer, filename: string, type = 'image/jpeg') =>
  uploadFile(t.app, cookie, content, { filename, type });

const plainPng = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer();

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `وصف ${title}`,
  content: `<p>نص ${title}</p>`,
  category: 'libya',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'photo-editor', 'editor');
  await addAdmin(t.database.db, 'photo-writer', 'writer');
  editorCookie = (await login(t.app, 'photo-editor')).cookie!;
  writerCookie = (await login(t.app, 'photo-writer')).cookie!;
  editor = as(t.app, editorCookie);
  writer = as(t.app, writerCookie);
});
afterAll(() => t.close());

describe('upload', () => {
  it('fills caption, credit and source from IPTC (over XMP and EXIF) and keeps no GPS position in any stored file', async () => {
    const photo = await photoWithMetadata({
      exif: { description: 'وصف EXIF', artist: 'مصور EXIF', copyright: '© EXIF', gps: TRIPOLI },
      iptc: {
        caption: 'متظاهرون في ميدان الشهداء بطرابلس',
        credit: 'رويترز',
        source: 'وكالة رويترز للأنباء',
        byline: 'أحمد الطرابلسي',
      },
      xmp: { description: 'وصف XMP', credit: 'XMP credit' },
    });
    // The fixture really carries a position: the test would mean nothing otherwise.
    const before = await exifr.gps(photo);
    expect(before?.latitude).toBeCloseTo(TRIPOLI.lat, 2);

    const res = await upload(editorCookie, photo, 'agency.jpg');
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      caption: 'متظاهرون في ميدان الشهداء بطرابلس',
      credit: 'رويترز',
      source: 'وكالة رويترز للأنباء',
      alt: '',
      originalName: 'agency.jpg',
      useCount: 0,
    });
    const dir = path.join(t.config.dataDir, 'media', item.id);
    const files = fs.readdirSync(dir);
    expect(files.sort()).toEqual(['1200.webp', '400.webp', '800.webp', 'og.jpg']);
    for (const f of files) {
      const file = fs.readFileSync(path.join(dir, f));
      expect(await exifr.gps(file).catch(() => undefined), f).toBeUndefined();
      expect((await sharp(file).metadata()).exif, f).toBeUndefined();
    }
    // …and readers are served exactly those files.
    const served = await t.app.inject(`/media/${item.id}/1200.webp`);
    expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();
  });

  it('falls back to XMP, then EXIF, when a field is missing from IPTC', async () => {
    const xmpOnly = await upload(
      editorCookie,
      await photoWithMetadata({ xmp: { description: 'غروب على شاطئ جنزور', credit: 'فرانس برس' } }),
      'afp.jpg',
    );
    expect(xmpOnly.json()).toMatchObject({ caption: 'غروب على شاطئ جنزور', credit: 'فرانس برس' });
    const exifOnly = await upload(
      editorCookie,
      await photoWithMetadata({ exif: { description: 'سوق الترك', artist: 'سالم', copyright: '© سالم' } }),
      'exif.jpg',
    );
    expect(exifOnly.json()).toMatchObject({ caption: 'سوق الترك', credit: 'سالم', source: '© سالم' });
  });
});

describe('the library', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    // 30 pictures by two people over three days, a few with words to find.
    const { pool } = t.database;
    const editorId = (await pool.query(`select id from admins where username = 'photo-editor'`)).rows[0].id;
    const writerId = (await pool.query(`select id from admins where username = 'photo-writer'`)).rows[0].id;
    const rows = await pool.query<{ id: string }>(
      `insert into media (original_name, source_type, width, height, widths, bytes, caption, credit, alt, created_by, created_at)
       select 'p' || i || '.jpg', 'jpeg', 1200, 800, '{400,800,1200}', 1000,
         case when i = 3 then 'الرئيس إبراهيم يصل إلى المدرسة' when i = 4 then 'مدرسة في سبها' else 'صورة ' || i end,
         case when i % 5 = 0 then 'رويترز' else 'تصوير: الصحيفة' end,
         '', case when i % 2 = 0 then $1::int else $2::int end,
         timestamptz '2026-05-01 10:00+02' + (i / 10) * interval '1 day' + i * interval '1 minute'
       from generate_series(1, 30) i returning id`,
      [editorId, writerId],
    );
    ids = rows.rows.map((r) => r.id);
  });

  const page = async (query: string) => {
    const res = await editor('GET', `/api/admin/media${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json() as { id: string; caption: string; credit: string }[], headers: res.headers };
  };

  it('pages on the server, newest first, with the position in headers', async () => {
    const first = await page('?pageSize=10');
    expect(first.items).toHaveLength(10);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(30);
    const second = await page('?pageSize=10&page=2');
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
  });

  it('searches alt, caption and credit with Arabic folding, as the site search does', async () => {
    // «ابراهيم» finds «إبراهيم», «مدرسه» finds «المدرسة» and «مدرسة».
    expect((await page(`?q=${encodeURIComponent('ابراهيم')}`)).items.map((i) => i.caption)).toEqual([
      'الرئيس إبراهيم يصل إلى المدرسة',
    ]);
    expect((await page(`?q=${encodeURIComponent('مدرسه')}`)).items.map((i) => i.caption).sort()).toEqual(
      ['الرئيس إبراهيم يصل إلى المدرسة', 'مدرسة في سبها'].sort(),
    );
    const reuters = await page(`?q=${encodeURIComponent('رويترز')}&pageSize=50`);
    expect(reuters.items.length).toBeGreaterThanOrEqual(6);
    expect(reuters.items.every((i) => i.credit === 'رويترز' || /رويترز/.test(JSON.stringify(i)))).toBe(true);
    expect((await page(`?q=${encodeURIComponent('لا شيء يطابق هذا')}`)).items).toEqual([]);
  });

  it('filters by uploader and by Tripoli day', async () => {
    const { pool } = t.database;
    const writerId = (await pool.query(`select id from admins where username = 'photo-writer'`)).rows[0].id;
    const mine = await page(`?uploader=${writerId}&pageSize=50`);
    expect(mine.items.length).toBe(15);
    const day = await page('?from=2026-05-02&to=2026-05-02&pageSize=50');
    // i = 10 … 19 fall on the second day.
    expect(day.items.map((i) => i.caption).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `صورة ${k + 10}`).sort(),
    );
    expect((await editor('GET', '/api/admin/media?from=2026-13-01')).statusCode).toBe(400);
  });

  it('lists who has uploaded (the uploader filter)', async () => {
    const res = await editor('GET', '/api/admin/media/uploaders');
    expect(res.json().map((u: { fullName: string }) => u.fullName)).toEqual(
      expect.arrayContaining(['photo-editor الكامل', 'photo-writer الكامل']),
    );
  });

  it('is the newsroom’s only: readers get 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/media' });
    expect(res.statusCode).toBe(401);
    expect(ids.length).toBe(30);
  });
});

describe('alt text, use and delete', () => {
  let picture: { id: string; url: string };
  let second: { id: string; url: string };

  beforeAll(async () => {
    picture = (await upload(editorCookie, await plainPng('#1e3a8a'), 'port.png', 'image/png')).json();
    second = (await upload(editorCookie, await plainPng('#7c3aed'), 'crowd.png', 'image/png')).json();
    await editor('PUT', `/api/admin/media/${second.id}`, { caption: 'حشود في الكورنيش', credit: 'فرانس برس' });
  });

  it('refuses to publish while a picture the article shows has no alt text, naming it', async () => {
    const res = await editor('POST', '/api/admin/news', article('ميناء بلا وصف', { imageUrl: picture.url }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MEDIA_ALT_MISSING');
    expect(res.json().message).toContain('«port.png»');
    expect(res.json().details).toEqual([expect.objectContaining({ path: 'imageUrl' })]);
    // Nothing was written.
    expect((await t.database.pool.query(`select 1 from news where title = 'ميناء بلا وصف'`)).rowCount).toBe(0);

    // A draft may wait for it…
    const draft = await editor(
      'POST',
      '/api/admin/news',
      article('ميناء بلا وصف', { imageUrl: picture.url, content: blockHtml.figure(second.id), action: 'draft' }),
    );
    expect(draft.statusCode).toBe(201);
    // …and a body's picture is named by its caption.
    await editor('PUT', `/api/admin/media/${picture.id}`, { alt: 'رافعات ميناء طرابلس عند الغروب' });
    const publish = await editor('POST', `/api/admin/news/${draft.json().id}/transition`, { action: 'publish' });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().message).toContain('«حشود في الكورنيش»');
    await editor('PUT', `/api/admin/media/${second.id}`, {
      alt: 'حشود على كورنيش طرابلس',
      caption: 'حشود في الكورنيش',
      credit: 'فرانس برس',
    });
    expect(
      (await editor('POST', `/api/admin/news/${draft.json().id}/transition`, { action: 'publish' })).statusCode,
    ).toBe(200);
  });

  it('keeps the alt text while a published article shows the picture', async () => {
    const res = await editor('PUT', `/api/admin/media/${picture.id}`, { alt: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('ميناء بلا وصف');
  });

  it('shows where each picture is used, and refuses to delete a used one with the list of articles', async () => {
    const item = (await editor('GET', `/api/admin/media/${second.id}`)).json();
    expect(item.useCount).toBe(1);
    expect(item.uses[0]).toMatchObject({ title: 'ميناء بلا وصف', status: 'published' });
    const del = await editor('DELETE', `/api/admin/media/${second.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('MEDIA_IN_USE');
    expect(del.json().message).toContain('«ميناء بلا وصف»');
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', second.id, '800.webp'))).toBe(true);
    // Unused: deleted, files and all.
    const spare = (await upload(editorCookie, await plainPng('#047857'), 'spare.png', 'image/png')).json();
    expect((await editor('DELETE', `/api/admin/media/${spare.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', spare.id))).toBe(false);
  });

  it('lets a writer describe their own uploads only, and never delete', async () => {
    const own = (await upload(writerCookie, await plainPng('#0f766e'), 'mine.png', 'image/png')).json();
    expect((await writer('PUT', `/api/admin/media/${own.id}`, { alt: 'صورتي' })).statusCode).toBe(200);
    const other = await writer('PUT', `/api/admin/media/${picture.id}`, { alt: 'تغيير' });
    expect(other.statusCode).toBe(403);
    expect((await writer('DELETE', `/api/admin/media/${own.id}`)).statusCode).toBe(403);
  });

  it('tells readers the current alt, caption and credit wherever the picture is shown', async () => {
    const { id } = (await t.database.pool.query(`select id from news where title = 'ميناء بلا وصف'`)).rows[0] as {
      id: number;
    };
    await editor('PUT', `/api/admin/media/${second.id}`, {
      alt: 'حشود على كورنيش طرابلس',
      caption: 'آلاف على الكورنيش مساء الجمعة',
      credit: 'فرانس برس',
    });
    const a = (await t.app.inject(`/api/news/${id}`)).json();
    expect(a.imageInfo).toMatchObject({ alt: 'رافعات ميناء طرابلس عند الغروب' });
    expect(a.content).toContain('<figure class="article-figure">');
    expect(a.content).toContain('alt="حشود على كورنيش طرابلس"');
    expect(a.content).toMatch(
      /<figcaption>آلاف على الكورنيش مساء الجمعة <span class="article-credit">الصورة: فرانس برس<\/span><\/figcaption>/,
    );
    // The list item carries the picture's alt for cards and the slider.
    const list = (await t.app.inject('/api/news?limit=5')).json() as { id: number; imageInfo: { alt: string } }[];
    expect(list.find((n) => n.id === id)?.imageInfo.alt).toBe('رافعات ميناء طرابلس عند الغروب');
  });

  it('cuts the share image around a chosen focal point and points the page at it', async () => {
    const res = await editor('PUT', `/api/admin/media/${picture.id}`, {
      alt: 'رافعات ميناء طرابلس عند الغروب',
      focusX: 20,
      focusY: 70,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ focusX: 20, focusY: 70 });
    const og = path.join(t.config.dataDir, 'media', picture.id, 'og-20-70.jpg');
    expect(fs.existsSync(og)).toBe(true);
    expect(await sharp(og).metadata()).toMatchObject({ width: 1200, height: 630 });
    const { id } = (await t.database.pool.query(`select id from news where title = 'ميناء بلا وصف'`)).rows[0];
    const page = await t.app.inject(`/news/${id}`);
    expect(page.body).toContain(`/media/${picture.id}/og-20-70.jpg`);
    expect((await t.app.inject(`/media/${picture.id}/og-20-70.jpg`)).statusCode).toBe(200);
    // A half-set focal point is refused.
    expect((await editor('PUT', `/api/admin/media/${picture.id}`, { alt: 'x', focusX: 10 })).statusCode).toBe(400);
  });
});
