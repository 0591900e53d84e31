/** Dates in Africa/Tripoli through Intl, never by adding hours by hand (ARABIC.md). */
import { TRIPOLI } from './constants';
import { formatted } from './formatted';
import { lazily } from './lazily';

const partsFormatter = lazily(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TRIPOLI.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

export interface ZonedParts {
  date: string; // yyyy-MM-dd
  hour: number;
  minute: number;
  second: number;
}

export function tripoliParts(at: Date): ZonedParts {
  const p: Record<string, string> = {};
  for (const part of partsFormatter().formatToParts(at)) p[part.type] = part.value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** yyyy-MM-dd of the given instant in Tripoli. */
export function tripoliDate(at: Date): string {
  return formatted('day', at.toISOString(), () => tripoliParts(at).date);
}

/** Adds whole days to a yyyy-MM-dd calendar date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Offset of Tripoli from UTC at the given instant, in minutes (120 today; computed, not assumed). */
export function tripoliOffsetMinutes(at: Date): number {
  const p = tripoliParts(at);
  const asUtc = Date.UTC(
    Number(p.date.slice(0, 4)),
    Number(p.date.slice(5, 7)) - 1,
    Number(p.date.slice(8, 10)),
    p.hour,
    p.minute,
    p.second,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a wall-clock time (HH:mm) on a Tripoli calendar date. */
export function tripoliInstant(isoDate: string, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const guess = new Date(`${isoDate}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  return new Date(guess.getTime() - tripoliOffsetMinutes(guess) * 60_000);
}

/** The instant Tripoli's next day begins after `at` (ISO). */
export const tripoliDayEnd = (at: Date): string => tripoliInstant(addDays(tripoliDate(at), 1), '00:00').toISOString();

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The first instant of the UTC month `back` months before `at`'s (0: its own), as sitemaps and search slice time. */
export function utcMonthStart(at: Date, back = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
}
