/**
 * Where the in-article ad box goes in an article's body: after its n-th paragraph, counting only paragraphs of the body
 * itself (never one inside a figure, list, quote or table), and only where more of the body follows. The server sends
 * those places with the article (`paragraphEnds`), so the page cuts the body without parsing it.
 */
import { AD_AFTER_PARAGRAPH_MAX } from './ads';

const VOID = new Set(['br', 'hr', 'img', 'source', 'wbr', 'input', 'col', 'area', 'embed', 'track', 'meta', 'link']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>|<!--[\s\S]*?-->/g;

/** The offsets just after each of the body's own first paragraphs that more of the body follows (sanitised HTML). */
export function paragraphEnds(html: string): number[] {
  const ends: number[] = [];
  let depth = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (!m[2]) continue;
    const name = m[2].toLowerCase();
    if (VOID.has(name) || m[3]) continue;
    if (!m[1]) {
      depth++;
      continue;
    }
    depth--;
    if (depth === 0 && name === 'p') {
      const at = m.index + m[0].length;
      if (!html.slice(at).trim()) break;
      ends.push(at);
      if (ends.length === AD_AFTER_PARAGRAPH_MAX) break;
    }
  }
  return ends;
}
