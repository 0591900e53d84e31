import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, loginAttempts, sessions } from '../../db/schema/accounts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export type AdminRow = typeof admins.$inferSelect;

export function authRepository(db: Db) {
  return {
    async findAdminByUsername(username: string): Promise<AdminRow | undefined> {
      const [row] = await db
        .select()
        .from(admins)
        .where(sql`lower(${admins.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    /** A new random session token (the cookie); only its hash is stored. */
    async createSession(adminId: number, expiresAt: Date, userAgent: string | undefined): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insert(sessions)
        .values({ tokenHash: hashToken(token), adminId, expiresAt, userAgent: userAgent?.slice(0, 300) });
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
    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
    /** Housekeeping: expired sessions and login attempts older than a day. */
    async deleteStale(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - 86_400_000)));
    },
    async recordAttempt(keys: string[], succeeded: boolean): Promise<void> {
      await db.insert(loginAttempts).values(keys.map((key) => ({ key, succeeded })));
    },
    /** Failed attempts for a key since its last success inside the window. */
    async recentFailures(key: string, since: Date): Promise<number> {
      const [row] = await db
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
