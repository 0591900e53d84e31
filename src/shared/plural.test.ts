import { describe, expect, it, vi } from 'vitest';
import { SECTIONS } from './nouns';
import { formatCount, LETTERS, pluralCategory, RESULTS, VIEWS } from './plural';

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

  it('picks the plural form of every whole number as Intl.PluralRules does, without making the rules', () => {
    const intl = new Intl.PluralRules('ar');
    const made = vi.spyOn(Intl, 'PluralRules');
    for (let n = 0; n <= 20_000; n++) expect(pluralCategory(n), String(n)).toBe(intl.select(n));
    for (const n of [1_000_000, 1_000_003, 2_000_011, Number.MAX_SAFE_INTEGER])
      expect(pluralCategory(n)).toBe(intl.select(n));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    for (const n of [1.5, 2.25, -3]) expect(pluralCategory(n)).toBe(intl.select(n));
  });

  it('counts results the same way', () => {
    expect([1, 2, 5, 20].map((n) => formatCount(n, RESULTS))).toEqual([
      'نتيجة واحدة',
      'نتيجتان',
      '5 نتائج',
      '20 نتيجة',
    ]);
  });

  it('counts the sections a subscriber chose (the newsroom’s list of subscribers)', () => {
    expect([1, 2, 3, 11].map((n) => formatCount(n, SECTIONS))).toEqual(['قسم واحد', 'قسمان', '3 أقسام', '11 قسماً']);
  });

  it('counts letters with the genitive singular after hundreds (the title limit: «300 حرف»)', () => {
    expect([1, 2, 5, 11, 184, 200, 300, 1000].map((n) => formatCount(n, LETTERS))).toEqual([
      'حرف واحد',
      'حرفان',
      '5 أحرف',
      '11 حرفاً',
      '184 حرفاً',
      '200 حرف',
      '300 حرف',
      '1,000 حرف',
    ]);
  });
});
