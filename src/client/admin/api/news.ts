import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { AdminNewsItem, NewsInput } from '../../../shared/schemas/admin';
import { adminGet, adminPage, adminSend, queryString, type Paged } from './client';
import { useAdminMutation } from './mutation';
import { statisticsKeys } from './statistics';

export interface NewsFilter {
  q: string;
  category: string;
  page: number;
}

export const newsKeys = {
  all: ['admin', 'news'] as const,
  list: (f: NewsFilter) => [...newsKeys.all, 'list', f] as const,
  detail: (id: number) => [...newsKeys.all, 'detail', id] as const,
};

/** A page of the news table: asked of the server with its search and filters (never the whole archive). */
export const newsListQuery = (f: NewsFilter) =>
  queryOptions({
    queryKey: newsKeys.list(f),
    queryFn: () =>
      adminPage<AdminNewsItem>(
        `/api/admin/news${queryString({ q: f.q.trim(), category: f.category === 'all' ? undefined : f.category, page: f.page })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** One article with its body, for the editor. */
export const newsDetailQuery = (id: number) =>
  queryOptions({ queryKey: newsKeys.detail(id), queryFn: () => adminGet<AdminNewsItem>(`/api/admin/news/${id}`) });

export const useSaveNews = (onSaved: (item: AdminNewsItem) => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id?: number; body: NewsInput }) =>
      id
        ? adminSend<AdminNewsItem>('PUT', `/api/admin/news/${id}`, body)
        : adminSend<AdminNewsItem>('POST', '/api/admin/news', body),
    success: (_d, v) => (v.id ? 'تم التحديث' : 'تمت الإضافة'),
    error: 'حدث خطأ أثناء حفظ الخبر',
    invalidate: [newsKeys.all, statisticsKeys.today],
    onSuccess: onSaved,
  });

export const useDeleteNews = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/news/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف الخبر',
    invalidate: [newsKeys.all, statisticsKeys.today],
  });

/** The table's featured switch: shown at once, put back if the server refuses (SPEC §4). */
export function useToggleFeatured(filter: NewsFilter) {
  const queryClient = useQueryClient();
  const key = newsKeys.list(filter);
  return useAdminMutation({
    mutationFn: (n: AdminNewsItem) =>
      adminSend<AdminNewsItem>('PATCH', `/api/admin/news/${n.id}/featured`, { featured: !n.featured }),
    onMutate: async (n) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Paged<AdminNewsItem>>(key);
      queryClient.setQueryData<Paged<AdminNewsItem>>(
        key,
        (page) =>
          page && { ...page, items: page.items.map((x) => (x.id === n.id ? { ...x, featured: !n.featured } : x)) },
      );
      return { before };
    },
    onError: (_err, _n, ctx) => queryClient.setQueryData(key, ctx?.before),
    success: (_d, n) => (n.featured ? 'تم إلغاء تمييز الخبر' : 'تم تمييز الخبر'),
    error: 'حدث خطأ أثناء تحديث حالة التمييز',
    invalidate: [newsKeys.all],
  });
}
