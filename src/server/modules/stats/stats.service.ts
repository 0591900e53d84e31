/** The dashboard's figures for today and the statistics page's last 30 days. */
import { addDays, tripoliDate } from '../../../shared/dates';
import type { StatisticsDetailed, StatisticsToday } from '../../../shared/schemas/admin';
import type { BreakingNewsService } from '../breaking-news/breaking-news.service';
import type { ViewsService } from '../views/views.service';
import type { StatsRepository } from './stats.repository';

export function statsService(deps: {
  repo: StatsRepository;
  breaking: BreakingNewsService;
  views: ViewsService;
  now: () => Date;
}) {
  const { repo, breaking, views, now } = deps;
  return {
    async today(): Promise<StatisticsToday> {
      const today = tripoliDate(now());
      const [day, activeBreakingNews, devices, latest] = await Promise.all([
        repo.day(today),
        breaking.countActive(),
        repo.devices(today),
        repo.latestNews(5),
      ]);
      return {
        today: { visitors: day.visits, pageViews: day.pageViews, uniqueVisitors: day.uniqueVisitors },
        activeBreakingNews,
        devices,
        latestNews: latest.map((n) => ({
          ...n,
          publishedAt: n.publishedAt?.toISOString() ?? null,
          updatedAt: n.updatedAt.toISOString(),
          // A story in review always says when it was sent (one sent before the queue existed: its last change).
          submittedAt: (n.submittedAt ?? (n.status === 'review' ? n.updatedAt : null))?.toISOString() ?? null,
        })),
      };
    },
    async detailed(): Promise<StatisticsDetailed> {
      const from = addDays(tripoliDate(now()), -29);
      const [rows, topArticles, byCategory, devices] = await Promise.all([
        repo.days(from),
        views.topInPeriod(from, 10),
        views.bySectionInPeriod(from),
        repo.devices(from),
      ]);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const days = Array.from({ length: 30 }, (_, i) => {
        const day = addDays(from, i);
        const r = byDay.get(day);
        return { day, visits: r?.visits ?? 0, pageViews: r?.pageViews ?? 0, uniqueVisitors: r?.uniqueVisitors ?? 0 };
      });
      return { days, topArticles, byCategory, devices };
    },
    totalViews: () => views.total(),
    pruneVisitors: () => repo.pruneVisitors(tripoliDate(now())),
  };
}
export type StatsService = ReturnType<typeof statsService>;
