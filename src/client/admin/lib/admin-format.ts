/**
 * Dates for the newsroom's screens only (admin tables, forms' datetime-local fields, charts): apart from
 * shared/format.ts, so that the reader's first script does not carry them.
 */
import { formatDate, formatDateTime } from '../../../shared/format';
import { tripoliInstant, tripoliParts } from '../../../shared/dates';

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
