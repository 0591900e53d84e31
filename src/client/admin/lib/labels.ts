/** Arabic labels the admin screens share. */
import type { CountedNoun } from '../../../shared/plural';

export const DEVICE_LABELS: Record<string, string> = { mobile: 'الهاتف', tablet: 'الجهاز اللوحي', desktop: 'الحاسوب' };

/** A live coverage's entries, counted (تحديث واحد، تحديثان، 3 تحديثات، 11 تحديثاً، 100 تحديث). */
export const LIVE_UPDATES: CountedNoun = {
  zero: 'لا تحديثات بعد',
  one: 'تحديث واحد',
  two: 'تحديثان',
  few: 'تحديثات',
  many: 'تحديثاً',
  other: 'تحديث',
};
