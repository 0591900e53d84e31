import { describe, expect, it } from 'vitest';
import { paragraphEnds } from '../../../shared/in-article';
import { splitAfterParagraph } from './in-article';

const split = (html: string, n: number) => splitAfterParagraph(html, paragraphEnds(html), n);

describe('the in-article box', () => {
  const body =
    '<p>أول</p><blockquote><p>اقتباس</p><p>ثان</p></blockquote><ul><li><p>قائمة</p></li></ul>' +
    '<figure><img src="/media/x/800.webp" alt=""><figcaption><p>شرح</p></figcaption></figure><p>ثاني<br>فقرة</p><h2>عنوان</h2><p>ثالث</p>';

  it('comes after the n-th paragraph of the body itself, never inside a quote, a list or a figure', () => {
    expect(split(body, 1)).toEqual(['<p>أول</p>', body.slice('<p>أول</p>'.length)]);
    const [before, after] = split(body, 2)!;
    expect(before.endsWith('<p>ثاني<br>فقرة</p>')).toBe(true);
    expect(after).toBe('<h2>عنوان</h2><p>ثالث</p>');
  });

  it('is left out of an article shorter than that (and after its last paragraph)', () => {
    expect(split(body, 3)).toBeUndefined();
    expect(split(body, 4)).toBeUndefined();
    expect(split('', 1)).toBeUndefined();
    expect(split('<p>وحيد</p>', 1)).toBeUndefined();
  });
});
