/**
 * BACKUP_SCHEDULE: a cron expression (croner: five fields, or six with seconds first; @daily and the like) read on
 * Tripoli's clock, whatever the machine's time zone. Slots are the instants it names; every instance computes the same.
 */
import { Cron } from 'croner';
import { TRIPOLI } from '../../../shared/constants';

/** What is wrong with a cron expression, or undefined when croner reads it. */
export function cronError(pattern: string): string | undefined {
  try {
    new Cron(pattern, { timezone: TRIPOLI.timeZone, paused: true }).stop();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export interface Schedule {
  /** The first slot strictly after `after`. */
  next(after: Date): Date | undefined;
  /** The last slot at or before `at`. */
  previous(at: Date): Date | undefined;
}

export function scheduleOf(pattern: string): Schedule {
  const cron = new Cron(pattern, { timezone: TRIPOLI.timeZone, paused: true });
  const next = (after: Date) => cron.nextRun(after) ?? undefined;
  return {
    next,
    previous(at) {
      // croner looks forward only: start a few periods back and walk to `at`.
      const a = next(at);
      const b = a && next(a);
      if (!a || !b) return undefined;
      const period = b.getTime() - a.getTime();
      let slot: Date | undefined;
      let cursor = next(new Date(at.getTime() - 2 * period - 1000));
      while (cursor && cursor.getTime() <= at.getTime()) {
        slot = cursor;
        cursor = next(cursor);
      }
      return slot;
    },
  };
}
