/**
 * Reader statistics: per-day totals (daily_stats), visitors per day and device (daily_devices), and the day's salted
 * visitor hashes (daily_visitors: needed only to tell a new visitor from a returning one on the same day, so they are
 * deleted once their day is over; the aggregates stay). Every figure the dashboard reads is a small aggregate.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema/content';
import { newsViews } from '../../db/schema/newsroom';
import { dailyDevices, dailySalts, dailyStats, dailyVisitors } from '../../db/schema/site';

export interface PendingDay {
  pageViews: number;
  visits: number;
  visitors: Map<string, string>; // hash → device
}

export function statsRepository(db: Db) {
  return {
    /** The day's salt, created on first use; salts of earlier days are deleted, so old hashes cannot be recomputed. */
    async saltFor(day: string): Promise<string> {
      await db
        .insert(dailySalts)
        .values({ day, salt: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      await db.delete(dailySalts).where(lt(dailySalts.day, day));
      const [row] = await db.select({ salt: dailySalts.salt }).from(dailySalts).where(eq(dailySalts.day, day));
      return row!.salt;
    },
    /** Adds one flush of counts for a day, in one transaction. */
    async add(day: string, pending: PendingDay): Promise<void> {
      await db.transaction(async (tx) => {
        let fresh = 0;
        if (pending.visitors.size) {
          const inserted = await tx
            .insert(dailyVisitors)
            .values([...pending.visitors].map(([visitorHash, device]) => ({ day, visitorHash, device })))
            .onConflictDoNothing()
            .returning({ device: dailyVisitors.device });
          fresh = inserted.length;
          const perDevice = new Map<string, number>();
          for (const r of inserted) perDevice.set(r.device, (perDevice.get(r.device) ?? 0) + 1);
          if (perDevice.size)
            await tx
              .insert(dailyDevices)
              .values([...perDevice].map(([device, visitors]) => ({ day, device, visitors })))
              .onConflictDoUpdate({
                target: [dailyDevices.day, dailyDevices.device],
                set: { visitors: sql`${dailyDevices.visitors} + excluded.visitors` },
              });
        }
        await tx
          .insert(dailyStats)
          .values({ day, visits: pending.visits, pageViews: pending.pageViews, uniqueVisitors: fresh })
          .onConflictDoUpdate({
            target: dailyStats.day,
            set: {
              visits: sql`${dailyStats.visits} + ${pending.visits}`,
              pageViews: sql`${dailyStats.pageViews} + ${pending.pageViews}`,
              uniqueVisitors: sql`${dailyStats.uniqueVisitors} + ${fresh}`,
            },
          });
      });
    },
    async day(day: string) {
      const [row] = await db.select().from(dailyStats).where(eq(dailyStats.day, day));
      return row ?? { day, visits: 0, pageViews: 0, uniqueVisitors: 0 };
    },
    days: (from: string) => db.select().from(dailyStats).where(gte(dailyStats.day, from)).orderBy(dailyStats.day),
    devices: (from: string) =>
      db
        .select({ device: dailyDevices.device, visitors: sql<number>`sum(${dailyDevices.visitors})::int` })
        .from(dailyDevices)
        .where(gte(dailyDevices.day, from))
        .groupBy(dailyDevices.device)
        .orderBy(desc(sql`sum(${dailyDevices.visitors})`)),
    /**
     * The last changed articles (any state), as the newsroom's list orders them: news_updated_idx backwards. Ids
     * would say only when a row was inserted (an imported archive inserts its newest first).
     */
    latestNews: (limit: number) =>
      db
        .select({
          id: news.id,
          title: news.title,
          views: sql<number>`coalesce(${newsViews.views}, 0)`.mapWith(Number),
          status: news.status,
          publishedAt: news.publishedAt,
          updatedAt: news.updatedAt,
          submittedAt: news.submittedAt,
        })
        .from(news)
        .leftJoin(newsViews, eq(newsViews.newsId, news.id))
        .orderBy(sql`${news.updatedAt} desc nulls last`, sql`${news.id} desc nulls last`)
        .limit(limit),
    /** Visitor hashes of days that are over (their counts are in daily_stats and daily_devices). */
    async pruneVisitors(today: string): Promise<number> {
      const result = await db.delete(dailyVisitors).where(lt(dailyVisitors.day, today));
      return result.rowCount ?? 0;
    },
  };
}
export type StatsRepository = ReturnType<typeof statsRepository>;
