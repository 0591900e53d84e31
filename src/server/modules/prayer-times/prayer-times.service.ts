import { DEFAULT_PRAYER_TIMES, PRAYER_KEYS, PRAYER_NAMES, TRIPOLI, type PrayerKey } from '../../../shared/constants';
import { addDays, tripoliDate, tripoliInstant } from '../../../shared/dates';
import type { PrayerDay, PrayerTimesResponse } from '../../../shared/schemas/prayer-times';
import { computePrayerDay, PRAYER_METHOD } from './prayer-calculation';
import type { PrayerTimesRepository } from './prayer-times.repository';

type Source = PrayerTimesResponse['source'];

export function prayerTimesService(repo: PrayerTimesRepository, log: { warn: (obj: object, msg: string) => void }) {
  /** The imported record for the day; else adhan's computation; SPEC's defaults only if both fail. */
  async function day(date: string): Promise<{ day: PrayerDay; source: Source }> {
    const row = await repo.findByDate(date);
    if (row)
      return {
        day: { date, fajr: row.fajr, dhuhr: row.dhuhr, asr: row.asr, maghrib: row.maghrib, isha: row.isha },
        source: 'record',
      };
    try {
      return { day: { date, ...computePrayerDay(date) }, source: 'computed' };
    } catch (err) {
      log.warn({ err }, 'prayer computation failed; using default times');
      return { day: { date, ...DEFAULT_PRAYER_TIMES }, source: 'default' };
    }
  }

  function firstAfter(d: PrayerDay, now: Date): PrayerKey | undefined {
    return PRAYER_KEYS.find((k) => tripoliInstant(d.date, d[k]).getTime() > now.getTime());
  }

  return {
    day,
    async current(now: Date): Promise<PrayerTimesResponse> {
      const today = await day(tripoliDate(now));
      let nextDay = today.day;
      let key = firstAfter(today.day, now);
      if (!key) {
        // After isha the next prayer is tomorrow's fajr.
        nextDay = (await day(addDays(today.day.date, 1))).day;
        key = 'fajr';
      }
      const at = tripoliInstant(nextDay.date, nextDay[key]);
      const seconds = Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      return {
        city: TRIPOLI.city,
        source: today.source,
        method: PRAYER_METHOD,
        prayerTimes: today.day,
        nextPrayer: {
          key,
          name: PRAYER_NAMES[key],
          time: nextDay[key],
          date: nextDay.date,
          remaining: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
          remainingSeconds: seconds,
        },
      };
    },
  };
}
export type PrayerTimesService = ReturnType<typeof prayerTimesService>;
