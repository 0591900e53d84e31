/**
 * Prayer times for Tripoli, or another Libyan city a reader chooses. For Tripoli readers get the imported record for
 * the day; for a day without one, and for every other city, adhan's computation for its coordinates; SPEC's
 * defaults only if both fail. Staff replace the whole table from the shipped XML (all or
 * nothing) or correct one day.
 */
import fs from 'node:fs/promises';
import { DEFAULT_PRAYER_TIMES, PRAYER_KEYS, PRAYER_NAMES, type PrayerKey } from '../../../shared/constants';
import { cityBySlug, DEFAULT_CITY, type LibyanCity } from '../../../shared/cities';
import { addDays, tripoliDate, tripoliInstant } from '../../../shared/dates';
import type { PrayerTimeInput } from '../../../shared/schemas/admin';
import type { PageQuery } from '../../../shared/schemas/common';
import type { PrayerDay, PrayerTimesResponse } from '../../../shared/schemas/prayer-times';
import { pageOf, type Page } from '../../lib/paging';
import type { Actor, Writer } from '../../lib/write';
import { computePrayerDay, PRAYER_METHOD } from './prayer-calculation';
import { parsePrayerXml, PrayerFileError } from './prayer-import';
import { prayerTimesErrors } from './prayer-times.errors';
import type { PrayerTimesRepository, PrayerTimesRow } from './prayer-times.repository';

type Source = PrayerTimesResponse['source'];
const TAGS = ['prayer'] as const;

export function prayerTimesService(deps: {
  repo: PrayerTimesRepository;
  write: Writer;
  now: () => Date;
  xmlPath: string;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { repo, write, now, log } = deps;

  async function day(date: string, city: LibyanCity): Promise<{ day: PrayerDay; source: Source }> {
    // The newsroom's table is Tripoli's; any other city is computed.
    const row = city.slug === DEFAULT_CITY ? await repo.findByDate(date) : undefined;
    if (row)
      return {
        day: { date, fajr: row.fajr, dhuhr: row.dhuhr, asr: row.asr, maghrib: row.maghrib, isha: row.isha },
        source: 'record',
      };
    try {
      return { day: { date, ...computePrayerDay(date, city) }, source: 'computed' };
    } catch (err) {
      log.warn({ err }, 'prayer computation failed; using default times');
      return { day: { date, ...DEFAULT_PRAYER_TIMES }, source: 'default' };
    }
  }

  const firstAfter = (d: PrayerDay, at: Date): PrayerKey | undefined =>
    PRAYER_KEYS.find((k) => tripoliInstant(d.date, d[k]).getTime() > at.getTime());

  return {
    /** Today's times and the next prayer with the time left; after isha the next prayer is tomorrow's fajr. */
    async current(citySlug: string = DEFAULT_CITY): Promise<PrayerTimesResponse> {
      const city = cityBySlug(citySlug);
      const at = now();
      const today = await day(tripoliDate(at), city);
      let nextDay = today.day;
      let key = firstAfter(today.day, at);
      if (!key) {
        nextDay = (await day(addDays(today.day.date, 1), city)).day;
        key = 'fajr';
      }
      const when = tripoliInstant(nextDay.date, nextDay[key]);
      const seconds = Math.max(0, Math.ceil((when.getTime() - at.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      return {
        city: city.name,
        citySlug: city.slug,
        source: today.source,
        method: PRAYER_METHOD,
        prayerTimes: today.day,
        nextPrayer: {
          key,
          name: PRAYER_NAMES[key],
          time: nextDay[key],
          date: nextDay.date,
          instant: when.toISOString(),
          remaining: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
          remainingSeconds: seconds,
        },
      };
    },

    listYear: (year: number) => repo.listYear(year),
    async page(q: PageQuery): Promise<Page<PrayerTimesRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q, count);
    },

    /** Replaces every record with the shipped file's, in one transaction: a bad file changes nothing. */
    async importFile(actor: Actor): Promise<number> {
      let days: PrayerDay[];
      try {
        days = parsePrayerXml(await fs.readFile(deps.xmlPath, 'utf8'));
      } catch (err) {
        if (err instanceof PrayerFileError) throw prayerTimesErrors.fileInvalid(err.message);
        throw prayerTimesErrors.fileMissing();
      }
      return write(actor, async (tx) => {
        await repo.replaceAll(days, tx);
        return {
          value: days.length,
          audit: {
            action: 'import',
            entity: 'prayer_times',
            entityId: null,
            details: { days: days.length, from: days[0]!.date, to: days.at(-1)!.date },
          },
          tags: TAGS,
        };
      });
    },

    update: (actor: Actor, id: number, input: PrayerTimeInput) =>
      write(actor, async (tx) => {
        const { id: _ignored, ...values } = input;
        const clash = await repo.findByDate(values.date, tx);
        if (clash && clash.id !== id) throw prayerTimesErrors.dateTaken();
        const row = await repo.update(id, values, tx);
        if (!row) throw prayerTimesErrors.notFound();
        return {
          value: row,
          audit: { action: 'update', entity: 'prayer_times', entityId: id, details: values },
          tags: TAGS,
        };
      }),
  };
}
export type PrayerTimesService = ReturnType<typeof prayerTimesService>;
