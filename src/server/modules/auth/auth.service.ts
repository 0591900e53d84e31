/**
 * Signing in and sessions: argon2id passwords, throttling per username and per address (kept in PostgreSQL so it
 * holds across instances), a fresh session id at every login, sessions that end after 7 days.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../../shared/permissions';
import type { Writer } from '../../lib/write';
import { hashPassword, verifyPassword } from '../admins/passwords';
import type { AdminRow, AdminsRepository } from '../admins/admins.repository';
import { authErrors } from './auth.errors';
import type { AuthRepository } from './auth.repository';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USER = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** The signed-in staff member of a request, as the gate sees it. */
export interface SessionAdmin {
  id: number;
  username: string;
  fullName: string;
  email: string;
  role: Role;
  bio: string;
  avatarUrl: string | null;
  createdAt: Date;
}

export const toSessionAdmin = (a: AdminRow): SessionAdmin => ({
  id: a.id,
  username: a.username,
  fullName: a.fullName,
  email: a.email,
  role: a.role,
  bio: a.bio,
  avatarUrl: a.avatarUrl,
  createdAt: a.createdAt,
});

// A hash to verify against when the user does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function authService(deps: { repo: AuthRepository; admins: AdminsRepository; write: Writer; now: () => Date }) {
  const { repo, admins, write, now } = deps;
  const addressKey = (address: string) =>
    `addr:${createHash('sha256').update(`sahifa-login|${address}`).digest('hex').slice(0, 32)}`;
  const userKey = (username: string) => `user:${username.toLowerCase()}`;

  return {
    async login(
      username: string,
      password: string,
      address: string,
      userAgent: string | undefined,
    ): Promise<{ admin: SessionAdmin; token: string; expiresAt: Date }> {
      const keys = [userKey(username), addressKey(address)];
      const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
      const [byUser, byAddress] = await Promise.all([
        repo.recentFailures(keys[0]!, since),
        repo.recentFailures(keys[1]!, since),
      ]);
      if (byUser >= MAX_FAILURES_PER_USER || byAddress >= MAX_FAILURES_PER_ADDRESS) throw authErrors.throttled();

      const row = await admins.findByUsername(username);
      const ok = await verifyPassword(row?.passwordHash ?? (await dummy()), password);
      if (!row || !ok) {
        await repo.recordAttempts(keys, false, now());
        throw authErrors.loginFailed();
      }
      const admin = toSessionAdmin(row);
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      const token = await write(admin, async (tx) => {
        await repo.recordAttempts(keys, true, now(), tx);
        const value = await repo.createSession(admin.id, now(), expiresAt, userAgent, tx);
        return { value, audit: { action: 'login', entity: 'session', entityId: null }, tags: [] };
      });
      await repo.deleteStale(now());
      return { admin, token, expiresAt };
    },

    /** The staff member a session cookie belongs to, or undefined when it is unknown or over. */
    async authenticate(token: string): Promise<{ admin: SessionAdmin; expiresAt: Date } | undefined> {
      const found = await repo.findSession(token, now());
      return found && { admin: toSessionAdmin(found.admin), expiresAt: found.expiresAt };
    },

    async logout(admin: SessionAdmin, token: string): Promise<void> {
      await write(admin, async (tx) => {
        await repo.deleteSession(token, tx);
        return { value: undefined, audit: { action: 'logout', entity: 'session', entityId: null }, tags: [] };
      });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
