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
import { hashToken, SESSION_IDLE_MS, type AuthRepository } from './auth.repository';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
const SESSION_TOUCH_MS = 5 * 60_000;
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
      const user = userKey(username);
      const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
      // Checked and counted in one step (see reserveAttempt): racing attempts cannot all pass one stale count.
      const reserved = await repo.reserveAttempt(
        [
          { key: user, max: MAX_FAILURES_PER_USER },
          { key: addressKey(address), max: MAX_FAILURES_PER_ADDRESS },
        ],
        since,
        now(),
      );
      if (!reserved) throw authErrors.throttled();

      const row = await admins.findByUsername(username);
      const ok = await verifyPassword(row?.passwordHash ?? (await dummy()), password);
      if (!row || !ok) throw authErrors.loginFailed(); // the reserved attempt stays recorded as a failure
      const admin = toSessionAdmin(row);
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      const token = await write(admin, async (tx) => {
        await repo.forgetAttempts(reserved, tx);
        // A success clears this account's failures, not the address's: one person signing in from a shared
        // address must not reset the count of someone guessing other accounts from it.
        await repo.recordAttempts([user], true, now(), tx);
        const value = await repo.createSession(admin.id, now(), expiresAt, userAgent, tx);
        return { value, audit: { action: 'login', entity: 'session', entityId: null }, tags: [] };
      });
      await repo.deleteStale(now());
      return { admin, token, expiresAt };
    },

    /** The staff member a session cookie belongs to, or undefined when it is unknown or over. */
    async authenticate(token: string): Promise<{ admin: SessionAdmin; expiresAt: Date } | undefined> {
      const at = now();
      const found = await repo.findSession(token, at, new Date(at.getTime() - SESSION_IDLE_MS));
      if (!found) return undefined;
      // Use is noted at most every few minutes, not written on every request.
      if (at.getTime() - found.lastSeenAt.getTime() > SESSION_TOUCH_MS) await repo.touchSession(found.id, at);
      return { admin: toSessionAdmin(found.admin), expiresAt: found.expiresAt };
    },

    /** The signed-in staff member's own sessions (this one marked), to see where they are signed in. */
    async sessions(admin: SessionAdmin, token: string) {
      const at = now();
      const rows = await repo.listSessions(admin.id, at, new Date(at.getTime() - SESSION_IDLE_MS));
      const current = hashToken(token);
      return rows.map(({ tokenHash, ...r }) => ({ ...r, current: tokenHash === current }));
    },

    /** Ends one of the staff member's own sessions (another device); their other sessions are not theirs to end here. */
    async endSession(admin: SessionAdmin, id: number): Promise<void> {
      await write(admin, async (tx) => {
        if (!(await repo.deleteOwnSession(admin.id, id, tx))) throw authErrors.sessionNotFound();
        return { value: undefined, audit: { action: 'logout', entity: 'session', entityId: id }, tags: [] };
      });
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
