import { PRAYER_KEYS, type PrayerKey } from '../../../shared/constants';
import { tripoliDate, tripoliInstant } from '../../../shared/dates';
import type { PrayerTimesResponse } from '../../../shared/schemas/prayer-times';

const pad = (n: number) => String(n).padStart(2, '0');
/** Milliseconds left as HH:MM:SS. */
const hms = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/**
 * The next prayer and the time left (HH:MM:SS), in Libyan time; after isha it is tomorrow's fajr (from the API).
 * Before the page is alive (no clock yet) it is the server's own count, in minutes.
 */
export function nextPrayer(data: PrayerTimesResponse, now: Date | null): { key: PrayerKey; left: string; at: string } {
  if (!now) return { key: data.nextPrayer.key, left: data.nextPrayer.remaining, at: data.nextPrayer.time };
  // Until the prayer the answer named, a count down to its instant: no conversion of Tripoli's clock, whose first use
  // in a browser costs its date and time-zone data (shared/formatted.ts), as the page comes alive.
  const due = Date.parse(data.nextPrayer.instant);
  if (now.getTime() < due)
    return { key: data.nextPrayer.key, at: data.nextPrayer.time, left: hms(due - now.getTime()) };
  const today = data.prayerTimes;
  const next = PRAYER_KEYS.find((k) => today.date === tripoliDate(now) && tripoliInstant(today.date, today[k]) > now);
  const key = next ?? data.nextPrayer.key;
  const time = next ? today[next] : data.nextPrayer.time;
  const at = next ? tripoliInstant(today.date, time) : tripoliInstant(data.nextPrayer.date, time);
  return { key, at: time, left: hms(at.getTime() - now.getTime()) };
}
