import { queryOptions } from '@tanstack/react-query';
import { TIMINGS_MS } from '../../../shared/constants';
import type { StatisticsDetailed, StatisticsToday } from '../../../shared/schemas/admin';
import { adminGet } from './client';

export const statisticsKeys = {
  today: ['admin', 'statistics'] as const,
  detailed: ['admin', 'statistics', 'detailed'] as const,
  views: ['admin', 'news', 'views'] as const,
};

/** Today's figures, refreshed every 60 s (SPEC §9). */
export const todayQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.today,
    queryFn: () => adminGet<StatisticsToday>('/api/admin/statistics'),
    refetchInterval: TIMINGS_MS.statisticsRefresh,
  });

export const detailedQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.detailed,
    queryFn: () => adminGet<StatisticsDetailed>('/api/admin/statistics/detailed'),
    refetchInterval: TIMINGS_MS.statisticsRefresh,
  });

export const totalViewsQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.views,
    queryFn: () => adminGet<{ totalViews: number }>('/api/admin/news/views'),
  });
