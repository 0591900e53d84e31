import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/format';
import { ACTION_TARGET, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import type {
  AdminNewsItem,
  AdminNewsListItem,
  AutosaveResponse,
  NewsInput,
  NewsRevision,
  NewsRevisionSummary,
  NewsTransitionInput,
  OkMessage,
  ReviewQueue,
  StaffMember,
  StaffRef,
  TagSuggestion,
} from '../../../shared/schemas/admin';
import { ApiError, adminGet, adminPage, adminSend, queryString, type Paged } from './client';
import { added, useAdminMutation } from './mutation';
import { statisticsKeys } from './statistics';

/** Someone saved first: the editor shows the conflict banner with its reload button instead of a toast. */
export const isEditConflict = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && /EDIT_CONFLICT/.test(err.body);

export interface NewsFilter {
  q: string;
  category: string;
  status: NewsStatus | 'all';
  author: number | null;
  page: number;
}

export const newsKeys = {
  all: ['admin', 'news'] as const,
  list: (f: NewsFilter) => [...newsKeys.all, 'list', f] as const,
  detail: (id: number) => [...newsKeys.all, 'detail', id] as const,
  revisions: (id: number) => [...newsKeys.all, 'revisions', id] as const,
  revision: (id: number, revisionId: number) => [...newsKeys.all, 'revision', id, revisionId] as const,
  reviewQueue: () => [...newsKeys.all, 'review-queue'] as const,
};

/** The editors' review queue (the dashboard), refreshed with the dashboard's figures. */
export const reviewQueueQuery = () =>
  queryOptions({
    queryKey: newsKeys.reviewQueue(),
    queryFn: () => adminGet<ReviewQueue>('/api/admin/news/review-queue'),
    refetchInterval: 60_000,
  });

/** A page of the news table: asked of the server with its search and filters (never the whole archive). */
export const newsListQuery = (f: NewsFilter) =>
  queryOptions({
    queryKey: newsKeys.list(f),
    queryFn: () =>
      adminPage<AdminNewsListItem>(
        `/api/admin/news${queryString({
          q: f.q.trim(),
          category: f.category === 'all' ? undefined : f.category,
          status: f.status === 'all' ? undefined : f.status,
          author: f.author,
          page: f.page,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** One article with its body, for the editor (with this editor's autosave, if any). */
export const newsDetailQuery = (id: number) =>
  queryOptions({ queryKey: newsKeys.detail(id), queryFn: () => adminGet<AdminNewsItem>(`/api/admin/news/${id}`) });

export const staffQuery = () =>
  queryOptions({
    queryKey: ['admin', 'staff'],
    queryFn: () => adminGet<StaffMember[]>('/api/admin/staff'),
    staleTime: 5 * 60_000,
  });

export const tagSuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: ['admin', 'tags', text],
    queryFn: () => adminGet<TagSuggestion[]>(`/api/admin/tags${queryString({ q: text })}`),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const revisionsQuery = (id: number) =>
  queryOptions({
    queryKey: newsKeys.revisions(id),
    queryFn: () => adminPage<NewsRevisionSummary>(`/api/admin/news/${id}/revisions`),
  });

export const revisionQuery = (id: number, revisionId: number) =>
  queryOptions({
    queryKey: newsKeys.revision(id, revisionId),
    queryFn: () => adminGet<NewsRevision>(`/api/admin/news/${id}/revisions/${revisionId}`),
    staleTime: Infinity, // a revision never changes
  });

/**
 * What a save or a button did, said specifically (never one "تمت الإضافة" for a draft, a submission and a
 * publication alike). A plain save of an article keeps SPEC's 'تم التحديث'.
 */
export function savedMessage(
  action: NewsAction | undefined,
  item: AdminNewsItem,
  isNew: boolean,
): string | ReturnType<typeof added> {
  switch (action) {
    case 'draft':
      return isNew ? 'حُفظ الخبر مسودةً' : item.status === 'draft' ? 'حُفظت المسودة' : 'أُعيد الخبر إلى المسودات';
    case 'review':
      return 'أُرسل الخبر للمراجعة';
    case 'publish':
      return 'نُشر الخبر';
    case 'schedule':
      return `جُدول الخبر للنشر في ${formatDateTime(item.publishedAt)} بتوقيت طرابلس`;
    case 'unpublish':
      return 'أُلغي نشر الخبر';
    default:
      return isNew ? added('أُضيف الخبر') : 'تم التحديث';
  }
}

interface SaveVars {
  id?: number;
  body: NewsInput;
  key?: string;
  /** The editor was opened on a new article (even if an autosave created it meanwhile). */
  isNew?: boolean;
}

/**
 * A save from the editor. A new article is created with the editor's one key (so a retry, or an autosave that created
 * it already, answers with that same article); if what came back is not yet in the state asked for (the autosave's
 * draft), the action follows as a save of it.
 */
async function saveNews({ id, body, key }: SaveVars) {
  if (id) return adminSend<AdminNewsItem>('PUT', `/api/admin/news/${id}`, body);
  const created = await adminSend<AdminNewsItem>(
    'POST',
    '/api/admin/news',
    body,
    key ? { 'idempotency-key': key } : undefined,
  );
  const wanted = body.action ? ACTION_TARGET[body.action] : undefined;
  if (!wanted || created.status === wanted) return created;
  return adminSend<AdminNewsItem>('PUT', `/api/admin/news/${created.id}`, { ...body, version: created.version });
}

export const useSaveNews = (onSaved: (item: AdminNewsItem) => void) =>
  useAdminMutation({
    mutationFn: saveNews,
    success: (item, v) => savedMessage(v.body.action, item, !!v.isNew || !v.id),
    error: 'حدث خطأ أثناء حفظ الخبر',
    quiet: isEditConflict,
    invalidate: [newsKeys.all, statisticsKeys.today],
    onSuccess: onSaved,
  });

export const useTransition = (onDone?: (item: AdminNewsItem) => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id: number; body: NewsTransitionInput }) =>
      adminSend<AdminNewsItem>('POST', `/api/admin/news/${id}/transition`, body),
    success: (item, v) => savedMessage(v.body.action, item, false),
    error: 'حدث خطأ أثناء تغيير حالة الخبر',
    quiet: isEditConflict,
    invalidate: [newsKeys.all, statisticsKeys.today],
    onSuccess: onDone,
  });

/** The first autosave of a new article: a draft, created once per key. */
export const createDraft = (body: NewsInput, key: string) =>
  adminSend<AdminNewsItem>('POST', '/api/admin/news', body, { 'idempotency-key': key });

/** Autosave: no toast, no list refresh (nothing anyone else sees changes). */
export const autosave = (id: number, body: Omit<NewsInput, 'action' | 'publishAt'> & { version: number }) =>
  adminSend<AutosaveResponse>('PUT', `/api/admin/news/${id}/autosave`, body);
export const discardAutosave = (id: number) => adminSend<OkMessage>('DELETE', `/api/admin/news/${id}/autosave`);

/** Says "I have this article open"; answers who else has. */
export const heartbeat = (id: number) =>
  adminSend<(StaffRef & { seenAt: string })[]>('POST', `/api/admin/news/${id}/presence`);
/** Leaving the editor (kept alive past the page's end, so closing the tab still says so). */
export const leave = (id: number) =>
  fetch(`/api/admin/news/${id}/presence`, { method: 'DELETE', credentials: 'include', keepalive: true }).catch(
    () => undefined,
  );

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
    mutationFn: (n: AdminNewsListItem) =>
      adminSend<AdminNewsItem>('PATCH', `/api/admin/news/${n.id}/featured`, { featured: !n.featured }),
    onMutate: async (n) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Paged<AdminNewsListItem>>(key);
      queryClient.setQueryData<Paged<AdminNewsListItem>>(
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
