import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { PrayerDay } from '../../../shared/schemas/prayer-times';
import type { Db, Executor } from '../../db/client';
import { prayerTimes } from '../../db/schema/content';
import { offsetOf, paged } from '../../lib/paging';

export type PrayerTimesRow = typeof prayerTimes.$inferSelect;

export function prayerTimesRepository(db: Db) {
  const byDate = db
    .select()
    .from(prayerTimes)
    .where(eq(prayerTimes.date, sql.placeholder('date')))
    .limit(1)
    .prepare('prayer_by_date');
  return {
    async findByDate(date: string, ex?: Executor): Promise<PrayerTimesRow | undefined> {
      const [row] = ex
        ? await ex.select().from(prayerTimes).where(eq(prayerTimes.date, date)).limit(1)
        : await byDate.execute({ date });
      return row;
    },
    /** One calendar year, day by day. */
    listYear: (year: number) =>
      db
        .select()
        .from(prayerTimes)
        .where(and(gte(prayerTimes.date, `${year}-01-01`), lt(prayerTimes.date, `${year + 1}-01-01`)))
        .orderBy(asc(prayerTimes.date)),
    async page(q: PageQuery): Promise<{ rows: PrayerTimesRow[]; total: number; exact: boolean }> {
      return paged(
        db,
        db.select().from(prayerTimes).orderBy(asc(prayerTimes.date)).limit(q.pageSize).offset(offsetOf(q)),
        sql`select 1 from ${prayerTimes}`,
      );
    },
    /** Replaces every record (inside the caller's transaction). */
    async replaceAll(days: PrayerDay[], ex: Executor): Promise<void> {
      await ex.delete(prayerTimes);
      for (let i = 0; i < days.length; i += 500) await ex.insert(prayerTimes).values(days.slice(i, i + 500));
    },
    async update(id: number, day: PrayerDay, ex: Executor = db): Promise<PrayerTimesRow | undefined> {
      const [row] = await ex.update(prayerTimes).set(day).where(eq(prayerTimes.id, id)).returning();
      return row;
    },
  };
}
export type PrayerTimesRepository = ReturnType<typeof prayerTimesRepository>;
