/**
 * Throttling every check of a password or a second factor, so that guessing is slow and an outsider cannot lock the
 * owner out:
 * - one account from one address (or one known browser): 5 wrong answers free, then a wait that doubles from one
 *   minute to 15 minutes after each further wrong answer;
 * - one address across all accounts: 20 wrong answers in 15 minutes (someone trying many usernames);
 * - one account from everywhere: 50 wrong answers in 15 minutes lock it for browsers and addresses that never
 *   signed in to it (guesses spread over many addresses); its owner's known browser or address still gets in.
 * - second-factor codes of one account, from anywhere: 5 wrong codes free, then the same doubling wait. Counted
 *   apart from passwords, so a right password never wipes the count of wrong codes (guessing a code needs the
 *   password already; an outsider without it cannot slow the owner's codes).
 * A right answer forgets the failures it counts against. Counts live in PostgreSQL (login_attempts), so they hold
 * across instances, and each check counts itself before it runs (see reserveAttempt).
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
  /** Second-factor codes: "place:" too, so that an admin's unlock (by the account's prefix) clears them. */
  code: (account: string) => `place:${account.toLowerCase()}|codes`,
};

/** What a check is: a password, or a second-factor code (counted apart). */
export type CheckKind = 'password' | 'code';

/**
 * Counts this check as a failure before it runs (forgotten by `passed`), or refuses it (null) while a limit holds.
 * `account` is the account's username (the one typed, at sign-in).
 */
export function throttle(repo: AuthRepository, now: () => Date) {
  const keysOf = (account: string, origin: Origin, kind: CheckKind) => {
    if (kind === 'code') return [{ key: throttleKeys.code(account), max: FREE_FAILURES, backoff: true }];
    const limits = [{ key: throttleKeys.place(account, origin), max: FREE_FAILURES, backoff: true }];
    if (!origin.knownDevice && !origin.knownAddress) {
      limits.push({ key: throttleKeys.address(origin.address), max: MAX_FAILURES_PER_ADDRESS, backoff: false });
      limits.push({ key: throttleKeys.account(account), max: MAX_FAILURES_PER_ACCOUNT, backoff: false });
    }
    return limits;
  };
  return {
    async reserve(account: string, origin: Origin, kind: CheckKind): Promise<number[] | null> {
      const at = now();
      const result = await repo.reserveAttempt(
        keysOf(account, origin, kind),
        new Date(at.getTime() - THROTTLE_WINDOW_MS),
        at,
        backoffMs,
      );
      return result.ok ? result.ids : null;
    },
    /** A right answer: the reserved failure is forgotten, and so are the earlier ones it was counted with. */
    async passed(account: string, origin: Origin, kind: CheckKind, reserved: number[]): Promise<void> {
      await repo.forgetAttempts(reserved);
      await repo.recordAttempts([keysOf(account, origin, kind)[0]!.key], true, now());
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
