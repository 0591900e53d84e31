import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prayerTimes } from '../../db/schema/content';

export type PrayerTimesRow = typeof prayerTimes.$inferSelect;

export function prayerTimesRepository(db: Db) {
  return {
    async findByDate(date: string): Promise<PrayerTimesRow | undefined> {
      const rows = await db.select().from(prayerTimes).where(eq(prayerTimes.date, date)).limit(1);
      return rows[0];
    },
  };
}
export type PrayerTimesRepository = ReturnType<typeof prayerTimesRepository>;
