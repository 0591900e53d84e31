import { describe, expect, it } from 'vitest';
import { normalizeArabic, slugify, tagSlug } from './arabic';

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

describe('tagSlug', () => {
  it.each([
    ['طرابلس', 'طرابلس'],
    ['مصرف ليبيا المركزي', 'مصرف-ليبيا-المركزي'],
    ['الإِعْلامُ', 'الإعلام'],
    ['كأس العالم 2026', 'كأس-العالم-2026'],
    ['  Libya  Oil!  ', 'libya-oil'],
    ['الدوري الليبي — الجولة ٣', 'الدوري-الليبي-الجولة-٣'],
  ])('gives «%s» the address /tag/%s', (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
  });
});
