/** The newsletter's subscribers, its settings (the digest's hour, how mail leaves) and the confirmation campaign. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  NewsletterSettingsInput,
  NewsletterSettingsView,
  NewsletterSubscriber,
  SubscriberCounts,
  SubscriberState,
} from '../../../shared/schemas/newsletter';
import { adminGet, adminPage, adminSend, queryString } from './client';
import { useAdminMutation } from './mutation';
import { sendKeys } from './sends';

export const newsletterKeys = {
  all: ['admin', 'newsletter'] as const,
  counts: ['admin', 'newsletter', 'counts'] as const,
  subscribers: ['admin', 'newsletter', 'subscribers'] as const,
  settings: ['admin', 'newsletter', 'settings'] as const,
};

export const NEWSLETTER_EXPORT_URL = '/api/admin/newsletter/export.csv';

export const subscriberCountsQuery = () =>
  queryOptions({
    queryKey: newsletterKeys.counts,
    queryFn: () => adminGet<SubscriberCounts>('/api/admin/newsletter'),
  });

export interface SubscriberFilter {
  state: SubscriberState | 'all';
  q: string;
  page: number;
}

export const subscribersQuery = (f: SubscriberFilter) =>
  queryOptions({
    queryKey: [...newsletterKeys.subscribers, f],
    queryFn: () =>
      adminPage<NewsletterSubscriber>(
        `/api/admin/newsletter/subscribers${queryString({ state: f.state === 'all' ? undefined : f.state, q: f.q.trim(), page: f.page })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const newsletterSettingsQuery = () =>
  queryOptions({
    queryKey: newsletterKeys.settings,
    queryFn: () => adminGet<NewsletterSettingsView>('/api/admin/newsletter/settings'),
  });

export const useDeleteSubscriber = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/newsletter/subscribers/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف المشترك',
    invalidate: [newsletterKeys.subscribers, newsletterKeys.counts],
  });

export const useSaveNewsletterSettings = () =>
  useAdminMutation({
    mutationFn: (body: NewsletterSettingsInput) =>
      adminSend<NewsletterSettingsView>('PUT', '/api/admin/newsletter/settings', body),
    success: 'تم التحديث',
    error: 'حدث خطأ أثناء حفظ إعدادات النشرة',
    // Saving an hour already past today sends today's digest at once: it joins the history.
    invalidate: [newsletterKeys.settings, sendKeys.all],
  });

export const useConfirmationCampaign = () =>
  useAdminMutation({
    mutationFn: () => adminSend<{ message: string; sendId: number }>('POST', '/api/admin/newsletter/campaign'),
    success: (d) => ({ title: 'بدأ الإرسال', description: d.message }),
    error: 'تعذّر إرسال حملة التأكيد',
    invalidate: [newsletterKeys.counts, sendKeys.all],
  });
