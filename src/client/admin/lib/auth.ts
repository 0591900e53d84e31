/**
 * The browser's record of the signed-in admin (SPEC §3, key admin_auth): { token: 'session', user }. The
 * server trusts only its httpOnly cookie; this record only lets the panel show the name and role at once.
 */
import type { AdminUser } from '../../../shared/schemas/admin';

export const AUTH_KEY = 'admin_auth';

export interface StoredAuth {
  token: string;
  user: AdminUser;
}

export function readAuth(): StoredAuth | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(AUTH_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredAuth>;
    if (!parsed.token || !parsed.user || typeof parsed.user.id !== 'number') return null;
    return parsed as StoredAuth;
  } catch (err) {
    console.error('سجل الدخول المحفوظ غير قابل للقراءة', err);
    return null;
  }
}

export function saveAuth(user: AdminUser): void {
  localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'session', user }));
}

export function clearAuth(): void {
  localStorage.removeItem(AUTH_KEY);
}
