import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { addAdmin, login, uploadFile } from '../../test/admin-client';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await addAdmin(t.database.db, 'writer', 'editor');
  cookie = (await login(t.app, 'writer')).cookie!;
});
afterAll(() => t.close());

const upload = (content: Buffer, filename: string, type: string) =>
  uploadFile(t.app, cookie, content, { filename, type });

it('stores an uploaded image re-encoded as WebP at three widths plus a share image', async () => {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();
  const res = await upload(png, 'photo.png', 'image/png');
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.url).toBe(`/media/${body.id}/1200.webp`);
  expect(body.srcset).toContain('400w');
  for (const f of ['400.webp', '800.webp', '1200.webp', 'og.jpg'])
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', body.id, f)), f).toBe(true);
  expect((await sharp(path.join(t.config.dataDir, 'media', body.id, '800.webp')).metadata()).width).toBe(800);
  const served = await t.app.inject(body.url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
});

it('judges the type by content: SVG, text and a lying extension are refused', async () => {
  const svg = await upload(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'x.svg',
    'image/svg+xml',
  );
  expect(svg.statusCode).toBe(415);
  expect(svg.json().message).toBe('نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP');
  expect((await upload(Buffer.from('just text'), 'photo.jpg', 'image/jpeg')).statusCode).toBe(415);
});

it('refuses an empty file and a canvas over 40 megapixels before decoding it, with clear messages', async () => {
  const mediaBefore = (await t.database.pool.query('select count(*)::int n from media')).rows[0].n;
  const empty = await upload(Buffer.alloc(0), 'empty.jpg', 'image/jpeg');
  expect(empty.statusCode).toBe(400);
  expect(empty.json().message).toBe('الملف المرسل فارغ؛ اختر صورة أخرى');
  // 7,000 × 7,000 of one colour: a few kilobytes of PNG, 49 megapixels of work.
  const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(huge.length).toBeLessThan(1024 * 1024);
  const res = await upload(huge, 'huge.png', 'image/png');
  expect(res.statusCode).toBe(413);
  expect(res.json().message).toBe('أبعاد الصورة أكبر من المسموح (40 ميغابكسل)؛ صغّر الصورة ثم أعد المحاولة');
  expect((await t.database.pool.query('select count(*)::int n from media')).rows[0].n).toBe(mediaBefore);
});

it('refuses a file over 10 MB with a clear message', async () => {
  const res = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg');
  expect(res.statusCode).toBe(413);
  expect(res.json().message).toBe('حجم الصورة أكبر من 10 ميغابايت');
});
