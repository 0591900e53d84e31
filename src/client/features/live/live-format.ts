/** The coverage's times (Tripoli's clock, ar-LY) and its counted nouns. */
import { TRIPOLI } from '../../../shared/constants';
import { tripoliDate } from '../../../shared/dates';
import { formatted } from '../../../shared/formatted';
import { lazily } from '../../../shared/lazily';
import type { CountedNoun } from '../../../shared/plural';

// Made on first use (shared/lazily.ts); what the server formatted comes with the page (shared/formatted.ts).
const clock = lazily(
  () => new Intl.DateTimeFormat('ar-LY', { timeZone: TRIPOLI.timeZone, hour: 'numeric', minute: '2-digit' }),
);
const dayMonth = lazily(
  () => new Intl.DateTimeFormat('ar-LY', { timeZone: TRIPOLI.timeZone, day: 'numeric', month: 'long' }),
);

/**
 * An entry's time: «8:07 م», with its day («24 نوفمبر، 11:40 م») when it is not the day of the coverage's latest
 * entry (`refDay`, yyyy-MM-dd in Tripoli). Decided by the data alone, so the server and the browser agree.
 */
export function entryTime(iso: string, refDay: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const stamp = at.toISOString();
  const time = formatted('clock', stamp, () => clock().format(at));
  return tripoliDate(at) === refDay ? time : `${formatted('day-month', stamp, () => dayMonth().format(at))}، ${time}`;
}

/** The day entries are dated against: that of the latest entry (or of the start, before any). */
export const referenceDay = (lastEntryAt: string | null, startedAt: string) =>
  tripoliDate(new Date(lastEntryAt ?? startedAt));

/** «تحديث جديد»، «تحديثان جديدان»، «3 تحديثات جديدة»، «11 تحديثاً جديداً»، «100 تحديث جديد». */
export const NEW_UPDATES: CountedNoun = {
  zero: 'لا تحديثات جديدة',
  one: 'تحديث جديد',
  two: 'تحديثان جديدان',
  few: 'تحديثات جديدة',
  many: 'تحديثاً جديداً',
  other: 'تحديث جديد',
};
