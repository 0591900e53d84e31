import { PRAYER_KEYS, type PrayerKey } from '../../../shared/constants';
import { tripoliDate, tripoliInstant } from '../../../shared/dates';
import type { PrayerTimesResponse } from '../../../shared/schemas/prayer-times';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The next prayer and the time left (HH:MM:SS), in Libyan time; after isha it is tomorrow's fajr (from the API).
 * Before the page is alive (no clock yet) it is the server's own count, in minutes.
 */
export function nextPrayer(data: PrayerTimesResponse, now: Date | null): { key: PrayerKey; left: string; at: string } {
  if (!now) return { key: data.nextPrayer.key, left: data.nextPrayer.remaining, at: data.nextPrayer.time };
  const today = data.prayerTimes;
  const next = PRAYER_KEYS.find((k) => today.date === tripoliDate(now) && tripoliInstant(today.date, today[k]) > now);
  const key = next ?? data.nextPrayer.key;
  const time = next ? today[next] : data.nextPrayer.time;
  const at = next ? tripoliInstant(today.date, time) : tripoliInstant(data.nextPrayer.date, time);
  const s = Math.max(0, Math.floor((at.getTime() - now.getTime()) / 1000));
  return { key, at: time, left: `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` };
}
