import { describe, expect, it } from 'vitest';
import { normalizeArabic, slugify } from './arabic';

describe('normalizeArabic', () => {
  it.each([
    ['إبراهيم', 'ابراهيم'],
    ['أحمد آمنة ٱلله', 'احمد امنه الله'],
    ['مدرسة', 'مدرسه'],
    ['مستشفى', 'مستشفي'],
    ['الأخبـــار', 'الاخبار'],
    ['مَدْرَسَةٌ', 'مدرسه'],
    ['عام ٢٠٢٦', 'عام 2026'],
  ])('folds %s to %s', (input, expected) => {
    expect(normalizeArabic(input)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Sports News', 'sports-news'],
    ['  Hello   World!! ', 'hello-world'],
    ['رياضة', 'ryada'],
    ['عربي ودولي', 'rby-wdwly'],
    ['اقتصاد 2026', 'aqtsad-2026'],
    ['---', ''],
  ])('turns %s into %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
