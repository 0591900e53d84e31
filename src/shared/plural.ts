/**
 * Counted nouns in Arabic, by the language's plural rules (Intl.PluralRules('ar'): zero, one, two, few for 3–10,
 * many for 11–99, other for 100 and up, and for the last two digits the same way): مشاهدة واحدة، مشاهدتان،
 * 3 مشاهدات، 11 مشاهدة، 100 مشاهدة. Numbers in Western digits with Arabic grouping (ARABIC.md).
 */
import { formatNumber as latinDigits } from './format';
import { lazily } from './lazily';

const rules = lazily(() => new Intl.PluralRules('ar'));

export interface CountedNoun {
  zero: string;
  one: string;
  two: string;
  /** 3–10: the plural. */
  few: string;
  /** 11–99 (by the last two digits): the singular (accusative). */
  many: string;
  /** 100, 200, … (by the last two digits 00–02): the singular (genitive) where it is written apart; else `many`. */
  other?: string;
}

export const VIEWS: CountedNoun = {
  zero: 'لا مشاهدات بعد',
  one: 'مشاهدة واحدة',
  two: 'مشاهدتان',
  few: 'مشاهدات',
  many: 'مشاهدة',
};

export const RESULTS: CountedNoun = {
  zero: 'لا نتائج',
  one: 'نتيجة واحدة',
  two: 'نتيجتان',
  few: 'نتائج',
  many: 'نتيجة',
};

export const LETTERS: CountedNoun = {
  zero: 'لا أحرف',
  one: 'حرف واحد',
  two: 'حرفان',
  few: 'أحرف',
  many: 'حرفاً',
  other: 'حرف',
};

/**
 * CLDR's Arabic plural category. For a whole number it is the rule itself (CLDR's `ar` rules, unchanged since CLDR
 * 24): zero 0, one 1, two 2, few when the last two digits are 3–10, many when they are 11–99, other else; working it
 * out costs nothing, while a phone's first Intl.PluralRules loads the locale data (some 100 ms of its main thread at
 * 4× slowdown). Fractions go to Intl. plural.test.ts checks the rule against Intl.PluralRules.
 */
export function pluralCategory(n: number): Intl.LDMLPluralRule {
  if (!Number.isSafeInteger(n) || n < 0) return rules().select(n);
  if (n <= 2) return (['zero', 'one', 'two'] as const)[n]!;
  const last2 = n % 100;
  return last2 >= 3 && last2 <= 10 ? 'few' : last2 >= 11 ? 'many' : 'other';
}

export function formatCount(n: number, noun: CountedNoun): string {
  switch (pluralCategory(n)) {
    case 'zero':
      return noun.zero;
    case 'one':
      return noun.one;
    case 'two':
      return noun.two;
    case 'few':
      return `${latinDigits(n)} ${noun.few}`;
    case 'many':
      return `${latinDigits(n)} ${noun.many}`;
    default:
      return `${latinDigits(n)} ${noun.other ?? noun.many}`;
  }
}
