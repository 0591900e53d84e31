/**
 * Pictures, galleries and videos in an article body, from the editor's markup to what readers and crawlers get: the
 * stored body keeps only the blocks' ids (whatever the editor drew inside goes); readers get a figure with its
 * caption and credit, a gallery of links to the large pictures, a video poster that loads nothing from YouTube; the
 * page's JSON-LD image is an ImageObject with caption, creditText and copyrightNotice; the news sitemap and RSS carry
 * the caption.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAdmin, as, login, uploadFile } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { canonicalMediaBlocks, renderMediaBlocks } from './media-blocks';

let t: TestApp;
let editor: ReturnType<typeof as>;
let cookie: string;
const pictures: { id: string; url: string }[] = [];
let id: number;

async function upload(color: string, name: string) {
  const png = await sharp({ create: { width: 1000, height: 700, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await uploadFile(t.app, cookie, png, { filename: name });
  return res.json() as { id: string; url: string };
}

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, { slug: 'libya', name: 'ليبيا' });
  await addAdmin(t.database.db, 'blocks-editor', 'editor');
  cookie = (await login(t.app, 'blocks-editor')).cookie!;
  editor = as(t.app, cookie);
  const texts = [
    {
      alt: 'قوس ماركوس أوريليوس',
      caption: 'قوس ماركوس أوريليوس في المدينة القديمة',
      credit: 'رويترز',
      source: 'وكالة رويترز',
    },
    { alt: 'باب البحر', caption: 'باب البحر عند الغروب', credit: 'فرانس برس', source: '' },
    { alt: 'سوق المشير', caption: '', credit: '', source: '' },
    { alt: 'غلاف الفيديو', caption: 'لقطة من الفيديو', credit: 'الأناضول', source: '' },
  ];
  for (const [i, text] of texts.entries()) {
    const p = await upload(['#1e3a8a', '#7c2d12', '#047857', '#6b21a8'][i]!, `p${i}.png`);
    await editor('PUT', `/api/admin/media/${p.id}`, text);
    pictures.push(p);
  }
  // What the editor sends: its own previews inside the blocks (the server keeps none of them).
  const fromEditor =
    `<p>مقدمة الخبر</p>` +
    `<figure data-media="${pictures[0]!.id}" contenteditable="false" class="ql-media-block"><img src="${pictures[0]!.url}"><figcaption>معاينة</figcaption></figure>` +
    `<figure data-gallery="${pictures[1]!.id} ${pictures[2]!.id} ${pictures[0]!.id}" data-title="جولة في المدينة القديمة"><div class="ql-media-thumbs"><img src="x"></div></figure>` +
    `<figure data-youtube="aqz-KE-bpKQ" data-title="فيديو &quot;المدينة&quot;" data-poster="${pictures[3]!.id}"><span>▶</span></figure>` +
    `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>`;
  const res = await editor('POST', '/api/admin/news', {
    title: 'المدينة القديمة بالصور',
    description: 'جولة مصورة',
    content: fromEditor,
    category: 'libya',
    imageUrl: pictures[0]!.url,
  });
  expect(res.statusCode, res.body).toBe(201);
  id = res.json().id;
});
afterAll(() => t.close());

it('stores only the blocks’ ids and titles', async () => {
  const { content } = (await t.database.pool.query('select content from news where id = $1', [id])).rows[0];
  expect(content).toContain(`<figure data-media="${pictures[0]!.id}"></figure>`);
  expect(content).toContain(
    `<figure data-gallery="${pictures[1]!.id} ${pictures[2]!.id} ${pictures[0]!.id}" data-title="جولة في المدينة القديمة"></figure>`,
  );
  expect(content).toContain(
    `<figure data-youtube="aqz-KE-bpKQ" data-title="فيديو &quot;المدينة&quot;" data-poster="${pictures[3]!.id}"></figure>`,
  );
  expect(content).not.toContain('معاينة');
  expect(content).not.toContain('ql-media');
  // A figure that names nothing gives way to its content; a block naming a bad id goes.
  expect(canonicalMediaBlocks('<figure><p>نص</p></figure><figure data-media="../../etc"></figure>')).toBe('<p>نص</p>');
  // Every picture it shows is recorded as used.
  const uses = await t.database.pool.query('select media_id from media_usages where news_id = $1', [id]);
  expect(uses.rows.map((r) => r.media_id).sort()).toEqual(pictures.map((p) => p.id).sort());
});

it('gives readers figures with captions and credits, a gallery of links and a video that loads nothing first', async () => {
  const { content } = (await t.app.inject(`/api/news/${id}`)).json();
  // The picture.
  expect(content).toContain('<figure class="article-figure">');
  expect(content).toContain('alt="قوس ماركوس أوريليوس"');
  expect(content).toContain(
    '<figcaption>قوس ماركوس أوريليوس في المدينة القديمة <span class="article-credit">الصورة: رويترز</span></figcaption>',
  );
  expect(content).toMatch(/srcset="\/media\/[^"]+400\.webp 400w, [^"]+800w, [^"]+1200w"/);
  expect(content).toMatch(/width="1000" height="700"/);
  // The gallery: three links to the large pictures, in order, each named, each with its caption and credit.
  const gallery = /<figure class="article-gallery"[^]*?<\/figure>/.exec(content)![0];
  expect(gallery).toContain('جولة في المدينة القديمة');
  expect([...gallery.matchAll(/data-gallery-index="(\d)"/g)].map((m) => m[1])).toEqual(['0', '1', '2']);
  expect(gallery).toContain(`href="/media/${pictures[1]!.id}/1200.webp"`);
  expect(gallery).toContain('aria-label="باب البحر — الصورة 1 من 3، تُفتح بملء الشاشة"');
  expect(gallery).toContain('باب البحر عند الغروب <span class="article-credit">الصورة: فرانس برس</span>');
  expect(gallery).toContain('loading="lazy"');
  // The videos: a link and a poster, no player and nothing from YouTube until a click.
  expect(content).toContain('href="https://www.youtube.com/watch?v=aqz-KE-bpKQ" data-youtube="aqz-KE-bpKQ"');
  expect(content).toContain('تشغيل الفيديو: فيديو &quot;المدينة&quot;');
  expect(content).toContain(`/media/${pictures[3]!.id}/1200.webp`);
  expect(content).toContain('data-youtube="dQw4w9WgXcQ"'); // an older body's player is a facade too
  expect(content).not.toContain('<iframe');
  expect(content).not.toMatch(/ytimg|youtube-nocookie|youtube\.com\/embed/);
});

it('describes the picture to search engines and feed readers: ImageObject, news sitemap, RSS', async () => {
  const page = (await t.app.inject(`/news/${id}`)).body;
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
  expect(ld.image).toEqual([
    expect.objectContaining({
      '@type': 'ImageObject',
      url: expect.stringContaining(`/media/${pictures[0]!.id}/og.jpg`),
      caption: 'قوس ماركوس أوريليوس في المدينة القديمة',
      creditText: 'رويترز',
      copyrightNotice: 'وكالة رويترز',
    }),
  ]);
  expect(page).toContain('<meta property="og:image:alt" content="قوس ماركوس أوريليوس">');
  const sitemap = (await t.app.inject('/news-sitemap.xml')).body;
  expect(sitemap).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
  expect(sitemap).toContain('<image:caption>قوس ماركوس أوريليوس في المدينة القديمة — الصورة: رويترز</image:caption>');
  const rss = (await t.app.inject('/rss.xml')).body;
  expect(rss).toContain('<media:description>قوس ماركوس أوريليوس في المدينة القديمة</media:description>');
  expect(rss).toContain('<media:credit>رويترز</media:credit>');
  expect(rss).toContain('<media:text>قوس ماركوس أوريليوس</media:text>');
});

it('shows a changed caption in every article at once', async () => {
  await t.app.inject(`/api/news/${id}`); // cached
  await editor('PUT', `/api/admin/media/${pictures[1]!.id}`, {
    alt: 'باب البحر',
    caption: 'باب البحر، أحد أبواب السور القديم',
    credit: 'فرانس برس',
  });
  const { content } = (await t.app.inject(`/api/news/${id}`)).json();
  expect(content).toContain('باب البحر، أحد أبواب السور القديم');
});

it('gives a picture inserted by address (an older body) its library alt, and leaves one with an alt alone', () => {
  const id = '0000000c-0000-4000-8000-00000000000c';
  const meta = new Map([
    [
      id,
      {
        id,
        width: 800,
        height: 600,
        alt: 'سوق الحوت',
        caption: '',
        credit: '',
        source: '',
        focusX: null,
        focusY: null,
      },
    ],
  ]);
  expect(renderMediaBlocks(`<p><img src="/media/${id}/800.webp" alt="" /></p>`, meta, 'عنوان')).toBe(
    `<p><img src="/media/${id}/800.webp" alt="سوق الحوت"></p>`,
  );
  expect(renderMediaBlocks(`<p><img src="/media/${id}/800.webp" alt="كما كتبه المحرر" /></p>`, meta, 'عنوان')).toBe(
    `<p><img src="/media/${id}/800.webp" alt="كما كتبه المحرر" /></p>`,
  );
  // An outside picture is not the library's.
  expect(renderMediaBlocks('<p><img src="https://example.ly/a.jpg" /></p>', meta, 'عنوان')).toBe(
    '<p><img src="https://example.ly/a.jpg" /></p>',
  );
});
