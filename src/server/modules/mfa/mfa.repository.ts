/** Second factors: every statement about authenticator secrets, recovery codes, passkeys and WebAuthn challenges. */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { admins, passkeys, recoveryCodes, webauthnChallenges } from '../../db/schema/accounts';

const hashCode = (code: string) =>
  createHash('sha256')
    .update(`sahifa-recovery|${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`)
    .digest('hex');

export type PasskeyRow = typeof passkeys.$inferSelect;

export function mfaRepository(db: Db) {
  return {
    /** What second factors an account has. */
    async factorsOf(
      adminId: number,
      ex: Executor = db,
    ): Promise<{ totp: boolean; passkeys: number; recoveryLeft: number } | undefined> {
      const [row] = await ex
        .select({
          totp: sql<boolean>`${admins.totpSecret} is not null`,
          // Written out: inside a subquery drizzle would name the outer column without its table.
          passkeys: sql<number>`(select count(*)::int from passkeys p where p.admin_id = "admins"."id")`,
          recoveryLeft: sql<number>`(select count(*)::int from recovery_codes r where r.admin_id = "admins"."id" and r.used_at is null)`,
        })
        .from(admins)
        .where(eq(admins.id, adminId));
      return row;
    },
    /** Holds the account's row until the change commits (changes to its second factors, one at a time). */
    async lockAccount(adminId: number, ex: Executor): Promise<void> {
      await ex.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
    },
    async totpOf(adminId: number, ex: Executor = db) {
      const [row] = await ex
        .select({ secret: admins.totpSecret, pending: admins.totpPendingSecret, lastStep: admins.totpLastStep })
        .from(admins)
        .where(eq(admins.id, adminId));
      return row;
    },
    async setPendingSecret(adminId: number, secret: string, ex: Executor = db): Promise<void> {
      await ex.update(admins).set({ totpPendingSecret: secret }).where(eq(admins.id, adminId));
    },
    /** The pending secret becomes the account's, with the step of the code that confirmed it. */
    async confirmSecret(adminId: number, secret: string, step: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(admins)
        .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
        .where(and(eq(admins.id, adminId), eq(admins.totpPendingSecret, secret)))
        .returning({ id: admins.id });
      return rows.length > 0;
    },
    /**
     * Takes a code's time step for the account, once: false when that step (or a later one) was already used, so a
     * code seen over someone's shoulder cannot be replayed inside its window.
     */
    async useStep(adminId: number, step: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(admins)
        .set({ totpLastStep: step })
        .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
        .returning({ id: admins.id });
      return rows.length > 0;
    },
    async removeTotp(adminId: number, ex: Executor = db): Promise<void> {
      await ex
        .update(admins)
        .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
        .where(eq(admins.id, adminId));
    },
    async replaceRecoveryCodes(adminId: number, codes: string[], ex: Executor = db): Promise<void> {
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
      if (codes.length) await ex.insert(recoveryCodes).values(codes.map((c) => ({ adminId, codeHash: hashCode(c) })));
    },
    /** Spends a recovery code (once only); false when it is not one of the account's unused codes. */
    async useRecoveryCode(adminId: number, code: string, at: Date, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(recoveryCodes.adminId, adminId),
            eq(recoveryCodes.codeHash, hashCode(code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },
    async listPasskeys(adminId: number, ex: Executor = db): Promise<PasskeyRow[]> {
      return ex.select().from(passkeys).where(eq(passkeys.adminId, adminId)).orderBy(asc(passkeys.id));
    },
    async passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },
    async insertPasskey(
      values: {
        adminId: number;
        credentialId: string;
        publicKey: Uint8Array<ArrayBuffer>;
        counter: number;
        transports: string[];
        name: string;
        at: Date;
      },
      ex: Executor = db,
    ): Promise<PasskeyRow> {
      const [row] = await ex
        .insert(passkeys)
        .values({
          adminId: values.adminId,
          credentialId: values.credentialId,
          publicKey: values.publicKey,
          counter: values.counter,
          transports: values.transports,
          name: values.name,
          createdAt: values.at,
        })
        .returning();
      return row!;
    },
    async usePasskey(id: number, counter: number, at: Date, ex: Executor = db): Promise<void> {
      await ex.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },
    async deletePasskey(adminId: number, id: number, ex: Executor = db): Promise<PasskeyRow | undefined> {
      const [row] = await ex
        .delete(passkeys)
        .where(and(eq(passkeys.adminId, adminId), eq(passkeys.id, id)))
        .returning();
      return row;
    },
    async deletePasskeysOf(adminId: number, ex: Executor = db): Promise<void> {
      await ex.delete(passkeys).where(eq(passkeys.adminId, adminId));
    },
    async saveChallenge(values: {
      id: string;
      challenge: string;
      adminId: number | null;
      purpose: 'register' | 'authenticate';
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(webauthnChallenges).values(values);
    },
    /** Housekeeping: challenges nobody answered in time. */
    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    },
    /** A challenge, taken (deleted) so that it answers once; undefined when unknown, spent or expired. */
    async takeChallenge(id: string, purpose: 'register' | 'authenticate', now: Date) {
      const [row] = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.id, id),
            eq(webauthnChallenges.purpose, purpose),
            gt(webauthnChallenges.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
export type MfaRepository = ReturnType<typeof mfaRepository>;
