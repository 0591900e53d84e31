import { describe, expect, it } from 'vitest';
import { formatCount, RESULTS, VIEWS } from './plural';

describe('Arabic counted nouns', () => {
  it.each([
    [0, 'لا مشاهدات بعد'],
    [1, 'مشاهدة واحدة'],
    [2, 'مشاهدتان'],
    [3, '3 مشاهدات'],
    [10, '10 مشاهدات'],
    [11, '11 مشاهدة'],
    [99, '99 مشاهدة'],
    [100, '100 مشاهدة'],
    [103, '103 مشاهدات'],
    [1234, '1,234 مشاهدة'],
  ])('%i views reads «%s»', (n, text) => expect(formatCount(n, VIEWS)).toBe(text));

  it('counts results the same way', () => {
    expect([1, 2, 5, 20].map((n) => formatCount(n, RESULTS))).toEqual([
      'نتيجة واحدة',
      'نتيجتان',
      '5 نتائج',
      '20 نتيجة',
    ]);
  });
});
