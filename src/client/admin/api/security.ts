/** Staff sign-in security: the second step, the authenticator app, recovery codes, passkeys, re-authentication, policy. */
import { queryOptions } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { OkMessage } from '../../../shared/schemas/admin';
import type { LoginResponse, PasskeyItem, SecuritySettings, TwoFactorStatus } from '../../../shared/schemas/security';
import { adminGet, adminSend } from './client';
import { useAdminMutation } from './mutation';

export const securityKeys = {
  status: ['admin', 'me', '2fa'] as const,
  policy: ['admin', 'security-settings'] as const,
};

export const twoFactorQuery = () =>
  queryOptions({ queryKey: securityKeys.status, queryFn: () => adminGet<TwoFactorStatus>('/api/admin/me/2fa') });
export const securitySettingsQuery = () =>
  queryOptions({
    queryKey: securityKeys.policy,
    queryFn: () => adminGet<SecuritySettings>('/api/admin/security-settings'),
  });

interface WebauthnOptions {
  challengeId: string;
  options: never;
}
const post = <T>(path: string, body?: unknown) => adminSend<T>('POST', path, body);

/** The second step with an app or recovery code. */
export const loginWithCode = (code: string) => post<LoginResponse>('/api/admin/login/code', { code });

/**
 * A passkey sign-in: the pending account's passkey after a password, or any of this site's passkeys alone.
 * `autofill`: offered by the browser in the username field's suggestions (conditional UI), waiting until chosen.
 */
export async function loginWithPasskey(autofill = false, signal?: AbortSignal): Promise<LoginResponse> {
  const { challengeId, options } = await post<WebauthnOptions>('/api/admin/login/passkey/options');
  if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return post<LoginResponse>('/api/admin/login/passkey', { challengeId, response });
}

export const startTotp = () => post<{ secret: string; uri: string; qrSvg: string }>('/api/admin/me/2fa/totp');
export const confirmTotp = (code: string) =>
  post<{ message: string; recoveryCodes: string[] }>('/api/admin/me/2fa/totp/confirm', { code });

/** Registers a passkey on this device under `name`. */
export async function addPasskey(name: string): Promise<PasskeyItem> {
  const { challengeId, options } = await post<WebauthnOptions>('/api/admin/me/passkeys/options');
  const response = await startRegistration({ optionsJSON: options });
  return post<PasskeyItem>('/api/admin/me/passkeys', { challengeId, name, response });
}

export const reauthenticate = (proof: { password: string } | { code: string }) =>
  post<OkMessage>('/api/admin/me/reauth', proof);
export async function reauthenticateWithPasskey(): Promise<OkMessage> {
  const { challengeId, options } = await post<WebauthnOptions>('/api/admin/me/reauth/passkey/options');
  const response = await startAuthentication({ optionsJSON: options });
  return post<OkMessage>('/api/admin/me/reauth/passkey', { challengeId, response });
}

export const useRemoveTotp = () =>
  useAdminMutation({
    mutationFn: () => adminSend<OkMessage>('DELETE', '/api/admin/me/2fa/totp'),
    success: 'تمت إزالة تطبيق المصادقة',
    error: 'تعذّرت إزالة تطبيق المصادقة',
    invalidate: [securityKeys.status],
  });

export const useRenewRecoveryCodes = (onCodes: (codes: string[]) => void) =>
  useAdminMutation({
    mutationFn: () => adminSend<{ recoveryCodes: string[] }>('POST', '/api/admin/me/2fa/recovery-codes'),
    error: 'تعذّر إنشاء رموز استرداد جديدة',
    invalidate: [securityKeys.status],
    onSuccess: (data) => onCodes(data.recoveryCodes),
  });

export const useRemovePasskey = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend<OkMessage>('DELETE', `/api/admin/me/passkeys/${id}`),
    success: 'تم حذف مفتاح المرور',
    error: 'تعذّر حذف مفتاح المرور',
    invalidate: [securityKeys.status],
  });

export const useEndOtherSessions = () =>
  useAdminMutation({
    mutationFn: () => adminSend<OkMessage>('DELETE', '/api/admin/me/sessions'),
    success: 'تم إنهاء جلساتك الأخرى',
    error: 'تعذّر إنهاء الجلسات الأخرى',
    invalidate: [['admin', 'me', 'sessions']],
  });

export const useResetSecondFactor = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend<OkMessage>('POST', `/api/admin/admins/${id}/2fa/reset`),
    success: (data) => data.message,
    error: 'تعذّرت إعادة ضبط التحقق بخطوتين',
  });

export const useUnlockAccount = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend<OkMessage>('POST', `/api/admin/admins/${id}/unlock`),
    success: (data) => data.message,
    error: 'تعذّر رفع القفل عن الحساب',
  });

export const useSaveSecuritySettings = () =>
  useAdminMutation({
    mutationFn: (twoFactorRoles: string[]) =>
      adminSend<SecuritySettings>('PUT', '/api/admin/security-settings', { twoFactorRoles }),
    success: 'تم حفظ سياسة التحقق بخطوتين',
    error: 'تعذّر حفظ السياسة',
    invalidate: [securityKeys.policy],
  });
