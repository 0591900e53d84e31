/** A push alert's figures (delivered, removed, time to 90 %), beside the history of sends. */
import { queryOptions } from '@tanstack/react-query';
import type { PushSendFigures } from '../../../shared/schemas/push';
import { adminGet } from './client';

export const pushFiguresQuery = (id: number, running: boolean) =>
  queryOptions({
    queryKey: ['admin', 'sends', 'push', id] as const,
    queryFn: () => adminGet<PushSendFigures>(`/api/admin/push/sends/${id}`),
    // While it runs the figures move: asked again every two seconds, like the send itself.
    refetchInterval: running ? 2000 : false,
  });
