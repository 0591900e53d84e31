/** The history of sends to readers (every channel) with their figures; a send's message as sent; stopping one. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SendDetail, SendSummary } from '../../../shared/schemas/fanout';
import { adminGet, adminPage, adminSend, queryString } from './client';
import { useAdminMutation } from './mutation';

export const sendKeys = {
  all: ['admin', 'sends'] as const,
  page: (page: number) => ['admin', 'sends', 'page', page] as const,
  detail: (id: number) => ['admin', 'sends', 'detail', id] as const,
};

const running = (s: SendSummary) => s.state === 'queued' || s.state === 'sending';

export const sendsQuery = (page: number) =>
  queryOptions({
    queryKey: sendKeys.page(page),
    queryFn: () => adminPage<SendSummary>(`/api/admin/sends${queryString({ page })}`),
    placeholderData: keepPreviousData,
    // The figures move while a send runs: asked again every two seconds until none does.
    refetchInterval: (q) => (q.state.data?.items.some(running) ? 2000 : false),
  });

export const sendQuery = (id: number) =>
  queryOptions({
    queryKey: sendKeys.detail(id),
    queryFn: () => adminGet<SendDetail>(`/api/admin/sends/${id}`),
    refetchInterval: (q) => (q.state.data && running(q.state.data) ? 2000 : false),
  });

/** Where the panel shows a send's HTML (a sandboxed frame). */
export const sendPreviewUrl = (id: number) => `/api/admin/sends/${id}/preview.html`;

export const useCancelSend = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend<SendSummary>('POST', `/api/admin/sends/${id}/cancel`),
    success: 'أُوقف الإرسال',
    error: 'تعذّر إيقاف الإرسال',
    invalidate: [sendKeys.all],
  });
