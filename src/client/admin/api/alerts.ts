/** The alert guard's calls: the channels offered, the preview (who it reaches, the confirmation), the send. */
import { queryOptions } from '@tanstack/react-query';
import type { AlertChannel, AlertPreview, AlertSendResponse, AlertSource } from '../../../shared/schemas/alerts';
import { adminGet, adminSend } from './client';

export const alertKeys = { channels: ['admin', 'alerts', 'channels'] as const };

export const alertChannelsQuery = () =>
  queryOptions({
    queryKey: alertKeys.channels,
    queryFn: () => adminGet<AlertChannel[]>('/api/admin/alerts/channels'),
    staleTime: 60_000,
  });

export const previewAlert = (source: AlertSource, channels: string[]) =>
  adminSend<AlertPreview>('POST', '/api/admin/alerts/preview', { source, channels });

export const sendAlert = (source: AlertSource, channels: string[], confirmation: string) =>
  adminSend<AlertSendResponse>('POST', '/api/admin/alerts', { source, channels, confirmation });
