/**
 * Counted nouns only the newsroom's screens and the server use (recipients, sections, minutes): kept apart from
 * plural.ts, which is in every reader page's first load (see vite.config.ts), so readers do not download them.
 */
import type { CountedNoun } from './plural';

export const RECIPIENTS: CountedNoun = {
  zero: 'لا أحد',
  one: 'مستلم واحد',
  two: 'مستلمَين',
  few: 'مستلمين',
  many: 'مستلماً',
  other: 'مستلم',
};

export const SECTIONS: CountedNoun = {
  zero: 'لا أقسام',
  one: 'قسم واحد',
  two: 'قسمان',
  few: 'أقسام',
  many: 'قسماً',
  other: 'قسم',
};

export const MINUTES: CountedNoun = {
  zero: 'أقل من دقيقة',
  one: 'دقيقة واحدة',
  two: 'دقيقتين',
  few: 'دقائق',
  many: 'دقيقة',
};
