import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsDetailed, statisticsToday } from '../../../shared/schemas/admin';
import { addDays, tripoliDate } from '../../../shared/dates';
import type { StatsRepository } from './stats.repository';

export function statsRoutes(repo: StatsRepository, now: () => Date) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    /** The dashboard: today's figures (SPEC §3: today {visitors, pageViews, uniqueVisitors}) and its overview cards. */
    app.get('/api/admin/statistics', { schema: { response: { 200: statisticsToday } } }, async () => {
      const today = tripoliDate(now());
      const [day, activeBreakingNews, devices, latest] = await Promise.all([
        repo.day(today),
        repo.activeBreaking(now()),
        repo.devices(today),
        repo.latestNews(5),
      ]);
      return {
        today: { visitors: day.visits, pageViews: day.pageViews, uniqueVisitors: day.uniqueVisitors },
        activeBreakingNews,
        devices,
        latestNews: latest.map((n) => ({ ...n, publishedAt: n.publishedAt ? n.publishedAt.toISOString() : null })),
      };
    });

    /** The statistics page: 30 days, top articles, views by section, devices. */
    app.get('/api/admin/statistics/detailed', { schema: { response: { 200: statisticsDetailed } } }, async () => {
      const today = tripoliDate(now());
      const from = addDays(today, -29);
      const [rows, topArticles, byCategory, devices] = await Promise.all([
        repo.days(from),
        repo.topArticles(10),
        repo.byCategory(),
        repo.devices(from),
      ]);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const days = Array.from({ length: 30 }, (_, i) => {
        const day = addDays(from, i);
        const r = byDay.get(day);
        return { day, visits: r?.visits ?? 0, pageViews: r?.pageViews ?? 0, uniqueVisitors: r?.uniqueVisitors ?? 0 };
      });
      return { days, topArticles, byCategory, devices };
    });
  };
}
