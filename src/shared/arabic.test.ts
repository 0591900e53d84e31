import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../server/test/harness';
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

describe('the SQL normaliser', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('folds exactly like normalizeArabic', async () => {
    const samples = [
      'إبراهيم',
      'أحمد آمنة ٱلله',
      'مدرسة المستشفى',
      'الأخبـــار الليبية',
      'مَدْرَسَةٌ وَطَنِيَّةٌ',
      'عام ٢٠٢٦ م',
      'Latin text 123',
      'ـ',
    ];
    for (const s of samples) {
      const { rows } = await database.pool.query('select sahifa_normalize($1) as n', [s]);
      expect(rows[0].n, s).toBe(normalizeArabic(s));
    }
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
