import { describe, expect, it } from 'vitest';
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

  it('stores lists as semantic <ul> and <ol>: bullets stay bullets, each run its own list', () => {
    const quill =
      '<ol><li data-list="bullet">أول</li><li data-list="bullet" class="ql-indent-1">فرعي &amp; &lt;b&gt;</li>' +
      '<li data-list="ordered">واحد</li><li data-list="ordered">اثنان</li><li data-list="bullet">أخير</li></ol>' +
      '<p>بعد</p><ol><li data-list="ordered">جديد</li></ol><ul><li>قديم</li></ul>';
    expect(sanitizeArticleHtml(quill)).toBe(
      '<ul><li>أول</li><li class="ql-indent-1">فرعي &amp; &lt;b&gt;</li></ul>' +
        '<ol><li>واحد</li><li>اثنان</li></ol><ul><li>أخير</li></ul>' +
        '<p>بعد</p><ol><li>جديد</li></ol><ul><li>قديم</li></ul>',
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
});
