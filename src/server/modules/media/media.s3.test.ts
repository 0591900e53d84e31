/**
 * The app on the s3 media driver (a real S3-protocol server): uploads land in the bucket, the app streams them to
 * readers, MEDIA_PUBLIC_URL points pages at the CDN, deletes clean up, and no row ever exists without its files
 * (or files without their row).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setMediaBase } from '../../../shared/media';
import { addAdmin, as, login, uploadFile } from '../../test/admin-client';
import { addCategory, addNews } from '../../test/fixtures';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3';
import { s3MediaStore } from './media.store';

const CDN = 'https://cdn.sahifa.test/media';
let s3: TestS3;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ config: testConfig({ ...s3.env, MEDIA_PUBLIC_URL: `${CDN}/` }) });
  await addAdmin(t.database.db, 'chief', 'editor');
  cookie = (await login(t.app, 'chief')).cookie!;
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  setMediaBase(undefined);
});

const bucket = () => s3MediaStore(s3.options);
const keys = async () => {
  const out: string[] = [];
  for await (const f of bucket().list()) out.push(f.key);
  return out.sort();
};
const mediaRows = async () => (await t.database.pool.query('select id from media order by id')).rows.map((r) => r.id);

const upload = (content: Buffer) => uploadFile(t.app, cookie, content, { filename: 'p.png' });
const png = (background: string) =>
  sharp({ create: { width: 1400, height: 800, channels: 3, background } })
    .png()
    .toBuffer();

it('stores every size and the share image in the bucket, and the app serves them from there', async () => {
  const res = await upload(await png('#0f766e'));
  expect(res.statusCode).toBe(201);
  const { id, url, srcset } = res.json();
  expect(url).toBe(`/media/${id}/1200.webp`); // what the article keeps: the same for any storage
  expect(srcset).toContain(`${CDN}/${id}/400.webp 400w`);
  expect(await keys()).toEqual([`${id}/1200.webp`, `${id}/400.webp`, `${id}/800.webp`, `${id}/og.jpg`]);

  const served = await t.app.inject(`/media/${id}/800.webp`);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toContain('immutable');
  // Shown by pages on another origin too (a CDN's address): not the site's same-origin resource policy.
  expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const head = await t.app.inject({ method: 'HEAD', url: `/media/${id}/800.webp` });
  expect(head.statusCode).toBe(200);
  expect(head.headers['content-length']).toBe(String(served.rawPayload.length));
  expect(head.rawPayload.length).toBe(0);
  expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
  const again = await t.app.inject({ url: `/media/${id}/800.webp`, headers: { 'if-none-match': served.headers.etag } });
  expect(again.statusCode).toBe(304);
  expect((await t.app.inject(`/media/${id}/999.webp`)).statusCode).toBe(404);
  expect((await t.app.inject(`/media/not-an-id/400.webp`)).statusCode).toBe(404);
});

it('points pages, share previews and feeds at MEDIA_PUBLIC_URL', async () => {
  const { id, url } = (await upload(await png('#1d4ed8'))).json();
  const article = await addNews(t.database.db, { category: 'libya', title: 'خبر بصورة من الحاوية', imageUrl: url });
  const page = await t.app.inject({ url: `/news/${article.id}`, headers: { host: 'sahifa.test' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`src="${CDN}/${id}/1200.webp"`);
  expect(page.body).toContain(`${CDN}/${id}/800.webp 800w`);
  expect(page.body).toContain(`<meta property="og:image" content="${CDN}/${id}/og.jpg">`);
  expect(page.body).not.toMatch(/src="\/media\//);
  const rss = await t.app.inject({ url: '/rss.xml', headers: { host: 'sahifa.test' } });
  expect(rss.body).toContain(`url="${CDN}/${id}/1200.webp"`);
  // The reader app in the browser is told the same base.
  expect(page.body).toContain(`"mediaBase":"${CDN}"`);
});

it('a failed upload leaves nothing: no row without its files, no files without a row', async () => {
  const rowsBefore = await mediaRows();
  const keysBefore = await keys();
  // The bucket unreachable: an Arabic 503 and no row.
  const down = await createTestApp({
    config: testConfig({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' }),
  });
  try {
    await addAdmin(down.database.db, 'chief', 'editor');
    const c = (await login(down.app, 'chief')).cookie!;
    const res = await uploadFile(down.app, c, await png('#7c2d12'), { filename: 'p.png', type: null });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('تعذّر حفظ الصورة الآن؛ لم يُحفظ شيء، أعد المحاولة بعد قليل');
    expect((await down.database.pool.query('select count(*)::int n from media')).rows[0].n).toBe(0);
    // Reading from it: an Arabic 503 that is not kept, never a 500.
    const read = await down.app.inject('/media/00000000-0000-4000-8000-000000000001/400.webp');
    expect(read.statusCode).toBe(503);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json().message).toMatch(/[\u0600-\u06FF]/);
  } finally {
    await down.close();
  }
  // The row cannot be written (an account that no longer exists): the files already in the bucket go again.
  await expect(
    t.app.modules.media.upload({ id: 987654, username: 'ghost' }, await png('#a16207'), 'p.png'),
  ).rejects.toThrow();
  expect(await mediaRows()).toEqual(rowsBefore);
  expect(await keys()).toEqual(keysBefore);
});

it('deletes an unused image with its files, and refuses one an article shows', async () => {
  const { id, url } = (await upload(await png('#be123c'))).json();
  const api = as(t.app, cookie);
  const article = await addNews(t.database.db, {
    category: 'libya',
    content: `<p>نص</p><img src="${url}">`,
    imageUrl: null,
  });
  const refused = await api('DELETE', `/api/admin/media/${id}`);
  expect(refused.statusCode).toBe(409);
  // Issue 25: the refusal names the articles that show the picture.
  expect(refused.json().message).toBe(`لا يمكن حذف الصورة لأنها مستخدمة في: «${article.title}» (#${article.id})`);
  expect((await keys()).filter((k) => k.startsWith(id))).toHaveLength(4);

  const unused = (await upload(await png('#4d7c0f'))).json().id as string;
  expect((await api('DELETE', `/api/admin/media/${unused}`)).statusCode).toBe(204);
  expect((await keys()).filter((k) => k.startsWith(unused))).toEqual([]);
  expect(await mediaRows()).not.toContain(unused);
  expect((await t.app.inject(`/media/${unused}/400.webp`)).statusCode).toBe(404);
  expect((await api('DELETE', `/api/admin/media/${unused}`)).statusCode).toBe(404);
});
