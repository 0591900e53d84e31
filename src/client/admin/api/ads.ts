import { queryOptions } from '@tanstack/react-query';
import type { AdCampaignState } from '../../../shared/ads-desk';
import type {
  AdCampaign,
  AdCampaignInput,
  AdPlacementAdmin,
  AdPlacementInput,
  AdReport,
} from '../../../shared/schemas/ads';
import { adminGet, adminSend, queryString } from './client';
import { added, useAdminMutation } from './mutation';

export const adsKeys = {
  all: ['admin', 'ads'] as const,
  placements: ['admin', 'ads', 'placements'] as const,
  campaigns: (state?: AdCampaignState) => ['admin', 'ads', 'campaigns', state ?? 'all'] as const,
  report: (id: number, from?: string, to?: string) => ['admin', 'ads', 'report', id, from ?? '', to ?? ''] as const,
};

export const adPlacementsQuery = () =>
  queryOptions({
    queryKey: adsKeys.placements,
    queryFn: () => adminGet<AdPlacementAdmin[]>('/api/admin/ads/placements'),
  });

/** Every campaign with its state and figures (a sales desk runs dozens, not thousands: never paged). */
export const adCampaignsQuery = (state?: AdCampaignState) =>
  queryOptions({
    queryKey: adsKeys.campaigns(state),
    queryFn: () => adminGet<AdCampaign[]>(`/api/admin/ads/campaigns${queryString({ state })}`),
  });

export const adReportQuery = (id: number, from?: string, to?: string) =>
  queryOptions({
    queryKey: adsKeys.report(id, from, to),
    queryFn: () => adminGet<AdReport>(`/api/admin/ads/campaigns/${id}/report${queryString({ from, to })}`),
  });

export const adReportCsvUrl = (id: number, from?: string, to?: string) =>
  `/api/admin/ads/campaigns/${id}/report.csv${queryString({ from, to })}`;

export const useSavePlacement = () =>
  useAdminMutation({
    mutationFn: ({ key, body }: { key: string; body: AdPlacementInput }) =>
      adminSend<AdPlacementAdmin>('PUT', `/api/admin/ads/placements/${key}`, body),
    success: 'تم حفظ المكان الإعلاني',
    error: 'حدث خطأ أثناء حفظ المكان الإعلاني',
    invalidate: [adsKeys.placements],
  });

export const useSaveCampaign = (onSaved: (saved: AdCampaign) => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id?: number; body: AdCampaignInput }) =>
      id
        ? adminSend<AdCampaign>('PUT', `/api/admin/ads/campaigns/${id}`, body)
        : adminSend<AdCampaign>('POST', '/api/admin/ads/campaigns', body),
    success: (_d, v) => (v.id ? 'تم التحديث' : added('أُضيفت الحملة الإعلانية')),
    error: 'حدث خطأ أثناء حفظ الحملة الإعلانية',
    invalidate: [adsKeys.all],
    onSuccess: onSaved,
  });

export const useDeleteCampaign = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/ads/campaigns/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف الحملة الإعلانية',
    invalidate: [adsKeys.all],
  });
