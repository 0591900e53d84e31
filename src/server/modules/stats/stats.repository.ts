/** Reader statistics: per-day totals, the day's salted visitor hashes, and the figures the dashboard reads. */
import { randomBytes } from 'node:crypto';
import { desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, news } from '../../db/schema/content';
import { dailySalts, dailyStats, dailyVisitors } from '../../db/schema/site';

export interface PendingDay {
  pageViews: number;
  visits: number;
  visitors: Map<string, string>; // hash → device
}

export function statsRepository(db: Db, now: () => Date) {
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
            .returning({ h: dailyVisitors.visitorHash });
          fresh = inserted.length;
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
        .select({ device: dailyVisitors.device, visitors: sql<number>`count(*)::int` })
        .from(dailyVisitors)
        .where(gte(dailyVisitors.day, from))
        .groupBy(dailyVisitors.device)
        .orderBy(desc(sql`count(*)`)),
    latestNews: (limit: number) =>
      db
        .select({ id: news.id, title: news.title, views: news.views, publishedAt: news.publishedAt })
        .from(news)
        .orderBy(sql`${news.createdAt} desc`, desc(news.id))
        .limit(limit),
    topArticles: (limit: number) =>
      db
        .select({ id: news.id, title: news.title, views: news.views })
        .from(news)
        .where(sql`${news.status} <> 'draft' and ${news.publishedAt} <= ${now()}`)
        .orderBy(desc(news.views), desc(news.id))
        .limit(limit),
    byCategory: () =>
      db
        .select({
          category: news.category,
          name: sql<string>`coalesce(${categories.name}, ${news.category})`,
          views: sql<number>`sum(${news.views})::int`,
        })
        .from(news)
        .leftJoin(categories, eq(categories.slug, news.category))
        .groupBy(news.category, categories.name)
        .orderBy(desc(sql`sum(${news.views})`)),
  };
}
export type StatsRepository = ReturnType<typeof statsRepository>;
