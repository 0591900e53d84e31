/** Dates and numbers for readers: ar-LY (Western digits), Africa/Tripoli, one module for all screens. */
import { TRIPOLI } from './constants';
import { tripoliInstant, tripoliParts } from './dates';

const zone = TRIPOLI.timeZone;
/**
 * Each formatter is made on its first use, not when this module loads: the first one with a time zone loads the
 * browser's calendar data (some 12 ms here, 50 on a slow phone), which made the reader's script one long task with
 * everything else it runs at start. (Made once and kept, as they are costly to make.)
 */
const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const fullDate = lazily(
  () =>
    new Intl.DateTimeFormat('ar-LY', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
);
const longDate = lazily(
  () => new Intl.DateTimeFormat('ar-LY', { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' }),
);
const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat('ar-LY', {
      timeZone: zone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const numberFormat = lazily(() => new Intl.NumberFormat('ar', { numberingSystem: 'latn' }));

function hijriFormatter() {
  try {
    return new Intl.DateTimeFormat('ar-LY-u-ca-islamic-umalqura', {
      timeZone: zone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  } catch {
    return new Intl.DateTimeFormat('ar-LY-u-ca-islamic', {
      timeZone: zone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  }
}
const hijri = lazily(hijriFormatter);

const valid = (d: Date) => !Number.isNaN(d.getTime());
const toDate = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v);

/** Weekday, day, month name, year: the top strip. */
export const formatFullDate = (at: Date) => fullDate().format(at);

/** The Hijri date (Umm al-Qura), moved by the newsroom's correction in days. */
export function formatHijri(at: Date, adjustmentDays = 0): string {
  return (
    hijri()
      .format(new Date(at.getTime() + adjustmentDays * 86_400_000))
      .replace(/\s*هـ$/, '') + ' هـ'
  );
}

export function formatDate(value: string | Date | null | undefined, fallback = 'تاريخ غير معروف'): string {
  if (!value) return fallback;
  const d = toDate(value);
  return valid(d) ? longDate().format(d) : 'تاريخ غير معروف';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'تاريخ غير معروف';
  const d = toDate(value);
  return valid(d) ? dateTime().format(d) : 'تاريخ غير معروف';
}

export const formatNumber = (n: number) => numberFormat().format(n);

/** "منذ 5 دقائق" and so on, with Arabic dual and plural forms. */
export function timeAgo(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'بدون تاريخ';
  const d = new Date(value);
  if (!valid(d)) return 'تاريخ غير معروف';
  const seconds = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  if (seconds < 60) return 'الآن';
  const units: [number, [string, string, string, string]][] = [
    [60, ['دقيقة', 'دقيقتين', 'دقائق', 'دقيقة']],
    [3600, ['ساعة', 'ساعتين', 'ساعات', 'ساعة']],
    [86400, ['يوم', 'يومين', 'أيام', 'يوماً']],
    [2592000, ['شهر', 'شهرين', 'أشهر', 'شهراً']],
    [31536000, ['سنة', 'سنتين', 'سنوات', 'سنة']],
  ];
  let i = units.length - 1;
  while (i > 0 && seconds < units[i]![0]) i--;
  const [size, [one, two, few, many]] = units[i]!;
  const n = Math.floor(seconds / size);
  if (n === 1) return `منذ ${one}`;
  if (n === 2) return `منذ ${two}`;
  if (n <= 10) return `منذ ${n} ${few}`;
  return `منذ ${n} ${many}`;
}

/** Admin tables: date and time, or "غير محدد" when there is none (e.g. no expiry). */
export function formatDateTimeOr(value: string | null | undefined, empty = 'غير محدد'): string {
  return value ? formatDateTime(value) : empty;
}

export function formatDateOr(value: string | null | undefined, empty = 'غير محدد'): string {
  return value ? formatDate(value) : empty;
}

/** Prayer-table dates: yyyy/MM/dd (SPEC §9). */
export const formatPrayerDate = (iso: string) => iso.replace(/-/g, '/');

/** A datetime-local input's value (yyyy-MM-ddTHH:mm) for an instant, on Tripoli's clock (the newsroom's). */
export function toLocalInput(iso: string): string {
  const p = tripoliParts(new Date(iso));
  return `${p.date}T${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** The instant a datetime-local value names on Tripoli's clock (ISO); '' for an empty or broken value. */
export function fromLocalInput(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!m) return '';
  const at = tripoliInstant(m[1]!, m[2]!);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

/**
 * Left-to-right isolation (U+2066 … U+2069) for a date or a number placed where a <bdi> cannot go (an SVG chart's
 * labels, a plain-text tooltip): inside it the run keeps its own order, and it cannot reorder what surrounds it.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

/**
 * A calendar date (yyyy-MM-dd) as day/month ("25/11", the Libyan order, read left to right as Libyan papers print
 * it), isolated. Not Intl's ar-LY numeric format: that puts a right-to-left mark after the day ("25\u200f/11"),
 * which a chart's left-to-right labels then show as "2511/".
 */
export function formatDayMonth(isoDate: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? isolateLtr(`${Number(m[2])}/${Number(m[1])}`) : isoDate;
}
