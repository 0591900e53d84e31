import { normalizeArabic } from '../../../shared/arabic';

const PREFIXES = /^(وال|بال|كال|فال|لل|ال|و|ب|ل|ف|ك)/;
const SUFFIXES = /(ات|ون|ين|ان|ها|هم|ه|ي)$/;

/** The part of a word that search compares: folded, without the common prefixes and suffixes. */
function core(word: string): string {
  const folded = normalizeArabic(word).replace(/[^\p{L}\p{N}]/gu, '');
  const stripped = folded.replace(PREFIXES, '');
  const base = stripped.length >= 3 ? stripped : folded;
  const trimmed = base.replace(SUFFIXES, '');
  return trimmed.length >= 3 ? trimmed : base;
}

/** Marks the words of `text` that match a search term, regardless of hamza, ة/ه, ى/ي, diacritics or affixes. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const terms = query
    .split(/\s+/)
    .map(core)
    .filter((t) => t.length >= 2);
  if (!terms.length) return <>{text}</>;
  const parts = text.split(/(\s+)/);
  return (
    <>
      {parts.map((part, i) => {
        const c = core(part);
        const hit = c.length >= 2 && terms.some((t) => c.startsWith(t) || t.startsWith(c));
        return hit ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-400">
            {part}
          </mark>
        ) : (
          part
        );
      })}
    </>
  );
}
