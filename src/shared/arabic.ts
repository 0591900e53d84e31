/**
 * Arabic text helpers (ARABIC.md): search folding and slugs.
 * `normalizeArabic` mirrors the SQL function `sahifa_normalize` in drizzle/0000_*.sql; a test keeps them equal.
 */

const ALEF_FORMS = /[\u0622\u0623\u0625\u0671]/g; // آ أ إ ٱ
// eslint-disable-next-line no-misleading-character-class -- deliberately matches lone combining marks
const TATWEEL_AND_HARAKAT = /[\u0640\u064B-\u0652\u0670]/g;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669]/g;

export function normalizeArabic(text: string): string {
  return text
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0649/g, '\u064A') // ى → ي
    .replace(/\u0629/g, '\u0647') // ة → ه
    .replace(TATWEEL_AND_HARAKAT, '')
    .replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660));
}

/**
 * A section's name as the menu compares names (two names with the same key read the same to a reader): trimmed,
 * Arabic-folded, runs of whitespace as one space, the definite article at the start of a word left out («الاقتصاد»
 * and «اقتصاد»), lower case. Mirrors the unique index categories_name_key (sectionNameKey in
 * src/server/db/schema/content.ts); a test keeps them equal.
 */
export function sectionNameKey(name: string): string {
  return normalizeArabic(name.trim())
    .replace(/\s+/g, ' ')
    .replace(/(^| )ال(?=[^ ]{2})/g, '$1')
    .toLowerCase();
}

const TRANSLIT: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'w',
  ي: 'y',
  ة: 'a',
  ى: 'a',
  ء: '',
  ؤ: 'w',
  ئ: 'y',
};

/** ARABIC.md's table; ع and ء become nothing because the spec's rule would strip the apostrophe anyway. */
export function transliterateArabic(text: string): string {
  return normalizeDigitsAndMarks(text).replace(/[\u0600-\u06FF]/g, (ch) => TRANSLIT[ch] ?? '');
}

function normalizeDigitsAndMarks(text: string): string {
  return text.replace(TATWEEL_AND_HARAKAT, '').replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** SPEC §5's slug rule, applied after transliteration so Arabic names give a usable slug. */
export function slugify(name: string): string {
  return transliterateArabic(name)
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A tag's address: the tag's own Arabic words (as readers type and share them: /tag/طرابلس, not a consonant
 * transliteration), without diacritics or tatweel, words joined by hyphens, Latin in lower case. Mirrors the SQL of
 * the migration that gave existing tags such addresses (drizzle/*_arabic_tag_slugs.sql); a test keeps them equal.
 */
/** The address of a tag whose name has no letter or digit at all (the migration uses the same). */
export const TAG_SLUG_FALLBACK = 'وسم';

export function tagSlug(name: string): string {
  return name
    .replace(TATWEEL_AND_HARAKAT, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
