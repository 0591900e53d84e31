/**
 * The prayer-times XML for Tripoli: strict parsing (well-formed, one <prayerTimes> root, every <day> with a real
 * date and five HH:mm times, no date twice). Anything wrong rejects the whole file before the database is touched.
 *
 *   <prayerTimes city="Tripoli"><day date="2026-01-01" fajr="06:19" dhuhr="12:55" asr="15:32" maghrib="17:54" isha="19:15"/></prayerTimes>
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PRAYER_KEYS } from '../../../shared/constants';
import { HHMM, ISO_DATE } from '../../../shared/dates';
import type { PrayerDay } from '../../../shared/schemas/prayer-times';

export class PrayerFileError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'day',
  parseAttributeValue: false,
  trimValues: true,
});

function realDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return d.toISOString().slice(0, 10) === iso;
}

export function parsePrayerXml(xml: string): PrayerDay[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new PrayerFileError(`الملف ليس XML صالحاً (السطر ${valid.err.line}): ${valid.err.msg}`);
  const doc = parser.parse(xml) as { prayerTimes?: { day?: Record<string, string>[] } };
  const days = doc.prayerTimes?.day;
  if (!days?.length) throw new PrayerFileError('الملف لا يحتوي على أيام مواقيت');
  const seen = new Set<string>();
  return days.map((d, i) => {
    const date = String(d.date ?? '');
    if (!realDate(date)) throw new PrayerFileError(`تاريخ غير صالح في اليوم رقم ${i + 1}`);
    if (seen.has(date)) throw new PrayerFileError(`التاريخ ${date} مكرر في الملف`);
    seen.add(date);
    const times = Object.fromEntries(
      PRAYER_KEYS.map((k) => {
        const v = String(d[k] ?? '');
        if (!HHMM.test(v)) throw new PrayerFileError(`وقت ${k} غير صالح في ${date}`);
        return [k, v];
      }),
    );
    return { date, ...times } as PrayerDay;
  });
}

export function prayerXml(days: PrayerDay[]): string {
  const lines = days.map(
    (d) =>
      `  <day date="${d.date}" fajr="${d.fajr}" dhuhr="${d.dhuhr}" asr="${d.asr}" maghrib="${d.maghrib}" isha="${d.isha}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<prayerTimes city="Tripoli" latitude="32.8872" longitude="13.1913" method="Egyptian General Authority of Survey">\n${lines.join('\n')}\n</prayerTimes>\n`;
}
