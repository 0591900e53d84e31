/** Sessions and login attempts: every statement about them. Tokens are never stored, only their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { admins, knownDevices, loginAttempts, sessions } from '../../db/schema/accounts';
import type { AdminRow } from '../admins/admins.repository';

/** A session unused this long is over, whatever its expiry (12 hours: a shift, and the night after it). */
export const SESSION_IDLE_MS = 12 * 3_600_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionStage = 'full' | 'second_factor' | 'enrol';

export function authRepository(db: Db) {
  /** Failed attempts for a key since its last success inside the window, and when the last of them was. */
  async function failuresOf(key: string, since: Date, ex: Executor = db): Promise<{ n: number; last: Date | null }> {
    // Rows are numbered in the order they were written: "since the last success" holds even within one instant.
    const after = sql`${loginAttempts.id} > coalesce((select max(id) from login_attempts s where s.key = ${key} and s.succeeded), 0)`;
    const [row] = await ex
      .select({
        n: sql<number>`count(*) filter (where not ${loginAttempts.succeeded} and ${after})::int`,
        last: sql<
          string | null
        >`max(${loginAttempts.attemptedAt}) filter (where not ${loginAttempts.succeeded} and ${after})`,
      })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)));
    return { n: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
  }
  const recentFailures = async (key: string, since: Date, ex: Executor = db) => (await failuresOf(key, since, ex)).n;

  return {
    /** A new random session token (the cookie's value); only its hash is stored. */
    async createSession(
      v: {
        adminId: number;
        at: Date;
        expiresAt: Date;
        userAgent: string | undefined;
        address: string;
        stage: SessionStage;
      },
      ex: Executor = db,
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await ex.insert(sessions).values({
        tokenHash: hashToken(token),
        adminId: v.adminId,
        createdAt: v.at,
        lastSeenAt: v.at,
        verifiedAt: v.at,
        expiresAt: v.expiresAt,
        userAgent: v.userAgent?.slice(0, 300),
        address: v.address.slice(0, 100),
        stage: v.stage,
      });
      return token;
    },
    /** A session that has neither expired nor sat unused since `idleSince`. */
    async findSession(
      token: string,
      now: Date,
      idleSince: Date,
    ): Promise<
      | { admin: AdminRow; expiresAt: Date; id: number; lastSeenAt: Date; stage: SessionStage; verifiedAt: Date }
      | undefined
    > {
      const [row] = await db
        .select({
          admin: admins,
          expiresAt: sessions.expiresAt,
          id: sessions.id,
          lastSeenAt: sessions.lastSeenAt,
          stage: sessions.stage,
          verifiedAt: sessions.verifiedAt,
        })
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
    /** The session proved its owner again (password, code or passkey) at `at`. */
    async markVerified(token: string, at: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ verifiedAt: at, lastSeenAt: at })
        .where(eq(sessions.tokenHash, hashToken(token)));
    },
    /** A session held at enrolment becomes whole (the account now has a second factor). */
    async completeStage(token: string, at: Date, ex: Executor = db): Promise<void> {
      await ex
        .update(sessions)
        .set({ stage: 'full', verifiedAt: at, expiresAt: sql`${sessions.createdAt} + interval '7 days'` })
        .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.stage, 'enrol')));
    },
    /** Which of these marks (a browser's cookie hash, an address mark) belong to a sign-in of this account. */
    async knownMarks(username: string, marks: string[]): Promise<string[]> {
      const rows = await db
        .select({ mark: knownDevices.tokenHash })
        .from(knownDevices)
        .innerJoin(admins, eq(admins.id, knownDevices.adminId))
        .where(and(sql`lower(${admins.username}) = lower(${username})`, inArray(knownDevices.tokenHash, marks)));
      return rows.map((r) => r.mark);
    },
    /** The account's browsers and addresses are strangers again (a second-factor reset). */
    async forgetMarks(adminId: number, ex: Executor = db): Promise<void> {
      await ex.delete(knownDevices).where(eq(knownDevices.adminId, adminId));
    },
    async rememberMarks(adminId: number, marks: string[], at: Date, ex: Executor = db): Promise<void> {
      await ex
        .insert(knownDevices)
        .values(marks.map((tokenHash) => ({ tokenHash, adminId, createdAt: at, lastUsedAt: at })))
        .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.adminId], set: { lastUsedAt: at } });
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
          address: sessions.address,
          tokenHash: sessions.tokenHash,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.adminId, adminId),
            eq(sessions.stage, 'full'),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, idleSince),
          ),
        )
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
      // A browser or address unused for 90 days is a stranger again.
      await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, new Date(now.getTime() - 90 * 86_400_000)));
    },
    /**
     * Checks and records an attempt in one step: under a transaction-scoped advisory lock per key (taken in a fixed
     * order), counts each key's recent failures and, if every key is under its limit (and, for a key with a
     * backoff, its wait since the last failure is over), records this attempt as a failure at once (forgotten again
     * if the answer proves right). Concurrent attempts — on one instance or many — are therefore counted one after
     * another; none is checked against a count taken before the others.
     */
    async reserveAttempt(
      limits: { key: string; max: number; backoff: boolean }[],
      since: Date,
      at: Date,
      backoffMs: (failures: number) => number,
    ): Promise<{ ok: true; ids: number[] } | { ok: false }> {
      return db.transaction(async (tx) => {
        for (const { key } of [...limits].sort((a, b) => a.key.localeCompare(b.key)))
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 7))`);
        for (const { key, max, backoff } of limits) {
          const { n, last } = await failuresOf(key, since, tx);
          if (backoff) {
            if (n >= max && last && at.getTime() - last.getTime() < backoffMs(n)) return { ok: false };
          } else if (n >= max) return { ok: false };
        }
        const rows = await tx
          .insert(loginAttempts)
          .values(limits.map(({ key }) => ({ key, succeeded: false, attemptedAt: at })))
          .returning({ id: loginAttempts.id });
        return { ok: true, ids: rows.map((r) => r.id) };
      });
    },
    /** An admin's unlock: the failures of an account by its name, from everywhere. */
    async clearFailures(account: string, ex: Executor = db): Promise<void> {
      await ex
        .delete(loginAttempts)
        .where(
          and(
            eq(loginAttempts.succeeded, false),
            or(
              eq(loginAttempts.key, `user:${account}`),
              sql`starts_with(${loginAttempts.key}, ${`place:${account}|`})`,
            ),
          ),
        );
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
