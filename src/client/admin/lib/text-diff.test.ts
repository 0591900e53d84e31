import { diffWords } from 'diff';
import { describe, expect, it } from 'vitest';
import { compareWords, htmlText, tokens, type DiffPiece } from './text-diff';

/** Whether two texts say the same words (spacing aside). */
function sameWords(before: string, after: string): boolean {
  const d = compareWords(before, after);
  return [...d.before, ...d.after].every((p) => p.kind === 'same');
}

const marked = (pieces: DiffPiece[], kind: 'added' | 'removed') =>
  pieces.filter((p) => p.kind === kind).map((p) => p.text.trim());
const text = (pieces: DiffPiece[]) => pieces.map((p) => p.text).join('');

describe('the readable text of an article body', () => {
  it('gives the editor’s markup and the stored (sanitised) markup the same text', () => {
    const quill =
      '<p>قال الوزير&nbsp;إن الخطة جاهزة.</p><ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>البند الأول</li></ol><blockquote>اقتباس</blockquote>';
    const stored =
      '<p>قال الوزير إن الخطة جاهزة.</p><ul><li>البند الأول</li></ul><blockquote><p>اقتباس</p></blockquote>';
    expect(htmlText(quill)).toBe('قال الوزير إن الخطة جاهزة.\n\nالبند الأول\n\nاقتباس');
    expect(htmlText(stored)).toBe(htmlText(quill));
    expect(sameWords(htmlText(quill), htmlText(stored))).toBe(true);
  });

  it('keeps words apart across line breaks and blocks, decodes entities, names images and videos', () => {
    expect(htmlText('<p>السطر الأول<br>السطر الثاني</p><p>فقرة</p>')).toBe('السطر الأول\nالسطر الثاني\n\nفقرة');
    expect(htmlText('<p>أ &amp; ب &lt;ج&gt; &#1583; &#x62F;</p>')).toBe('أ & ب <ج> د د');
    expect(
      htmlText(
        '<p>صورة: <img src="/media/x/1200.webp"></p><iframe src="https://www.youtube.com/embed/abcdef"></iframe>',
      ),
    ).toBe('صورة: [صورة]\n\n[فيديو]');
    expect(htmlText('<div>أ</div><div>ب</div>')).toBe('أ\n\nب');
  });
});

describe('comparing two texts word by word', () => {
  const old = 'قال وزير الاقتصاد إن الحكومة ستعلن خطة جديدة للدعم.\n\nوأضاف أن الخطة تشمل 3 مراحل.';
  const now = 'قال وزير الاقتصاد الليبي إن الحكومة أعلنت خطة جديدة للدعم.\n\nوأضاف أن الخطة تشمل 4 مراحل.';

  it('marks only the words that changed, and shows each side as it was written', () => {
    const d = compareWords(old, now);
    expect(marked(d.after, 'added')).toEqual(['الليبي', 'أعلنت', '4']);
    expect(marked(d.before, 'removed')).toEqual(['ستعلن', '3']);
    expect(text(d.before)).toBe(old);
    expect(text(d.after)).toBe(now);
  });

  it('marks nothing when the words are the same, whatever the spacing', () => {
    const d = compareWords(old, old.replace(/ /g, '  '));
    expect([...d.before, ...d.after].every((p) => p.kind === 'same')).toBe(true);
    expect(compareWords('', '').after).toEqual([]);
  });

  it('marks nothing when a line break becomes a paragraph (each side keeps its own breaks)', () => {
    const before = htmlText('<p>قال الوزير إن الحكومة ستعلن خطة جديدة.<br>وأضاف أن الخطة تشمل ثلاث مراحل.</p>');
    const after = htmlText('<p>قال الوزير إن الحكومة أعلنت خطة جديدة.</p><p>وأضاف أن الخطة تشمل ثلاث مراحل.</p>');
    const d = compareWords(before, after);
    expect(marked(d.after, 'added')).toEqual(['أعلنت']);
    expect(marked(d.before, 'removed')).toEqual(['ستعلن']);
    expect(text(d.before)).toBe(before);
    expect(text(d.after)).toBe(after);
    expect([...d.before, ...d.after].filter((p) => p.kind !== 'same' && !p.text.trim())).toEqual([]);
  });

  it('marks a whole new paragraph as added and nothing of the paragraphs around it', () => {
    const d = compareWords('الفقرة الأولى.\n\nالفقرة الثالثة.', 'الفقرة الأولى.\n\nفقرة جديدة هنا.\n\nالفقرة الثالثة.');
    expect(marked(d.after, 'added')).toEqual(['فقرة جديدة هنا.']);
    expect(marked(d.before, 'removed')).toEqual([]);
  });

  it('treats a haraka as part of its word, even after a space, and never repeats it', () => {
    const before = 'كلمة \u064Fكلمة أخرى';
    const after = 'كلمة \u064Fكلمة ثانية';
    // jsdiff's own word diff with a segmenter shows the haraka twice in the unchanged text.
    const jsdiff = diffWords(before, after, { intlSegmenter: new Intl.Segmenter('ar', { granularity: 'word' }) });
    expect(
      jsdiff
        .filter((c) => !c.added && !c.removed)
        .map((c) => c.value)
        .join(''),
    ).toContain('\u064F\u064F');
    const d = compareWords(before, after);
    expect(text(d.before)).toBe(before);
    expect(text(d.after)).toBe(after);
    expect(marked(d.after, 'added')).toEqual(['ثانية']);
    expect(marked(compareWords('مرحبا بكم', 'مرحباً بكم').after, 'added')).toEqual(['مرحباً']);
  });

  it('keeps whole Arabic words (never a common part of two different words)', () => {
    expect(tokens('عبدالرحمن والحكومة، بالمدينة').map((t) => t.text)).toEqual([
      'عبدالرحمن',
      'والحكومة',
      '،',
      'بالمدينة',
    ]);
    const d = compareWords('ستعلن الحكومة', 'أعلنت الحكومة');
    expect(marked(d.before, 'removed')).toEqual(['ستعلن']);
    expect(marked(d.after, 'added')).toEqual(['أعلنت']);
  });
});
