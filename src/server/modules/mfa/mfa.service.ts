/**
 * Second factors of staff accounts: the policy (which roles must have one), the authenticator app (TOTP) with its
 * recovery codes, and an admin's reset of someone else's. Passkeys are in passkeys.service.ts.
 *
 * Rules where the issue is silent: a code is accepted once (its 30-second step is remembered); recovery codes are
 * 10 random codes of 10 letters and digits (about 50 bits each), only their SHA-256 kept; renewing them voids the
 * old ones; removing the last second factor is refused while the policy requires one for the role.
 */
import { randomInt } from 'node:crypto';
import QRCode from 'qrcode';
import { ROLE_VALUES, type Role } from '../../../shared/permissions';
import type { Tx } from '../../db/client';
import type { Actor, Writer } from '../../lib/write';
import type { AuthRepository } from '../auth/auth.repository';
import type { SettingsRepository } from '../settings/settings.repository';
import { adminsErrors } from '../admins/admins.errors';
import { mfaErrors } from './mfa.errors';
import type { MfaRepository } from './mfa.repository';
import { newTotpSecret, totpStep, totpUri } from './totp';

export const SECURITY_SETTINGS_KEY = 'security';
/** Unless an admin chooses otherwise: admins and editors, whose accounts can change what readers see. */
export const DEFAULT_TWO_FACTOR_ROLES: Role[] = ['admin', 'editor'];
export const RECOVERY_CODE_COUNT = 10;
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

export interface TwoFactorPolicy {
  roles: Role[];
  /** Set by STAFF_2FA_ROLES: the settings screen shows it and cannot change it. */
  fromEnvironment: boolean;
}

export function mfaService(deps: {
  repo: MfaRepository;
  auth: AuthRepository;
  settings: SettingsRepository;
  write: Writer;
  now: () => Date;
  environmentRoles: Role[] | undefined;
  siteName: () => Promise<string>;
}) {
  const { repo, auth, settings, write, now } = deps;

  async function policy(): Promise<TwoFactorPolicy> {
    if (deps.environmentRoles) return { roles: deps.environmentRoles, fromEnvironment: true };
    const stored = (await settings.get(SECURITY_SETTINGS_KEY)) as { twoFactorRoles?: unknown } | undefined;
    const roles = Array.isArray(stored?.twoFactorRoles)
      ? ROLE_VALUES.filter((r) => (stored.twoFactorRoles as unknown[]).includes(r))
      : DEFAULT_TWO_FACTOR_ROLES;
    return { roles, fromEnvironment: false };
  }

  const hasFactor = (f: { totp: boolean; passkeys: number } | undefined) => !!f && (f.totp || f.passkeys > 0);

  /**
   * Takes away one of an account's second factors (`remove`, inside the change), refused when it was the last one
   * and the role must have one. The account's row is locked first, so two removals at once are decided one after
   * the other and cannot both leave the other factor alone.
   */
  async function removeFactor(actor: Actor & { role: Role }, tx: Tx, remove: () => Promise<void>): Promise<void> {
    await repo.lockAccount(actor.id!, tx);
    await remove();
    if (!(await policy()).roles.includes(actor.role)) return;
    if (!hasFactor(await repo.factorsOf(actor.id!, tx))) throw mfaErrors.policyRequires();
  }

  /** A session that was held at enrolment becomes a whole one once the account has a second factor. */
  const completeEnrolment = (sessionToken: string, tx: Tx) => auth.completeStage(sessionToken, now(), tx);

  return {
    policy,
    async requiredFor(role: Role): Promise<boolean> {
      return (await policy()).roles.includes(role);
    },
    async setPolicy(actor: Actor, roles: Role[]): Promise<TwoFactorPolicy> {
      if (deps.environmentRoles) throw mfaErrors.policyFromEnvironment();
      const chosen = ROLE_VALUES.filter((r) => roles.includes(r));
      await write(actor, async (tx) => {
        await settings.put(SECURITY_SETTINGS_KEY, { twoFactorRoles: chosen }, actor.id, now(), tx);
        return {
          value: undefined,
          audit: {
            action: 'update',
            entity: 'settings',
            entityId: SECURITY_SETTINGS_KEY,
            details: { twoFactorRoles: chosen },
          },
          tags: [],
        };
      });
      return policy();
    },

    /** What second factors an account has (none for an account that does not exist). */
    factorsOf: async (adminId: number) =>
      (await repo.factorsOf(adminId)) ?? { totp: false, passkeys: 0, recoveryLeft: 0 },
    removeFactor,

    async status(adminId: number, role: Role) {
      const [factors, keys, required] = [
        await repo.factorsOf(adminId),
        await repo.listPasskeys(adminId),
        await policy(),
      ];
      return {
        totp: !!factors?.totp,
        recoveryCodesLeft: factors?.recoveryLeft ?? 0,
        passkeys: keys,
        required: required.roles.includes(role),
      };
    },

    /** A new secret to show (QR code and text); it is on only once a first code confirms it. */
    async startTotp(actor: Actor & { username: string }): Promise<{ secret: string; uri: string; qrSvg: string }> {
      const secret = newTotpSecret();
      await repo.setPendingSecret(actor.id!, secret);
      const uri = totpUri(secret, actor.username, await deps.siteName());
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qrSvg };
    },

    /** The first code turns the app on; the recovery codes are returned this once. */
    async confirmTotp(actor: Actor, sessionToken: string, code: string): Promise<string[]> {
      const stored = await repo.totpOf(actor.id!);
      if (!stored?.pending) throw mfaErrors.notStarted();
      const step = totpStep(stored.pending, code, now());
      if (step === null) throw mfaErrors.codeInvalid();
      const codes = newRecoveryCodes();
      await write(actor, async (tx) => {
        if (!(await repo.confirmSecret(actor.id!, stored.pending!, step, tx))) throw mfaErrors.notStarted();
        await repo.replaceRecoveryCodes(actor.id!, codes, tx);
        await completeEnrolment(sessionToken, tx);
        return {
          value: undefined,
          audit: { action: 'enable', entity: 'two_factor', entityId: actor.id, details: { method: 'totp' } },
          tags: [],
        };
      });
      return codes;
    },

    async removeTotp(actor: Actor & { role: Role }): Promise<void> {
      await write(actor, async (tx) => {
        await removeFactor(actor, tx, async () => {
          await repo.removeTotp(actor.id!, tx);
          await repo.replaceRecoveryCodes(actor.id!, [], tx);
        });
        return {
          value: undefined,
          audit: { action: 'disable', entity: 'two_factor', entityId: actor.id, details: { method: 'totp' } },
          tags: [],
        };
      });
    },

    async renewRecoveryCodes(actor: Actor): Promise<string[]> {
      const codes = newRecoveryCodes();
      await write(actor, async (tx) => {
        await repo.replaceRecoveryCodes(actor.id!, codes, tx);
        return {
          value: undefined,
          audit: { action: 'update', entity: 'two_factor', entityId: actor.id, details: { recoveryCodes: 'renewed' } },
          tags: [],
        };
      });
      return codes;
    },

    /**
     * Checks a second-factor code of an account: a current app code not used before, or an unused recovery code
     * (spent now, and audited). Which it was, or null. The caller throttles.
     */
    async verifyCode(account: Actor, code: string): Promise<'totp' | 'recovery' | null> {
      const at = now();
      const cleaned = code.trim();
      if (/^\d[\d\s]{4,8}\d$/.test(cleaned)) {
        const stored = await repo.totpOf(account.id!);
        if (!stored?.secret) return null;
        const step = totpStep(stored.secret, cleaned, at);
        return step !== null && (await repo.useStep(account.id!, step)) ? 'totp' : null;
      }
      return write(account, async (tx) => {
        const used = await repo.useRecoveryCode(account.id!, cleaned, at, tx);
        return {
          value: used ? ('recovery' as const) : null,
          audit: used ? { action: 'recovery_used', entity: 'two_factor', entityId: account.id } : null,
          tags: [],
        };
      });
    },

    /** An admin clears another account's second factors and ends its sessions (never their own this way). */
    async reset(actor: Actor, id: number): Promise<void> {
      if (id === actor.id) throw mfaErrors.notOnOwnAccount();
      await write(actor, async (tx) => {
        if (!(await repo.factorsOf(id, tx))) throw adminsErrors.notFound();
        await repo.removeTotp(id, tx);
        await repo.replaceRecoveryCodes(id, [], tx);
        await repo.deletePasskeysOf(id, tx);
        await auth.deleteSessionsOf(id, undefined, tx);
        // Its browsers and addresses are strangers again: whoever holds them proves everything anew.
        await auth.forgetMarks(id, tx);
        return { value: undefined, audit: { action: 'reset', entity: 'two_factor', entityId: id }, tags: [] };
      });
    },
  };
}
export type MfaService = ReturnType<typeof mfaService>;
