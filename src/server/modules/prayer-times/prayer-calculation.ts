/**
 * Prayer times computed with adhan, for Tripoli or any Libyan city a reader chooses. Method: Egyptian General Authority of Survey (Fajr 19.5°,
 * Isha 17.5°), the common choice in Libya (ARABIC.md); Asr by the standard (Shafi/Maliki) shadow ratio.
 */
import { CalculationMethod, Coordinates, Madhab, PrayerTimes } from 'adhan';
import { PRAYER_KEYS, TRIPOLI, type PrayerKey } from '../../../shared/constants';
import type { LibyanCity } from '../../../shared/cities';
import { tripoliParts } from '../../../shared/dates';

export const PRAYER_METHOD = 'Egyptian General Authority of Survey (Fajr 19.5°, Isha 17.5°), Asr: standard';

function params() {
  const p = CalculationMethod.Egyptian();
  p.madhab = Madhab.Shafi;
  return p;
}

function hhmm(at: Date): string {
  const p = tripoliParts(at);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** The five times (HH:mm, Libyan wall clock) for a calendar date yyyy-MM-dd, in Tripoli unless told otherwise. */
export function computePrayerDay(
  isoDate: string,
  place: Pick<LibyanCity, 'latitude' | 'longitude'> = TRIPOLI,
): Record<PrayerKey, string> {
  const coordinates = new Coordinates(place.latitude, place.longitude);
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // adhan reads the calendar day from the Date's local fields; give it exactly that day.
  const times = new PrayerTimes(coordinates, new Date(y, m - 1, d), params());
  return Object.fromEntries(PRAYER_KEYS.map((k) => [k, hhmm(times[k])])) as Record<PrayerKey, string>;
}
