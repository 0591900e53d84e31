import { queryOptions } from '@tanstack/react-query';
import { TIMINGS_MS } from '../../../shared/constants';
import type { BackupStatus } from '../../../shared/schemas/backups';
import { adminGet } from './client';

export const backupsKeys = { status: ['admin', 'backups'] as const };

/** The scheduled backups' state, refreshed with the dashboard's figures. */
export const backupStatusQuery = () =>
  queryOptions({
    queryKey: backupsKeys.status,
    queryFn: () => adminGet<BackupStatus>('/api/admin/backups'),
    refetchInterval: TIMINGS_MS.statisticsRefresh,
  });
