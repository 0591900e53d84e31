/**
 * Signing in: argon2id passwords, throttling per username and per address (kept in PostgreSQL so it holds
 * across instances), a fresh session id at every login.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../admins/passwords';
import type { AdminRow, AuthRepository } from './auth.repository';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USER = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export const LOGIN_FAILED = 'اسم المستخدم أو كلمة المرور غير صحيحة';
export const LOGIN_THROTTLED = 'تم تجاوز عدد محاولات الدخول المسموح بها، يرجى المحاولة بعد 15 دقيقة';

// A hash to verify against when the user does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function authService(repo: AuthRepository, now: () => Date) {
  const addressKey = (address: string) =>
    `addr:${createHash('sha256').update(`sahifa-login|${address}`).digest('hex').slice(0, 32)}`;
  const userKey = (username: string) => `user:${username.toLowerCase()}`;

  return {
    async login(
      username: string,
      password: string,
      address: string,
      userAgent: string | undefined,
    ): Promise<{ admin: AdminRow; token: string; expiresAt: Date }> {
      const keys = [userKey(username), addressKey(address)];
      const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
      const [byUser, byAddress] = await Promise.all([
        repo.recentFailures(keys[0]!, since),
        repo.recentFailures(keys[1]!, since),
      ]);
      if (byUser >= MAX_FAILURES_PER_USER || byAddress >= MAX_FAILURES_PER_ADDRESS)
        throw new AppError(429, 'LOGIN_THROTTLED', LOGIN_THROTTLED);

      const admin = await repo.findAdminByUsername(username);
      const ok = await verifyPassword(admin?.passwordHash ?? (await dummy()), password);
      if (!admin || !ok) {
        await repo.recordAttempt(keys, false);
        throw new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED);
      }
      await repo.recordAttempt(keys, true);
      await repo.deleteStale(now());
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      const token = await repo.createSession(admin.id, expiresAt, userAgent);
      return { admin, token, expiresAt };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
