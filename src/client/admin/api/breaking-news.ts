import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BreakingNewsInput } from '../../../shared/schemas/admin';
import type { BreakingNewsItem } from '../../../shared/schemas/breaking-news';
import { adminPage, adminSend, queryString } from './client';
import { added, useAdminMutation } from './mutation';

export const breakingKeys = {
  all: ['admin', 'breaking-news'] as const,
  page: (page: number) => [...breakingKeys.all, page] as const,
};

export const breakingPageQuery = (page: number) =>
  queryOptions({
    queryKey: breakingKeys.page(page),
    queryFn: () => adminPage<BreakingNewsItem>(`/api/admin/breaking-news${queryString({ page })}`),
    placeholderData: keepPreviousData,
  });

export const useSaveBreaking = (onSaved: (saved: BreakingNewsItem) => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id?: number; body: BreakingNewsInput }) =>
      id
        ? adminSend<BreakingNewsItem>('PUT', `/api/admin/breaking-news/${id}`, body)
        : adminSend<BreakingNewsItem>('POST', '/api/admin/breaking-news', body),
    // What was done, said specifically (SPEC's 'تم التحديث' for an edit).
    success: (_d, v) => (v.id ? 'تم التحديث' : added('أُضيف الخبر العاجل')),
    error: 'حدث خطأ أثناء حفظ الخبر العاجل',
    invalidate: [breakingKeys.all],
    onSuccess: onSaved,
  });

/** The list switch sends only { isActive } (SPEC §4). */
export const useToggleBreaking = () =>
  useAdminMutation({
    mutationFn: (b: BreakingNewsItem) =>
      adminSend<BreakingNewsItem>('PUT', `/api/admin/breaking-news/${b.id}`, { isActive: !b.isActive }),
    success: (_d, b) => (b.isActive ? 'تم إيقاف الخبر العاجل' : 'تم تفعيل الخبر العاجل'),
    error: 'حدث خطأ أثناء تحديث حالة الخبر العاجل',
    invalidate: [breakingKeys.all],
  });

export const useDeleteBreaking = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/breaking-news/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف الخبر العاجل',
    invalidate: [breakingKeys.all],
  });
