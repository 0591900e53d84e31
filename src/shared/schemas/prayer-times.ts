import { z } from 'zod';
import { CITY_SLUGS, DEFAULT_CITY } from '../cities';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const prayerDay = z.object({
  date: z.string(),
  fajr: hhmm,
  dhuhr: hhmm,
  asr: hhmm,
  maghrib: hhmm,
  isha: hhmm,
});
export type PrayerDay = z.infer<typeof prayerDay>;

/** A Libyan city for prayer times and weather (src/shared/cities.ts); Tripoli by default. */
export const cityQuery = z.object({ city: z.enum(CITY_SLUGS).default(DEFAULT_CITY) });

export const prayerTimesResponse = z.object({
  city: z.string(),
  citySlug: z.string(),
  /** Where today's times come from: the imported table, the adhan computation, or SPEC's built-in defaults. */
  source: z.enum(['record', 'computed', 'default']),
  method: z.string(),
  prayerTimes: prayerDay,
  nextPrayer: z.object({
    key: z.enum(['fajr', 'dhuhr', 'asr', 'maghrib', 'isha']),
    name: z.string(),
    time: hhmm,
    date: z.string(),
    /** The instant it is due (ISO): a page counts down to it without converting Tripoli's clock itself. */
    instant: z.string(),
    /** Time left as HH:MM (whole minutes, rounded up); the client counts seconds itself. */
    remaining: z.string(),
    remainingSeconds: z.number().int(),
  }),
});
export type PrayerTimesResponse = z.infer<typeof prayerTimesResponse>;
