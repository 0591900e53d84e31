import { describe, expect, it } from 'vitest';
import { articleImagesOf, imageIdOf, offlinePageHtml, pageTitleOf, savedCopyHtml } from './offline-html';

const A = '0b6f7a1e-8d6e-4a4e-9a51-1c2d3e4f5a6b';
const B = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const C = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const page = `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<title>عنوان &quot;الخبر&quot; | صحيفة</title>
<meta property="og:title" content="عنوان &quot;الخبر&quot; | صحيفة">
<meta property="og:image" content="https://sahifa.ly/media/${C}/og.jpg">
<meta property="og:site_name" content="صحيفة">
<meta name="sahifa-app" content="/assets/entry.js /assets/core.js">
<link rel="expect" href="#__QUERY_STATE__" blocking="render">
<script>(function(){/* loader */})();</script>
</head>
<body>
<div id="root"><header>…</header><main id="main"><article><h1>عنوان</h1>
<figure><img src="/media/${A}/1200.webp" srcset="/media/${A}/400.webp 400w, /media/${A}/800.webp 800w, /media/${A}/1200.webp 1200w"></figure>
<div class="article-body"><p>نص</p><img src="/media/${B}/800.webp"><img src="https://example.ly/x.jpg"><img src="/media/${A}/400.webp"></div>
<section><h2 id="related-heading">أخبار مرتبطة</h2><img src="/media/${C}/400.webp"></section></article></main></div>
<script type="application/json" id="__QUERY_STATE__">{"queries":[]}</script>
<script type="application/json" id="__SITE__">{"origin":"https://sahifa.ly"}</script>
</body>
</html>`;

describe('a saved page', () => {
  it('is named by its own title, without the site name', () => {
    expect(pageTitleOf(page)).toBe('عنوان "الخبر"');
  });

  it('keeps the article’s own pictures (each once, at the saved width), not the related stories’ or outside ones', () => {
    expect(articleImagesOf(page, 6)).toEqual([`/media/${A}/800.webp`, `/media/${B}/800.webp`]);
    expect(articleImagesOf(page, 1)).toEqual([`/media/${A}/800.webp`]);
    expect(imageIdOf(`/media/${A}/1200.webp`)).toBe(A);
    expect(imageIdOf('/assets/x.js')).toBeUndefined();
  });

  it('is shown without the app and with a note of when it was saved, in Tripoli time', () => {
    const out = savedCopyHtml(page, '2026-03-05T10:07:00.000Z');
    expect(out).not.toContain('sahifa-app');
    expect(out).not.toContain('__QUERY_STATE__'); // nor does its first paint wait for it
    expect(out).not.toContain('__SITE__');
    expect(out).toContain('<main id="main">'); // the page itself is whole
    const note = /<body>\n(<div class="offline-note"[^]*?<\/div>)/.exec(out)?.[1];
    expect(note).toContain('role="status"');
    expect(note).toContain('أنت تقرأ نسخة محفوظة على جهازك دون اتصال');
    expect(note).toContain('<time datetime="2026-03-05T10:07:00.000Z">5 مارس 2026');
    expect(note).toContain('12:07'); // UTC+2
    expect(note).toContain('<a href="">تحديث الصفحة</a>');
  });
});

describe('the offline page', () => {
  const offline =
    '<main><ul id="offline-saved" class="offline-saved"><li>لا توجد صفحات محفوظة على هذا الجهاز بعد.</li></ul></main>';

  it('lists the saved pages, newest first, with their time, titles escaped', () => {
    const out = offlinePageHtml(offline, [
      { path: '/news/7', title: 'خبر <مهم> & عاجل', savedAt: '2026-03-05T10:07:00.000Z' },
      { path: '/', title: 'صحيفة | أخبار ليبيا', savedAt: '2026-03-05T09:00:00.000Z' },
    ]);
    expect(out).not.toContain('لا توجد صفحات محفوظة');
    const items = [...out.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ['/news/7', 'خبر &lt;مهم&gt; &amp; عاجل'],
      ['/', 'الصفحة الرئيسية'],
    ]);
    expect(out).toContain('حُفظ في <time datetime="2026-03-05T10:07:00.000Z">');
  });

  it('says nothing is saved when nothing is', () => {
    expect(offlinePageHtml(offline, [])).toBe(offline);
  });
});
