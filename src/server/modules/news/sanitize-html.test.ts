import { describe, expect, it } from 'vitest';
import { CLIPBOARD_CASES, LONG_URL } from '../../../shared/article-html.fixtures';
import { outline } from '../../../shared/article-html.testing';
import { cleanStoredBody, MAX_NESTING, nestingDepth, sanitizeArticleHtml } from './sanitize-html';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p onclick="alert(1)">x</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="color: expression(alert(1))">x</p>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="//evil.example">x</a>',
  '<style>body{display:none}</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<div><a href="https://ok.ly" onmouseover="alert(1)">x</a></div>',
  '"><script>alert(1)</script>',
];

describe('sanitizeArticleHtml', () => {
  it.each(PAYLOADS)('removes everything dangerous from %s', (payload) => {
    const out = sanitizeArticleHtml(payload).toLowerCase();
    expect(out).not.toMatch(
      /<script|<svg|<object|<embed|<form|<style|<meta|<base|<math|srcdoc|javascript:|vbscript:|data:text|data:image\/svg|\bon[a-z]+\s*=|expression\(/,
    );
    expect(out).not.toContain('evil.example');
  });

  it('measures nesting in linear time and never cleans a body nested too deeply to clean quickly', () => {
    const deep = '<b>'.repeat(120_000) + 'نص' + '</b>'.repeat(120_000);
    expect(nestingDepth(deep)).toBeGreaterThan(MAX_NESTING);
    const served = cleanStoredBody(deep + '<script>alert(1)</script>');
    // Served as its text, escaped: no markup, no script, without running sanitize-html over it (a minute of a frozen server).
    expect(served).toBe('<p>نص alert(1)</p>');
    expect(nestingDepth('<p><b><i>a</i></b><br><img src="x"></p>')).toBe(3);
    expect(cleanStoredBody('<p onclick="x()">نص</p>')).toBe('<p>نص</p>');
  });

  it('stores lists as semantic <ul> and <ol>: bullets stay bullets, each run its own list, deeper items nested', () => {
    const quill =
      '<ol><li data-list="bullet">أول</li><li data-list="bullet" class="ql-indent-1">فرعي &amp; &lt;b&gt;</li>' +
      '<li data-list="ordered">واحد</li><li data-list="ordered">اثنان</li><li data-list="bullet">أخير</li></ol>' +
      '<p>بعد</p><ol><li data-list="ordered">جديد</li></ol><ul><li>قديم</li></ul>';
    expect(sanitizeArticleHtml(quill)).toBe(
      '<ul><li>أول<ul><li>فرعي &amp; &lt;b&gt;</li></ul></li></ul>' +
        '<ol><li>واحد</li><li>اثنان</li></ol><ul><li>أخير</li></ul>' +
        '<p>بعد</p><ol><li>جديد</li></ol><ul><li>قديم</li></ul>',
    );
    // Numbering runs on across a nested list of another kind, as the editor shows it; the list markers Quill
    // writes into each item (<span class="ql-ui">) are not kept.
    const nested =
      '<ol><li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>أ</li>' +
      '<li data-list="bullet" class="ql-indent-1">أ١</li><li data-list="ordered" class="ql-indent-2">أ١أ</li>' +
      '<li data-list="ordered">ب</li><li data-list="ordered" class="ql-indent-2">بعيد</li></ol>';
    expect(sanitizeArticleHtml(nested)).toBe(
      // An item two levels deeper than the one before goes one level in (no empty item in between).
      '<ol><li>أ<ul><li>أ١<ol><li>أ١أ</li></ol></li></ul></li><li>ب<ol><li>بعيد</li></ol></li></ol>',
    );
    // Cleaning twice changes nothing (the read path re-cleans bodies stored by an older sanitiser).
    const once = sanitizeArticleHtml(quill);
    expect(sanitizeArticleHtml(once)).toBe(once);
    // Entities inside lists are never decoded into markup.
    expect(sanitizeArticleHtml('<ol><li data-list="bullet">&lt;script&gt;alert(1)&lt;/script&gt;</li></ol>')).toBe(
      '<ul><li>&lt;script&gt;alert(1)&lt;/script&gt;</li></ul>',
    );
  });

  it("keeps the editor's formats", () => {
    const html =
      '<h2 class="ql-align-center">عنوان</h2><p><strong>عريض</strong> <em>مائل</em> <u>تحته خط</u> <s>مشطوب</s> ' +
      '<span style="color: #e60000; background-color: rgb(255, 255, 0);">ملون</span></p>' +
      '<ol><li data-list="bullet">بند</li><li data-list="ordered">بند</li></ol>' +
      '<p><a href="https://example.ly/x" target="_blank">رابط</a> <a href="mailto:info@sahifa.ly">بريد</a> <a href="tel:+218911234567">هاتف</a></p>' +
      '<p><img src="https://example.ly/a.jpg"><img src="data:image/png;base64,iVBORw0KGgo="></p>' +
      '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen="true"></iframe>' +
      '<iframe class="ql-video" src="https://player.vimeo.com/video/76979871"></iframe>';
    const out = sanitizeArticleHtml(html);
    for (const kept of [
      '<h2 class="ql-align-center">',
      '<strong>',
      '<em>',
      '<u>',
      '<s>',
      'color:#e60000',
      'background-color:rgb(255, 255, 0)',
      '<ul><li>بند</li></ul><ol><li>بند</li></ol>',
      'href="mailto:info@sahifa.ly"',
      'href="tel:+218911234567"',
      'src="https://example.ly/a.jpg"',
      'src="data:image/png;base64,iVBORw0KGgo="',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
    ]) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('keeps simple tables, with nothing on them but colspan and rowspan', () => {
    const quill =
      '<table><tbody><tr><td data-row="row-ab12"><strong>البند</strong></td><td data-row="row-ab12">العدد</td></tr>' +
      '<tr><td data-row="row-cd34">الحاويات</td><td data-row="row-cd34"><br></td></tr></tbody></table><p><br></p>';
    expect(sanitizeArticleHtml(quill)).toBe(
      '<table><tbody><tr><td><strong>البند</strong></td><td>العدد</td></tr>' +
        '<tr><td>الحاويات</td><td><br /></td></tr></tbody></table>',
    );
    expect(
      sanitizeArticleHtml(
        '<table border="1" style="width:720px;background:#fff" class="x" onclick="x()"><thead><tr>' +
          '<th colspan="2" width="300" style="color:#C00000" bgcolor="red">رأس</th><th rowspan="x">ب</th></tr></thead>' +
          '<tfoot><tr><td rowspan="3" colspan="1000">ذيل</td></tr></tfoot></table>',
      ),
    ).toBe(
      '<table><thead><tr><th colspan="2">رأس</th><th>ب</th></tr></thead><tbody><tr><td rowspan="3">ذيل</td></tr></tbody></table>',
    );
  });

  it("keeps only the toolbar's palette, and alignment and sizes as the editor's classes", () => {
    const out = sanitizeArticleHtml(
      '<p class="ql-align-justify ql-size-large"><span style="color: rgb(230, 0, 0); background-color: #FFFF00;">ملون</span>' +
        '<span style="color:#C00000;font-family:Arial;font-size:14pt;line-height:150%">وورد</span></p>' +
        '<p style="text-align:justify;margin-right:.5in" dir="rtl" class="x ql-indent-9">فقرة</p><h2 dir="ltr">ع</h2>',
    );
    expect(out).toBe(
      '<p class="ql-align-justify ql-size-large"><span style="color:rgb(230, 0, 0);background-color:#FFFF00">ملون</span>' +
        'وورد</p><p>فقرة</p><h2>ع</h2>',
    );
  });

  it.each(CLIPBOARD_CASES)(
    'cleans $name saved around the editor as a paste into it is cleaned, and a second time changes nothing',
    ({ html, outline: expected }) => {
      const once = sanitizeArticleHtml(html);
      expect(outline(once)).toEqual(expected);
      expect(once).not.toMatch(/style=|class=|\bdir=|color|font|justify|mso-|Mso|o:p|·|§|data-list|<span/i);
      expect(once).toMatch(/<ul><li>/);
      expect(once).toMatch(/<table><tbody><tr><td>/);
      expect(sanitizeArticleHtml(once)).toBe(once);
      expect(cleanStoredBody(once)).toBe(once);
    },
  );

  it('leaves a long URL as text, whole (the article page wraps it)', () => {
    expect(sanitizeArticleHtml(`<p>${LONG_URL}</p>`)).toBe(`<p>${LONG_URL}</p>`);
  });
});
