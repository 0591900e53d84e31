/** The SQL function sahifa_normalize (drizzle/0000_*.sql) must fold exactly like src/shared/arabic.ts. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeArabic, sectionNameKey, tagSlug } from '../../shared/arabic';
import { sectionNameKey as sqlSectionNameKey } from './schema/content';
import { createTestDatabase, type TestDatabase } from '../test/harness';

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

  it('gives tags the addresses tagSlug gives them (the migration that moved tags to Arabic addresses)', async () => {
    const samples = [
      'طرابلس',
      'مصرف ليبيا المركزي',
      'الإِعْلامُ',
      'كأس العالم 2026',
      '  Libya  Oil!  ',
      'الدوري الليبي — الجولة ٣',
      'الأخبـــار',
      '«النفط» و(الغاز)',
    ];
    for (const s of samples) {
      const { rows } = await database.pool.query('select sahifa_tag_slug($1) as slug', [s]);
      expect(rows[0].slug, s).toBe(tagSlug(s));
    }
  });

  it('compares section names exactly like sectionNameKey (the unique index categories_name_key)', async () => {
    const samples = [
      '  الإقتصاد   الليبي ',
      'الاقتصادُ\tالليبي',
      'Sport News',
      'رياضة',
      'الرياضة',
      'منوعـــات ٢٠٢٦',
      'ال',
      'الم',
      'ألعاب الالكترونية',
    ];
    for (const s of samples) {
      const { rows } = await database.db.execute<{ k: string }>(sql`select ${sqlSectionNameKey(sql`${s}::text`)} as k`);
      expect(rows[0]!.k, s).toBe(sectionNameKey(s));
    }
    expect(sectionNameKey('  الإقتصاد   الليبي ')).toBe(sectionNameKey('اقتصاد ليبى'));
    expect(sectionNameKey('الرياضة')).toBe(sectionNameKey('رياضه'));
    expect(sectionNameKey('الم')).not.toBe(sectionNameKey('م')); // too short to be the article
  });
});
