/**
 * What changed between two versions of an article, word by word, for the revisions panel.
 *
 * - The body's HTML becomes its readable text first: a paragraph per block (p, h1–h3, li, blockquote, div…, nested
 *   ones once), <br> a line break, an image «[صورة]» and a video «[فيديو]», entities decoded, runs of spaces (no-break
 *   spaces included) one space. The editor's own markup (Quill's list items with their empty ui span) and the stored,
 *   sanitised one (<ul>/<ol>) give the same text, so markup alone never shows as a change.
 * - Words are Arabic words as the language has them (Intl.Segmenter; jsdiff's own word pattern knows Latin letters
 *   only and cuts Arabic words into letters), punctuation apart; a combining mark (a haraka) stays with what it
 *   follows, even after a space, where jsdiff's word diff repeats it in the text it shows.
 * - Words are compared exactly (a haraka added is a change); the spaces and line breaks between them are not (a
 *   paragraph split in two is the same words), and each side is shown with its own spacing and breaks, so unchanged
 *   text is never marked as added or removed, and no empty mark stands for a break.
 */
import { diffArrays } from 'diff';

const BLOCK =
  /<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|table|thead|tbody|tr|td|th|section|article)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The readable text of an article body: paragraphs separated by a blank line, line breaks kept. */
export function htmlText(html: string): string {
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<img\b[^>]*>/gi, ' [صورة] ')
      .replace(/<iframe\b[^>]*>[\s\S]*?<\/iframe>|<iframe\b[^>]*>/gi, '\n\n[فيديو]\n\n')
      .replace(BLOCK, '\n\n')
      .replace(/<[^>]*>/g, ''),
  );
  return text
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** A word (or punctuation mark, or break) and the space that follows it on its side. */
interface Token {
  text: string;
  after: string;
}
const PARAGRAPH = '\n\n';
const LINE = '\n';
const WORDS = new Intl.Segmenter('ar', { granularity: 'word' });
const MARKS_ONLY = /^[\s\p{M}]+$/u;

/** The words of a text, each with the spaces that follow it; breaks are tokens of their own. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const push = (t: string) => out.push({ text: t, after: '' });
  text.split(/\n{2,}/).forEach((paragraph, p) => {
    if (p > 0) push(PARAGRAPH);
    paragraph.split('\n').forEach((line, l) => {
      if (l > 0) push(LINE);
      for (const { segment } of WORDS.segment(line)) {
        const last = out.at(-1);
        if (/^\s+$/.test(segment)) {
          if (last && last.text !== PARAGRAPH && last.text !== LINE) last.after += segment;
          else push(segment); // leading space of a line: kept, so each side reads as written
        } else if (MARKS_ONLY.test(segment) && last && last.text !== PARAGRAPH && last.text !== LINE) {
          // A haraka the segmenter left on its own (after a space): it belongs to what precedes it.
          last.text += last.after + segment;
          last.after = '';
        } else push(segment);
      }
    });
  });
  return out;
}

export type DiffKind = 'same' | 'removed' | 'added';
export interface DiffPiece {
  kind: DiffKind;
  text: string;
}

/** Joins runs of one kind (with the spaces between them) into one piece. */
function pieces(list: { kind: DiffKind; token: Token }[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  list.forEach(({ kind, token }, i) => {
    const next = list[i + 1];
    // The space after the last word of a change is not part of the change (it is shown plain).
    const text = token.text + (next && next.kind === kind ? token.after : '');
    const rest = next && next.kind === kind ? '' : token.after;
    const last = out.at(-1);
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
    if (rest) {
      const tail = out.at(-1)!;
      if (tail.kind === 'same') tail.text += rest;
      else out.push({ kind: 'same', text: rest });
    }
  });
  return out;
}

/**
 * The two sides of a word diff: `before` is the old text with its removed words marked, `after` the new text with
 * its added words marked; everything else is the same on both sides.
 */
export function compareWords(before: string, after: string): { before: DiffPiece[]; after: DiffPiece[] } {
  const a = tokens(before);
  const b = tokens(after);
  // A break compares equal to a break: only words count.
  const key = (t: Token) => (t.text === PARAGRAPH || t.text === LINE ? LINE : t.text);
  const changes = diffArrays(a.map(key), b.map(key));
  const kindOf = (t: Token, kind: DiffKind): DiffKind => (key(t) === LINE ? 'same' : kind);
  const left: { kind: DiffKind; token: Token }[] = [];
  const right: { kind: DiffKind; token: Token }[] = [];
  let i = 0;
  let j = 0;
  for (const c of changes) {
    const n = c.count ?? c.value.length;
    if (c.added)
      for (let k = 0; k < n; k++) {
        const token = b[j++]!;
        right.push({ kind: kindOf(token, 'added'), token });
      }
    else if (c.removed)
      for (let k = 0; k < n; k++) {
        const token = a[i++]!;
        left.push({ kind: kindOf(token, 'removed'), token });
      }
    else
      for (let k = 0; k < n; k++) {
        left.push({ kind: 'same', token: a[i++]! });
        right.push({ kind: 'same', token: b[j++]! });
      }
  }
  return { before: pieces(left), after: pieces(right) };
}
