/** Sessions and login attempts: every statement about them. Tokens are never stored, only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { admins, loginAttempts, sessions } from '../../db/schema/accounts';
import type { AdminRow } from '../admins/admins.repository';

/** A session unused this long is over, whatever its expiry (12 hours: a shift, and the night after it). */
export const SESSION_IDLE_MS = 12 * 3_600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function authRepository(db: Db) {
  /** Failed attempts for a key since its last success inside the window. */
  async function recentFailures(key: string, since: Date, ex: Executor = db): Promise<number> {
    const [row] = await ex
      .select({
        n: sql<number>`count(*) filter (where not ${loginAttempts.succeeded} and ${loginAttempts.attemptedAt} > coalesce((select max(attempted_at) from login_attempts s where s.key = ${key} and s.succeeded), '-infinity'))::int`,
      })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)));
    return row?.n ?? 0;
  }

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
    /** A session that has neither expired nor sat unused since `idleSince`. */
    async findSession(
      token: string,
      now: Date,
      idleSince: Date,
    ): Promise<{ admin: AdminRow; expiresAt: Date; id: number; lastSeenAt: Date } | undefined> {
      const [row] = await db
        .select({ admin: admins, expiresAt: sessions.expiresAt, id: sessions.id, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, idleSince),
          ),
        )
        .limit(1);
      return row;
    },
    async touchSession(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    /** A staff member's sessions still in force, the most recently used first. */
    async listSessions(adminId: number, now: Date, idleSince: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
          tokenHash: sessions.tokenHash,
        })
        .from(sessions)
        .where(and(eq(sessions.adminId, adminId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
    },
    /** Ends one of a staff member's own sessions; false if they have no such session. */
    async deleteOwnSession(adminId: number, id: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .delete(sessions)
        .where(and(eq(sessions.adminId, adminId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length > 0;
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
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
      await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - 86_400_000)));
    },
    /**
     * Checks and records an attempt in one step: under a transaction-scoped advisory lock per key (taken in a fixed
     * order), counts each key's recent failures and, if every key is under its limit, records this attempt as a
     * failure at once (forgotten again if the password proves right). Concurrent attempts — on one instance or
     * many — are therefore counted one after another; none is checked against a count taken before the others.
     * The attempt's row ids, or null when a limit is reached.
     */
    async reserveAttempt(limits: { key: string; max: number }[], since: Date, at: Date): Promise<number[] | null> {
      return db.transaction(async (tx) => {
        for (const { key } of [...limits].sort((a, b) => a.key.localeCompare(b.key)))
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 7))`);
        for (const { key, max } of limits) if ((await recentFailures(key, since, tx)) >= max) return null;
        const rows = await tx
          .insert(loginAttempts)
          .values(limits.map(({ key }) => ({ key, succeeded: false, attemptedAt: at })))
          .returning({ id: loginAttempts.id });
        return rows.map((r) => r.id);
      });
    },
    /** A reserved attempt that proved right is not a failure. */
    async forgetAttempts(ids: number[], ex: Executor = db): Promise<void> {
      if (ids.length) await ex.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    },
    async recordAttempts(keys: string[], succeeded: boolean, at: Date, ex: Executor = db): Promise<void> {
      await ex.insert(loginAttempts).values(keys.map((key) => ({ key, succeeded, attemptedAt: at })));
    },
    recentFailures,
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
