/**
 * Signing in and sessions: argon2id passwords, a second step (authenticator code, recovery code or passkey) for
 * accounts that have one, enrolment first for accounts the policy requires one of, passkeys that sign in alone,
 * every check throttled (auth.throttle.ts), a fresh session id at every step, sessions that end after 7 days.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Role } from '../../../shared/permissions';
import { SECOND_FACTOR_METHODS } from '../../../shared/schemas/security';
import type { Actor, Writer } from '../../lib/write';
import { hashPassword, verifyPassword } from '../admins/passwords';
import type { AdminRow, AdminsRepository } from '../admins/admins.repository';
import type { MfaService } from '../mfa/mfa.service';
import { mfaErrors } from '../mfa/mfa.errors';
import type { PasskeysService, RelyingParty } from '../mfa/passkeys.service';
import { authErrors } from './auth.errors';
import { hashToken, SESSION_IDLE_MS, type AuthRepository, type SessionStage } from './auth.repository';
import { throttle as makeThrottle, type Origin } from './auth.throttle';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;
/** The second step must follow the password within 10 minutes. */
export const SECOND_STEP_TTL_MS = 10 * 60_000;
/** A session held at enrolment lasts an hour: long enough to install an app, not a way to stay signed in. */
export const ENROL_TTL_MS = 3_600_000;
/** Sensitive actions want the password or a second factor within this long (REAUTH_REQUIRED otherwise). */
export const REAUTH_WINDOW_MS = 10 * 60_000;
const SESSION_TOUCH_MS = 5 * 60_000;

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

/** Where a sign-in comes from: the address, the user agent, and the browser's known-device cookie. */
export interface SignInContext {
  address: string;
  userAgent: string | undefined;
  deviceToken: string | undefined;
}

export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export type SignInOutcome =
  | {
      step: 'done';
      admin: SessionAdmin;
      token: string;
      expiresAt: Date;
      /** The browser's known-device cookie (set again on every whole sign-in). */
      deviceToken: string | undefined;
      /** The session may only enrol a second factor (the policy requires one this account lacks). */
      enrol: boolean;
    }
  | { step: 'second_factor'; token: string; expiresAt: Date; methods: SecondFactorMethod[] };

// A hash to verify against when the user does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const addressMark = (username: string, address: string) =>
  `addr:${createHash('sha256').update(`sahifa-known|${username.toLowerCase()}|${address}`).digest('hex').slice(0, 40)}`;

export function authService(deps: {
  repo: AuthRepository;
  admins: AdminsRepository;
  mfa: MfaService;
  passkeys: PasskeysService;
  write: Writer;
  now: () => Date;
}) {
  const { repo, admins, mfa, passkeys, write, now } = deps;
  const limiter = makeThrottle(repo, now);

  /** Where a check comes from, with whether this browser or address signed in to the account before. */
  async function originOf(username: string, address: string, deviceToken: string | undefined): Promise<Origin> {
    const device = deviceToken ? hashToken(deviceToken) : undefined;
    const known = await repo.knownMarks(username, [addressMark(username, address), ...(device ? [device] : [])]);
    return {
      address,
      knownDevice: device && known.includes(device) ? device : undefined,
      knownAddress: known.includes(addressMark(username, address)),
    };
  }

  /** An actor for audit entries about an attempt (the account when it exists, else the name typed). */
  const attemptActor = (username: string, row: AdminRow | undefined): Actor => ({
    id: row?.id ?? null,
    username: row?.username ?? username.slice(0, 100),
    fullName: row?.fullName,
  });

  async function recordFailure(username: string, row: AdminRow | undefined, address: string, step: string) {
    const locked = await limiter.justLocked(username);
    await write(attemptActor(username, row), async () => ({
      value: undefined,
      audit: [
        { action: 'login_failed' as const, entity: 'session', entityId: null, details: { step, address } },
        ...(locked
          ? [{ action: 'lock' as const, entity: 'admin', entityId: row?.id ?? null, details: { address } }]
          : []),
      ],
      tags: [],
    }));
  }

  /** Checks a password against the throttle; throws LOGIN_THROTTLED while a limit holds. */
  async function checkPassword(
    username: string,
    row: AdminRow | undefined,
    password: string,
    origin: Origin,
  ): Promise<boolean> {
    const reserved = await limiter.reserve(username, origin, 'password');
    if (!reserved) throw authErrors.throttled();
    const ok = !!row && (await verifyPassword(row.passwordHash, password));
    if (!row) await verifyPassword(await dummy(), password);
    if (ok) await limiter.passed(username, origin, 'password', reserved);
    return ok;
  }

  /**
   * A whole session (or one held at enrolment when the account has no second factor and its role needs one), the
   * browser and address remembered, the sign-in audited. The browser keeps its device token only when that token
   * already belongs to a sign-in of this account; otherwise it gets a new one (a token planted in the browser never
   * becomes "known").
   */
  async function finish(
    row: AdminRow,
    ctx: SignInContext,
    method: string,
    hasFactor: boolean,
  ): Promise<SignInOutcome & { step: 'done' }> {
    const admin = toSessionAdmin(row);
    const enrol = !hasFactor && (await mfa.requiredFor(row.role));
    const at = now();
    const expiresAt = new Date(at.getTime() + (enrol ? ENROL_TTL_MS : SESSION_TTL_MS));
    const kept = ctx.deviceToken && (await repo.knownMarks(row.username, [hashToken(ctx.deviceToken)])).length > 0;
    const deviceToken = kept ? ctx.deviceToken! : randomBytes(32).toString('base64url');
    const token = await write(admin, async (tx) => {
      const value = await repo.createSession(
        {
          adminId: admin.id,
          at,
          expiresAt,
          userAgent: ctx.userAgent,
          address: ctx.address,
          stage: enrol ? 'enrol' : 'full',
        },
        tx,
      );
      await repo.rememberMarks(admin.id, [hashToken(deviceToken), addressMark(row.username, ctx.address)], at, tx);
      return { value, audit: { action: 'login', entity: 'session', entityId: null, details: { method } }, tags: [] };
    });
    return { step: 'done', admin, token, expiresAt, deviceToken, enrol };
  }

  /** A session still in force (not expired, not idle), whatever its stage. */
  async function sessionFor(token: string | undefined) {
    if (!token) return undefined;
    const at = now();
    return repo.findSession(token, at, new Date(at.getTime() - SESSION_IDLE_MS));
  }

  /** The account waiting for its second step in this session, or undefined. */
  const pendingFor = async (token: string | undefined) => {
    const found = await sessionFor(token);
    return found?.stage === 'second_factor' ? found : undefined;
  };

  return {
    async login(username: string, password: string, ctx: SignInContext): Promise<SignInOutcome> {
      const origin = await originOf(username, ctx.address, ctx.deviceToken);
      const row = await admins.findByUsername(username);
      if (!(await checkPassword(username, row, password, origin))) {
        await recordFailure(username, row, ctx.address, 'password');
        throw authErrors.loginFailed();
      }
      const found = row!;
      const factors = await mfa.factorsOf(found.id);
      if (factors.totp || factors.passkeys > 0) {
        const at = now();
        const expiresAt = new Date(at.getTime() + SECOND_STEP_TTL_MS);
        const token = await repo.createSession({
          adminId: found.id,
          at,
          expiresAt,
          userAgent: ctx.userAgent,
          address: ctx.address,
          stage: 'second_factor',
        });
        const methods: SecondFactorMethod[] = [
          ...(factors.totp ? (['totp', 'recovery'] as const) : []),
          ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
        ];
        return { step: 'second_factor', token, expiresAt, methods };
      }
      return finish(found, ctx, 'password', false);
    },

    /** The second step with an authenticator or recovery code: the pending session becomes a new whole one. */
    async secondStep(pendingToken: string | undefined, code: string, ctx: SignInContext): Promise<SignInOutcome> {
      const pending = await pendingFor(pendingToken);
      if (!pending) throw authErrors.secondStepExpired();
      const row = pending.admin;
      const origin = { address: ctx.address };
      const reserved = await limiter.reserve(row.username, origin, 'code');
      if (!reserved) throw authErrors.throttled();
      const method = await mfa.verifyCode(toSessionAdmin(row), code);
      if (!method) {
        await recordFailure(row.username, row, ctx.address, 'second_factor');
        throw mfaErrors.codeInvalid();
      }
      await limiter.passed(row.username, origin, 'code', reserved);
      await repo.deleteSession(pendingToken!);
      return finish(row, ctx, method, true);
    },

    passkeyOptions: async (rp: RelyingParty, pendingToken: string | undefined) =>
      passkeys.authenticationOptions(rp, (await pendingFor(pendingToken))?.admin.id ?? null),

    /**
     * A passkey: the second step of a pending session, or a whole sign-in on its own (then the authenticator must
     * have verified its user: a PIN, a fingerprint or a face).
     */
    async passkeySignIn(
      input: { challengeId: string; response: AuthenticationResponseJSON },
      rp: RelyingParty,
      pendingToken: string | undefined,
      ctx: SignInContext,
    ): Promise<SignInOutcome> {
      const pending = await pendingFor(pendingToken);
      const proof = await passkeys.verify(input, rp, pending?.admin.id ?? null).catch(async (err) => {
        if (pending) await recordFailure(pending.admin.username, pending.admin, ctx.address, 'passkey');
        throw err;
      });
      if (!pending && !proof.userVerified) throw mfaErrors.passkeyFailed();
      const row = pending?.admin ?? (await admins.findById(proof.adminId));
      if (!row) throw mfaErrors.passkeyFailed();
      if (pending) await repo.deleteSession(pendingToken!);
      return finish(row, ctx, 'passkey', true);
    },

    /**
     * The staff member a session cookie belongs to, or undefined when it is unknown or over. A session waiting for
     * its second step is nobody yet.
     */
    async authenticate(
      token: string,
    ): Promise<{ admin: SessionAdmin; expiresAt: Date; stage: SessionStage; verifiedAt: Date } | undefined> {
      const at = now();
      const found = await sessionFor(token);
      if (!found || found.stage === 'second_factor') return undefined;
      // Use is noted at most every few minutes, not written on every request.
      if (at.getTime() - found.lastSeenAt.getTime() > SESSION_TOUCH_MS) await repo.touchSession(found.id, at);
      return {
        admin: toSessionAdmin(found.admin),
        expiresAt: found.expiresAt,
        stage: found.stage,
        verifiedAt: found.verifiedAt,
      };
    },

    /** Whether a session proved its owner recently enough for a sensitive action. */
    recentlyVerified: (verifiedAt: Date) => now().getTime() - verifiedAt.getTime() <= REAUTH_WINDOW_MS,

    /**
     * A signed-in staff member's own password, checked under the same throttle as signing in (a stolen cookie
     * does not make guessing it any faster).
     */
    async checkOwnPassword(actor: SessionAdmin, password: string, address: string): Promise<boolean> {
      const row = await admins.findById(actor.id);
      const ok = await checkPassword(actor.username, row, password, await originOf(actor.username, address, undefined));
      if (!ok) await recordFailure(actor.username, row, address, 'password_check');
      return ok;
    },

    /**
     * A check of a signed-in staff member's second factor (`run` throws CODE_INVALID when the code is wrong), under
     * the same throttle as signing in; a wrong code is audited like a failed sign-in.
     */
    async checkCode<T>(actor: SessionAdmin, address: string, step: string, run: () => Promise<T>): Promise<T> {
      const origin = { address };
      const reserved = await limiter.reserve(actor.username, origin, 'code');
      if (!reserved) throw authErrors.throttled();
      try {
        const value = await run();
        await limiter.passed(actor.username, origin, 'code', reserved);
        return value;
      } catch (err) {
        if ((err as { code?: string }).code === 'CODE_INVALID')
          await recordFailure(actor.username, await admins.findById(actor.id), address, step);
        throw err;
      }
    },

    /** Proves the owner again (password, or an app or recovery code) for the sensitive actions of the next 10 minutes. */
    async reauthenticate(
      actor: SessionAdmin,
      token: string,
      proof: { password?: string; code?: string },
      address: string,
    ): Promise<void> {
      if (proof.password !== undefined) {
        if (!(await this.checkOwnPassword(actor, proof.password, address))) throw authErrors.wrongPassword();
      } else {
        await this.checkCode(actor, address, 'second_factor_check', async () => {
          if (!(await mfa.verifyCode(actor, proof.code ?? ''))) throw mfaErrors.codeInvalid();
        });
      }
      await repo.markVerified(token, now());
    },

    reauthPasskeyOptions: (actor: SessionAdmin, rp: RelyingParty) => passkeys.authenticationOptions(rp, actor.id),

    async reauthenticateWithPasskey(
      actor: SessionAdmin,
      token: string,
      input: { challengeId: string; response: AuthenticationResponseJSON },
      rp: RelyingParty,
    ): Promise<void> {
      await passkeys.verify(input, rp, actor.id);
      await repo.markVerified(token, now());
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

    /** Ends every session of the staff member except this one. */
    async endOtherSessions(admin: SessionAdmin, token: string): Promise<void> {
      await write(admin, async (tx) => {
        await repo.deleteSessionsOf(admin.id, token, tx);
        return {
          value: undefined,
          audit: { action: 'logout', entity: 'session', entityId: null, details: { others: true } },
          tags: [],
        };
      });
    },

    async logout(admin: SessionAdmin, token: string): Promise<void> {
      await write(admin, async (tx) => {
        await repo.deleteSession(token, tx);
        return { value: undefined, audit: { action: 'logout', entity: 'session', entityId: null }, tags: [] };
      });
    },

    /** An admin lifts the locks on an account (an outsider's guesses, or the owner's own mistakes). */
    async unlock(actor: Actor, id: number): Promise<void> {
      const row = await admins.findById(id);
      if (!row) throw authErrors.accountNotFound();
      await limiter.unlock(row.username);
      await write(actor, async () => ({
        value: undefined,
        audit: { action: 'unlock', entity: 'admin', entityId: row.id },
        tags: [],
      }));
    },

    /** Lifts the locks by name (a new password set by an admin lifts them too). */
    unlockName: (username: string) => limiter.unlock(username),

    /** Hourly (the housekeeping job): sessions over, attempts older than a day, browsers unused for 90 days. */
    housekeeping: () => repo.deleteStale(now()),
  };
}
export type AuthService = ReturnType<typeof authService>;
