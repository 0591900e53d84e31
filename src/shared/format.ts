/** Dates and numbers for readers: ar-LY (Western digits), Africa/Tripoli, one module for all screens. */
import { TRIPOLI } from './constants';
import { formatted } from './formatted';
import { lazily } from './lazily';

/** Day, month name and year on Tripoli's clock: every date below adds to it. */
const DAY = { timeZone: TRIPOLI.timeZone, day: 'numeric', month: 'long', year: 'numeric' } as const;
// Each made on its first use (lazily.ts).
const fullDate = lazily(() => new Intl.DateTimeFormat('ar-LY', { ...DAY, weekday: 'long' }));
const longDate = lazily(() => new Intl.DateTimeFormat('ar-LY', DAY));
const dateTime = lazily(() => new Intl.DateTimeFormat('ar-LY', { ...DAY, hour: 'numeric', minute: '2-digit' }));
const numberFormat = lazily(() => new Intl.NumberFormat('ar', { numberingSystem: 'latn' }));

function hijriFormatter() {
  try {
    return new Intl.DateTimeFormat('ar-LY-u-ca-islamic-umalqura', DAY);
  } catch {
    return new Intl.DateTimeFormat('ar-LY-u-ca-islamic', DAY);
  }
}
const hijri = lazily(hijriFormatter);

const valid = (d: Date) => !Number.isNaN(d.getTime());
const toDate = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v);

/** Weekday, day, month name, year: the top strip. */
export const formatFullDate = (at: Date) => formatted('full', at.toISOString(), () => fullDate().format(at));

/** The Hijri date (Umm al-Qura), moved by the newsroom's correction in days. */
export function formatHijri(at: Date, adjustmentDays = 0): string {
  return formatted(
    `hijri${adjustmentDays}`,
    at.toISOString(),
    () =>
      hijri()
        .format(new Date(at.getTime() + adjustmentDays * 86_400_000))
        .replace(/\s*هـ$/, '') + ' هـ',
  );
}

export function formatDate(value: string | Date | null | undefined, fallback = 'تاريخ غير معروف'): string {
  if (!value) return fallback;
  const d = toDate(value);
  return valid(d) ? formatted('date', d.toISOString(), () => longDate().format(d)) : 'تاريخ غير معروف';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'تاريخ غير معروف';
  const d = toDate(value);
  return valid(d) ? formatted('datetime', d.toISOString(), () => dateTime().format(d)) : 'تاريخ غير معروف';
}

/**
 * Western digits grouped by threes with «,», as Intl.NumberFormat('ar', latn) writes them. A whole count (views,
 * results, letters: nearly every number a reader sees) is grouped here without Intl: a phone's first Intl object loads
 * the browser's locale data, 150 ms of its main thread at 4× slowdown (measured in a trace of the article page, when
 * the view beacon's answer drew the new count). Any other number goes to Intl; format.test.ts checks both agree.
 */
export const formatNumber = (n: number) =>
  Number.isSafeInteger(n) && n >= 0
    ? String(n).replace(/\B(?=(\d{3})+$)/g, ',')
    : formatted('number', String(n), () => numberFormat().format(n));

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
