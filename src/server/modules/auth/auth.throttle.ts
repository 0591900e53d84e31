/**
 * Throttling every check of a password or a second factor, so that guessing is slow and an outsider cannot lock the
 * owner out:
 * - one account from one address (or one known browser): 5 wrong answers free, then a wait that doubles from one
 *   minute to 15 minutes after each further wrong answer;
 * - one address across all accounts: 20 wrong answers in 15 minutes (someone trying many usernames);
 * - one account from everywhere: 50 wrong answers in 15 minutes lock it for browsers and addresses that never
 *   signed in to it (guesses spread over many addresses); its owner's known browser or address still gets in.
 * A right answer forgets that account's failures from that place. Counts live in PostgreSQL (login_attempts), so
 * they hold across instances, and each check counts itself before it runs (see reserveAttempt).
 */
import { createHash } from 'node:crypto';
import type { AuthRepository } from './auth.repository';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const FREE_FAILURES = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_ACCOUNT = 50;
const FIRST_WAIT_MS = 60_000;

const digest = (s: string) => createHash('sha256').update(`sahifa-throttle|${s}`).digest('hex').slice(0, 32);

/** The wait after `failures` wrong answers in a row from one place (0 while under the free count). */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(THROTTLE_WINDOW_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/** Where a check comes from: the address, and the browser's known-device token when it has one for this account. */
export interface Origin {
  address: string;
  /** The hash of a known-device cookie that this account signed in with before (undefined: none, or another's). */
  knownDevice?: string;
  /** Whether this address completed a sign-in to this account before. */
  knownAddress?: boolean;
}

export const throttleKeys = {
  /** The account (by the name typed, whether or not it exists) from one place. */
  place: (account: string, origin: Origin) =>
    `place:${account.toLowerCase()}|${digest(origin.knownDevice ? `dev:${origin.knownDevice}` : origin.address)}`,
  address: (address: string) => `addr:${digest(address)}`,
  account: (account: string) => `user:${account.toLowerCase()}`,
};

export type ThrottleOutcome = { ok: true; reserved: number[] } | { ok: false; lockedAccount: boolean };

/**
 * Counts this check as a failure before it runs (forgotten by `passed`), or refuses it while a limit holds.
 * `account` is the username typed (sign-in) or `id:<n>` (a signed-in staff member's own checks).
 */
export function throttle(repo: AuthRepository, now: () => Date) {
  return {
    async reserve(account: string, origin: Origin): Promise<ThrottleOutcome> {
      const known = !!(origin.knownDevice || origin.knownAddress);
      const at = now();
      const since = new Date(at.getTime() - THROTTLE_WINDOW_MS);
      const limits = [{ key: throttleKeys.place(account, origin), max: FREE_FAILURES, backoff: true }];
      if (!known) {
        limits.push({ key: throttleKeys.address(origin.address), max: MAX_FAILURES_PER_ADDRESS, backoff: false });
        limits.push({ key: throttleKeys.account(account), max: MAX_FAILURES_PER_ACCOUNT, backoff: false });
      }
      const result = await repo.reserveAttempt(limits, since, at, backoffMs);
      if (result.ok) return { ok: true, reserved: result.ids };
      return { ok: false, lockedAccount: result.refusedBy === throttleKeys.account(account) };
    },
    /** A right answer: the reserved failure is forgotten, and the account's failures from this place too. */
    async passed(account: string, origin: Origin, reserved: number[]): Promise<void> {
      await repo.forgetAttempts(reserved);
      await repo.recordAttempts([throttleKeys.place(account, origin)], true, now());
    },
    /** Whether this wrong answer was the one that locked the account for unknown places (to audit it once). */
    async justLocked(account: string): Promise<boolean> {
      const since = new Date(now().getTime() - THROTTLE_WINDOW_MS);
      return (await repo.recentFailures(throttleKeys.account(account), since)) === MAX_FAILURES_PER_ACCOUNT;
    },
    /** An admin lifts every lock on an account (and a new password set by an admin does too). */
    async unlock(account: string): Promise<void> {
      await repo.clearFailures(account.toLowerCase());
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;
