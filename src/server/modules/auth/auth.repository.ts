/** Sessions and login attempts: every statement about them. Tokens are never stored, only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { admins, loginAttempts, sessions } from '../../db/schema/accounts';
import type { AdminRow } from '../admins/admins.repository';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function authRepository(db: Db) {
  return {
    /** A new random session token (the cookie's value); only its hash is stored. */
    async createSession(
      adminId: number,
      at: Date,
      expiresAt: Date,
      userAgent: string | undefined,
      ex: Executor = db,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await ex.insert(sessions).values({
        tokenHash: hashToken(token),
        adminId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        userAgent: userAgent?.slice(0, 300),
      });
      return token;
    },
    async findSession(token: string, now: Date): Promise<{ admin: AdminRow; expiresAt: Date } | undefined> {
      const [row] = await db
        .select({ admin: admins, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
    async deleteSession(token: string, ex: Executor = db): Promise<void> {
      await ex.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
    /** Ends every session of an account, except (optionally) the one presenting `keepToken`. */
    async deleteSessionsOf(adminId: number, keepToken: string | undefined, ex: Executor = db): Promise<void> {
      await ex
        .delete(sessions)
        .where(
          keepToken
            ? and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, hashToken(keepToken)))
            : eq(sessions.adminId, adminId),
        );
    },
    /** Housekeeping: expired sessions and login attempts older than a day. */
    async deleteStale(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - 86_400_000)));
    },
    async recordAttempts(keys: string[], succeeded: boolean, at: Date, ex: Executor = db): Promise<void> {
      await ex.insert(loginAttempts).values(keys.map((key) => ({ key, succeeded, attemptedAt: at })));
    },
    /** Failed attempts for a key since its last success inside the window. */
    async recentFailures(key: string, since: Date, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({
          n: sql<number>`count(*) filter (where not ${loginAttempts.succeeded} and ${loginAttempts.attemptedAt} > coalesce((select max(attempted_at) from login_attempts s where s.key = ${key} and s.succeeded), '-infinity'))::int`,
        })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)));
      return row?.n ?? 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
