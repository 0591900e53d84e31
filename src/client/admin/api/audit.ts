import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry } from '../../../shared/schemas/admin';
import { adminPage, queryString } from './client';

export const auditKeys = { all: ['admin', 'audit-log'] as const };

export const auditPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...auditKeys.all, page],
    queryFn: () => adminPage<AuditEntry>(`/api/admin/audit-log${queryString({ page })}`),
    placeholderData: keepPreviousData,
  });
