/**
 * Article view counts: news_views (all time, one narrow row per article, no index on the count so an update stays
 * in place), news_daily_views (per Tripoli day: the most-read windows and the statistics), and the running total in
 * counters. Written a batch at a time by the view counter (view-counter.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named';
import { descNullsLast } from '../../lib/order';
import { categories, news } from '../../db/schema/content';
import { newsDailyViews, newsViews, sectionDailyViews } from '../../db/schema/newsroom';
import { counters } from '../../db/schema/site';

export const TOTAL_VIEWS = 'views';

export type MostReadRow = {
  id: number;
  title: string;
  views: number;
  category: string;
};

export function viewsRepository(db: Db, now: () => Date) {
  const $ = sql.placeholder;
  const visible = sql`${news.status} = 'published' and ${news.publishedAt} <= ${$('now')}`;
  const prepared = {
    /** A visible article's stored count; no row when it is not visible. */
    stored: db
      .select({ views: sql<number>`coalesce(${newsViews.views}, 0)`.mapWith(Number) })
      .from(news)
      .leftJoin(newsViews, eq(newsViews.newsId, news.id))
      .where(and(eq(news.id, $('id')), visible))
      .prepare('views_stored'),
    allTime: db
      .select({
        id: news.id,
        title: news.title,
        views: sql<number>`${newsViews.views}`.mapWith(Number),
        category: news.category,
      })
      .from(newsViews)
      .innerJoin(news, eq(news.id, newsViews.newsId))
      .where(visible)
      .orderBy(...descNullsLast(newsViews.views, newsViews.newsId))
      .limit($('limit'))
      .prepare('views_all_time'),
  };

  return {
    async stored(id: number): Promise<number | undefined> {
      const [row] = await prepared.stored.execute({ id, now: now() });
      return row?.views;
    },
    /**
     * Adds one batch: counts per article for a day. One transaction, rows taken in id order (no deadlock between
     * instances flushing at once); articles deleted meanwhile are skipped. Returns the new all-time counts.
     */
    async add(day: string, batch: Map<number, number>): Promise<Map<number, number>> {
      const ids = [...batch.keys()].sort((a, b) => a - b);
      const counts = ids.map((id) => batch.get(id)!);
      return db.transaction(async (tx) => {
        const values = sql`(select v.id, v.n from unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) as v(id, n)
          join ${news} on ${news.id} = v.id order by v.id)`;
        const totals = await tx.execute<{ id: number; views: number }>(sql`
          insert into ${newsViews} (news_id, views) select id, n from ${values} as b
          on conflict (news_id) do update set views = ${newsViews}.views + excluded.views
          returning news_id as id, views`);
        await tx.execute(sql`
          insert into ${newsDailyViews} (day, news_id, views) select ${day}::date, id, n from ${values} as b
          on conflict (day, news_id) do update set views = ${newsDailyViews}.views + excluded.views`);
        await tx.execute(sql`
          insert into ${sectionDailyViews} (day, category, views)
          select ${day}::date, ${news.category}, sum(b.n) from ${values} as b join ${news} on ${news.id} = b.id
          group by ${news.category}
          on conflict (day, category) do update set views = ${sectionDailyViews}.views + excluded.views`);
        await tx.execute(sql`
          insert into ${counters} (key, value) select ${TOTAL_VIEWS}, coalesce(sum(n), 0) from ${values} as b
          on conflict (key) do update set value = ${counters}.value + excluded.value`);
        return new Map(totals.rows.map((r) => [Number(r.id), Number(r.views)]));
      });
    },
    mostReadAllTime: (limit: number): Promise<MostReadRow[]> => prepared.allTime.execute({ limit, now: now() }),
    /**
     * Most read over days with weights: whole days count fully, the oldest day only for the part of it still
     * inside the window. The per-day rows are read by their primary key (day first) and ranked on their own; only the
     * leaders are joined to their articles (bounded by the day's traffic, never by the archive).
     */
    async mostReadWeighted(days: { day: string; weight: number }[], limit: number): Promise<MostReadRow[]> {
      const list = days.filter((d) => d.weight > 0);
      const rows = await executeNamed<MostReadRow>(
        db,
        'most_read',
        sql`
        with ranked as (
          select d.news_id, sum(d.views * w.weight) as score
          from ${newsDailyViews} d
          join unnest(${sql.param(list.map((d) => d.day))}::date[], ${sql.param(list.map((d) => d.weight))}::float8[])
            as w(day, weight) on w.day = d.day
          where d.day = any(${sql.param(list.map((d) => d.day))}::date[])
          group by d.news_id
          order by score desc, d.news_id desc
          limit ${limit * 4})
        select ${news.id} as id, ${news.title} as title, ${news.category} as category, round(ranked.score)::int as views
        from ranked join ${news} on ${news.id} = ranked.news_id
        where ${news.status} = 'published' and ${news.publishedAt} <= ${now()} and round(ranked.score) > 0
        order by ranked.score desc, ${news.id} desc
        limit ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), views: Number(r.views) }));
    },
    /** Views per article over days (statistics: the period's top articles), ranked from the per-day table. */
    async topInPeriod(from: string, limit: number) {
      const result = await db.execute<{ id: number; title: string; views: number }>(sql`
        with ranked as (
          select news_id, sum(views) as views from ${newsDailyViews} where day >= ${from}::date
          group by news_id order by views desc, news_id desc limit ${limit})
        select ${news.id} as id, ${news.title} as title, ranked.views::int as views
        from ranked join ${news} on ${news.id} = ranked.news_id
        order by ranked.views desc, ${news.id} desc`);
      return result.rows.map((r) => ({ id: Number(r.id), title: r.title, views: Number(r.views) }));
    },
    /** Views per section over days (statistics), from the per-day, per-section totals. */
    async bySectionInPeriod(from: string) {
      const result = await db.execute<{ category: string; name: string; views: number }>(sql`
        select s.category, coalesce(${categories.name}, s.category) as name, sum(s.views)::int as views
        from ${sectionDailyViews} s left join ${categories} on ${categories.slug} = s.category
        where s.day >= ${from}::date
        group by s.category, ${categories.name} order by views desc, s.category`);
      return result.rows.map((r) => ({ ...r, views: Number(r.views) }));
    },
    async total(): Promise<number> {
      const [row] = await db.select({ value: counters.value }).from(counters).where(eq(counters.key, TOTAL_VIEWS));
      return Number(row?.value ?? 0);
    },
    /** Per-day rows older than the windows and statistics need. */
    async pruneDaily(before: string): Promise<number> {
      const result = await db.delete(newsDailyViews).where(sql`${newsDailyViews.day} < ${before}::date`);
      return result.rowCount ?? 0;
    },
  };
}
export type ViewsRepository = ReturnType<typeof viewsRepository>;
