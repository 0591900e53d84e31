import { describe, expect, it } from 'vitest';
import { cleanPastedHtml, isClipboardHtml } from './article-html';
import { CLIPBOARD_CASES, GOOGLE_DOCS_HTML, WEB_PAGE_HTML, WORD_HTML } from './article-html.fixtures';
import { outline } from './article-html.testing';

/** Anything of the source's presentation that must not reach the editor. */
const FOREIGN =
  /style=|class="(?!ql-indent-)|\bdir=|\bid=|color|font|justify|text-align|line-height|mso-|Mso|o:p|<!--|<span|<b\b|<div|<h[4-6]/i;

describe('cleanPastedHtml', () => {
  it.each(CLIPBOARD_CASES)(
    'turns $name into the editor’s vocabulary, as a reader must see it',
    ({ html, outline: expected }) => {
      const clean = cleanPastedHtml(html);
      expect(outline(clean)).toEqual(expected);
      expect(clean).not.toMatch(FOREIGN);
      // No typed list marker survives: Word's «·», «o», «§» and «1.» are the list's own now.
      expect(clean).not.toMatch(/[·§]|>o\s|>\d\.\s/);
      // Cleaning what is already clean changes nothing (the editor may paste its own copy).
      expect(cleanPastedHtml(clean)).toBe(clean);
    },
  );

  it("writes lists in Quill's form: each item its kind and depth", () => {
    const clean = cleanPastedHtml(WORD_HTML);
    expect(clean).toContain(
      '<ol><li data-list="bullet">الحاويات المناولة</li>' +
        '<li data-list="bullet" class="ql-indent-1">منها حاويات مبرّدة</li>' +
        '<li data-list="bullet" class="ql-indent-2">أغلبها للأدوية</li>' +
        '<li data-list="bullet">السفن الراسية</li>' +
        '<li data-list="ordered">توسعة الرصيف الشمالي</li>',
    );
    expect(clean).toContain(
      '<table><tbody><tr><td><strong>البند</strong></td><td><strong>العدد</strong></td></tr>' +
        '<tr><td>الحاويات</td><td>240</td></tr><tr><td>السفن</td><td>18</td></tr></tbody></table>',
    );
  });

  it('reads Word lists without their definitions by the marker, and Word’s other ways of hiding it', () => {
    // No <style> (Word on a Mac, Outlook): a «1.» marker is a numbered item, «·» or «§» a bullet.
    const item = (marker: string, text: string, level = 1) =>
      `<p class=MsoListParagraph style='mso-list:l3 level${level} lfo4'><![if !supportLists]><span style='font-family:Symbol'>` +
      `<span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span>` +
      `<![endif]><span lang=AR-LY>${text}</span></p>`;
    expect(outline(cleanPastedHtml(item('1.', 'أول') + item('2.', 'ثان')))).toEqual(['# أول', '# ثان']);
    expect(outline(cleanPastedHtml(item('·', 'نقطة') + item('§', 'فرعية', 2)))).toEqual(['• نقطة', '  • فرعية']);
    // The marker only in an mso-list: Ignore span, no conditional comment at all.
    expect(
      cleanPastedHtml(
        `<p class=MsoListParagraph style='mso-list:l0 level1 lfo1'><span style='mso-list:Ignore'>o&nbsp;&nbsp;</span>بند</p>`,
      ),
    ).toBe('<ol><li data-list="bullet">بند</li></ol>');
    // Word's second line break for old browsers.
    expect(
      cleanPastedHtml(
        `<p class=MsoNormal>سطر<br style='mso-special-character:line-break'><!--[if !supportLineBreakNewLine]--><br style='mso-special-character:line-break'><!--[endif]-->تال</p>`,
      ),
    ).toBe('<p>سطر</p><p>تال</p>');
  });

  it("handles Google Docs' wrapper and inline styles", () => {
    const clean = cleanPastedHtml(GOOGLE_DOCS_HTML);
    // The docs-internal-guid <b style="font-weight:normal"> is not bold; font-weight 700 is, italic is italic.
    expect(clean.match(/<strong>/g)).toHaveLength(3);
    expect(clean).toContain('<strong>المهرجان الدولي</strong>');
    expect(clean).toContain('<em>غدامس القديمة</em>');
    // A link's underline is the link's; no <u> inside it.
    expect(clean).not.toContain('<u>');
    expect(
      cleanPastedHtml(
        '<b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:600;text-decoration:underline">a</span><span style="font-weight:400;text-decoration:line-through">b</span></p></b>',
      ),
    ).toBe('<p><strong><u>a</u></strong><s>b</s></p>');
  });

  it('keeps web pages’ structure and drops what cannot be kept', () => {
    const clean = cleanPastedHtml(WEB_PAGE_HTML);
    expect(clean).toContain('<h2>أسعار الوقود في الأسواق المحلية</h2>'); // no bold inside a heading
    expect(clean).not.toContain('/ar/archive'); // a relative link is only its text
    expect(clean).toContain('<img src="https://news.example.com/media/fuel-station.jpg" alt="محطة وقود">');
    expect(
      cleanPastedHtml(
        '<figure><picture><source srcset="https://x.ly/a.webp"><img src="https://x.ly/a.jpg"></picture></figure>',
      ),
    ).toBe('<p><img src="https://x.ly/a.jpg"></p>');
    expect(
      cleanPastedHtml(
        '<p><a href="javascript:alert(1)">a</a><a href="mailto:x@sahifa.ly">b</a><img src="file:///C:/x.png"><img src="data:image/png;base64,AAAA"><script>alert(1)</script></p>',
      ),
    ).toBe('<p>a<a href="mailto:x@sahifa.ly" rel="noopener noreferrer" target="_blank">b</a></p>');
    expect(
      cleanPastedHtml('<h5>خامس</h5><h1>أول</h1><p>&nbsp;</p><p><o:p>&nbsp;</o:p></p><div>نص&lt;b&gt;</div>'),
    ).toBe('<h3>خامس</h3><h1>أول</h1><p>نص&lt;b&gt;</p>');
  });

  it('makes tables simple grids: merged cells spread out, one line a cell, layout tables unwrapped', () => {
    const grid = cleanPastedHtml(
      '<table><tr><th colspan="2">رأس</th><td rowspan="2">يمين</td></tr>' +
        '<tr><td><p>فقرة</p><p>ثانية</p></td><td><ul><li>بند</li><li>آخر</li></ul></td></tr>' +
        '<tr><td>وحيدة</td></tr></table>',
    );
    expect(outline(grid)).toEqual([
      'table',
      '| *رأس* | - | يمين |',
      '| فقرة ثانية | بند آخر | - |',
      '| وحيدة | - | - |',
    ]);
    expect(grid).toContain('<td><br></td>'); // an empty cell is still a cell to the editor
    expect(outline(cleanPastedHtml('<table><caption>الأسعار</caption><tr><td>أ</td><td>ب</td></tr></table>'))).toEqual([
      'p: الأسعار',
      'table',
      '| أ | ب |',
    ]);
    // Word's spacer row after a table with merged cells is for old browsers only.
    expect(
      outline(
        cleanPastedHtml(
          '<table class=MsoTableGrid><tr><td colspan=2><p class=MsoNormal>أ</p></td></tr><tr><td>ب</td><td>ج</td></tr>' +
            '<![if !supportMisalignedColumns]><tr height=0><td width=200 style="border:none"></td><td width=100 style="border:none"></td></tr><![endif]></table>',
        ),
      ),
    ).toEqual(['table', '| أ | - |', '| ب | ج |']);
    // A one-cell table is a box around its content; an empty one is nothing.
    expect(cleanPastedHtml('<table><tr><td><h2>عنوان</h2><p>نص</p></td></tr></table>')).toBe('<h2>عنوان</h2><p>نص</p>');
    expect(cleanPastedHtml('<table><tr><td> </td><td></td></tr></table>')).toBe('');
    // Two tables in a row stay two tables (the editor would join them).
    const two = '<table><tr><td>أ</td><td>ب</td></tr></table>';
    expect(cleanPastedHtml(two + two)).toBe(
      '<table><tbody><tr><td>أ</td><td>ب</td></tr></tbody></table><p><br></p><table><tbody><tr><td>أ</td><td>ب</td></tr></tbody></table>',
    );
  });
});

describe('isClipboardHtml', () => {
  it('tells clipboard documents from the editor’s own markup', () => {
    for (const { html } of CLIPBOARD_CASES) expect(isClipboardHtml(html)).toBe(true);
    expect(isClipboardHtml('<p class=MsoNormal>x</p>')).toBe(true);
    expect(isClipboardHtml(`<p style='mso-list:l0 level1 lfo1'>x</p>`)).toBe(true);
    for (const html of [
      '<h2 class="ql-align-center"><span style="color: rgb(230, 0, 0);">عنوان</span></h2>',
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>بند</li></ol>',
      '<p>نص عن &lt;html&gt; و mso-list</p>',
      '<table><tbody><tr><td data-row="row-ab12">x</td></tr></tbody></table>',
    ])
      expect(isClipboardHtml(html)).toBe(false);
  });
});
