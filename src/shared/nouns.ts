/**
 * Counted nouns only the newsroom's screens and the server use (recipients, sections, minutes; the media library's
 * pictures and the articles that use them, also a gallery's label on the server): kept apart from plural.ts, which is
 * in every reader page's first load (see vite.config.ts), so readers do not download them.
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

export const PICTURES: CountedNoun = {
  zero: 'لا صور',
  one: 'صورة واحدة',
  two: 'صورتان',
  few: 'صور',
  many: 'صورة',
};

/** After «في»: مستخدمة في خبر واحد، في خبرين، في 3 أخبار. */
export const IN_ARTICLES: CountedNoun = {
  zero: 'لا أخبار',
  one: 'خبر واحد',
  two: 'خبرين',
  few: 'أخبار',
  many: 'خبراً',
  other: 'خبر',
};
