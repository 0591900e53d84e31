import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statisticsDetailed, statisticsToday } from '../../../shared/schemas/admin';
import type { StatsService } from './stats.service';

export function statsAdminRoutes(service: StatsService): FastifyPluginAsyncZod {
  return async (app) => {
    /** The dashboard: today's figures (SPEC §3: today {visitors, pageViews, uniqueVisitors}) and its overview cards. */
    app.get('/statistics', { schema: { response: { 200: statisticsToday } } }, async () => service.today());
    /** SPEC: the dashboard's total views (a maintained counter, not a sum over the archive). */
    app.get('/news/views', { schema: { response: { 200: z.object({ totalViews: z.number() }) } } }, async () => ({
      totalViews: await service.totalViews(),
    }));
    /** The statistics page: 30 days, top articles, views by section, devices. */
    app.get(
      '/statistics/detailed',
      { config: { permission: 'statistics.view' }, schema: { response: { 200: statisticsDetailed } } },
      async () => service.detailed(),
    );
  };
}
