/** The SQL function sahifa_normalize (drizzle/0000_*.sql) must fold exactly like src/shared/arabic.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../shared/arabic';
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
});
