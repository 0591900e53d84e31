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
