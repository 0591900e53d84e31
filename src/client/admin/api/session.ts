import { queryOptions } from '@tanstack/react-query';
import type { LoginRequest, OkMessage, SessionResponse } from '../../../shared/schemas/admin';
import type { LoginResponse } from '../../../shared/schemas/security';
import { adminGet, adminSend } from './client';

export const sessionKeys = { session: ['admin', 'session'] as const };

/** The server's word on the session (SPEC §6: a failure sends the user to /admin/login). */
export const sessionQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: sessionKeys.session,
    queryFn: () => adminGet<SessionResponse>('/api/admin/session'),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

export const login = (body: LoginRequest) => adminSend<LoginResponse>('POST', '/api/admin/login', body);
export const logout = () => adminSend<OkMessage>('POST', '/api/admin/logout');
