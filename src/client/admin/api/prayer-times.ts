import { queryOptions } from '@tanstack/react-query';
import type { OkMessage, PrayerTimeInput, PrayerTimeRecord } from '../../../shared/schemas/admin';
import { adminGet, adminSend, queryString } from './client';
import { useAdminMutation } from './mutation';

export const prayerKeys = {
  all: ['admin', 'prayer-times'] as const,
  year: (year: number) => [...prayerKeys.all, year] as const,
};

/** One calendar year of records (the screen's page). */
export const prayerYearQuery = (year: number) =>
  queryOptions({
    queryKey: prayerKeys.year(year),
    queryFn: () => adminGet<PrayerTimeRecord[]>(`/api/admin/prayer-times${queryString({ year })}`),
  });

export const useImportPrayerTimes = (onDone: () => void) =>
  useAdminMutation({
    mutationFn: () => adminSend<OkMessage>('POST', '/api/admin/prayer-times/import', {}),
    success: (res) => res.message ?? 'تم الاستيراد بنجاح',
    errorTitle: 'خطأ في الاستيراد',
    error: 'حدث خطأ أثناء استيراد مواقيت الصلاة، يرجى المحاولة مرة أخرى',
    invalidate: [prayerKeys.all],
    onSuccess: onDone,
  });

export const useUpdatePrayerDay = (onDone: () => void) =>
  useAdminMutation({
    mutationFn: (row: PrayerTimeInput & { id: number }) =>
      adminSend<PrayerTimeRecord>('PUT', `/api/admin/prayer-times/${row.id}`, row),
    success: 'تم التحديث بنجاح',
    errorTitle: 'خطأ في التحديث',
    error: 'حدث خطأ أثناء تحديث مواقيت الصلاة، يرجى المحاولة مرة أخرى',
    invalidate: [prayerKeys.all],
    onSuccess: onDone,
  });
