import { queryOptions } from '@tanstack/react-query';
import type { SettingsInput } from '../../../shared/schemas/admin';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { adminGet, adminSend } from './client';
import { useAdminMutation } from './mutation';

export const settingsKeys = { settings: ['admin', 'settings'] as const };

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.settings, queryFn: () => adminGet<PublicSettings>('/api/admin/settings') });

export const useSaveSettings = () =>
  useAdminMutation({
    mutationFn: (body: SettingsInput) => adminSend<PublicSettings>('PUT', '/api/admin/settings', body),
    success: 'تم التحديث',
    error: 'حدث خطأ أثناء حفظ الإعدادات',
    invalidate: [settingsKeys.settings],
  });
