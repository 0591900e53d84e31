/**
 * Article bodies as stored and served: the shared rule set (src/shared/article-html.ts, which the editor is built
 * from too) applied with sanitize-html. A body that still carries clipboard markup (Word, Google Docs, a web page:
 * saved around the editor) is first cleaned as the editor cleans a paste. Scripts, event handlers, javascript: URLs
 * and every tag or attribute the editor cannot make are removed.
 */
import render from 'dom-serializer';
import { type ChildNode, Element } from 'domhandler';
import { Parser, parseDocument } from 'htmlparser2';
import sanitize from 'sanitize-html';
import { canonicalMediaBlocks } from '../media/media-blocks';
import {
  ARTICLE_SANITIZE_OPTIONS,
  cleanPastedHtml,
  isClipboardHtml,
  MAX_LIST_INDENT,
} from '../../../shared/article-html';

/**
 * Bumped whenever the rules change: a body saved with the current version is served as stored; an older (or
 * unknown) one is cleaned again when read (news.presenter.ts), so tightening the rules protects the archive at once.
 * 3: tables; only the palette's colours; no inline alignment or `dir`; clipboard markup cleaned; nested lists.
 */
export const SANITIZER_VERSION = 3;

/**
 * sanitize-html takes time quadratic in how deeply tags nest (120,000 nested <b> froze a server for a minute). No
 * editor writes more than a few levels, so a body nested deeper than this is refused on write, and never cleaned on
 * a read. Measured with htmlparser2's streaming parser: linear, and without building a tree.
 */
export const MAX_NESTING = 40;

const VOID = new Set([
  'br',
  'img',
  'hr',
  'wbr',
  'input',
  'meta',
  'link',
  'source',
  'area',
  'col',
  'embed',
  'param',
  'track',
]);

/** How deeply `html`'s tags nest, stopping as soon as it passes `limit`. */
export function nestingDepth(html: string, limit = MAX_NESTING): number {
  let depth = 0;
  let max = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (VOID.has(name)) return;
        depth += 1;
        if (depth > max) max = depth;
        if (max > limit) parser.pause();
      },
      onclosetag(name) {
        if (!VOID.has(name)) depth -= 1;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return max;
}

/** Tags after which text reads as a new sentence (a paragraph, an item, a heading, a cell, a line break). */
const BREAKS = new Set(['p', 'li', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'tr', 'blockquote', 'div']);

/** The text of sanitised HTML as one line (structured data): entities decoded by htmlparser2, blocks spaced. */
export function htmlText(html: string): string {
  let text = '';
  const parser = new Parser({
    ontext(t) {
      text += t;
    },
    onclosetag(name) {
      if (BREAKS.has(name)) text += ' ';
    },
  });
  parser.end(html);
  return text.replace(/\s+/g, ' ').trim();
}

/** A body as readers get it when it was stored by an older sanitiser: cleaned again if that is cheap, else text. */
export function cleanStoredBody(html: string): string {
  if (nestingDepth(html) <= MAX_NESTING) return sanitizeArticleHtml(html);
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text
    ? `<p>${text
        .replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')}</p>`
    : '';
}

export function sanitizeArticleHtml(html: string): string {
  const source = canonicalMediaBlocks(isClipboardHtml(html) ? cleanPastedHtml(html) : html);
  // Empty lines at the end say nothing (the editor always keeps one after a table that ends the text).
  const clean = sanitize(source, ARTICLE_SANITIZE_OPTIONS).replace(/(<p>(<br \/>|<br>)?<\/p>\s*)+$/, '');
  // Quill's flat lists, and lists stored flat by the previous rules (indents as classes), become nested lists.
  return clean.includes('data-list=') || /<li [^>]*ql-indent-/.test(clean) ? semanticLists(clean) : clean;
}

const BULLET = new Set(['bullet', 'checked', 'unchecked']);
const INDENT = /^ql-indent-(\d+)$/;

/**
 * Quill 2 writes every list as one flat `<ol>` and tells bullets from numbers by each item's `data-list`, and depth
 * by its `ql-indent-N` class, so any reader but Quill's own stylesheet (an article page, an RSS reader, a search
 * snippet) shows bullets as numbers, runs the numbering on and loses the nesting. Stored HTML says what it means
 * instead: each run of items of one kind becomes its own `<ul>` or `<ol>`, and a deeper item goes in a list inside
 * the item before it (the editor reads nested `<ul>`/`<ol>` back as indented bullet and ordered items).
 * htmlparser2 and dom-serializer are what sanitize-html itself parses with.
 */
function semanticLists(html: string): string {
  // Entities stay exactly as sanitize-html escaped them: nothing is decoded, so nothing can come back unescaped.
  const doc = parseDocument(html, { decodeEntities: false });
  const visit = (nodes: ChildNode[]) => {
    for (const node of [...nodes]) {
      if (!(node instanceof Element)) continue;
      visit(node.children);
      if ((node.name === 'ol' || node.name === 'ul') && node.children.some(isQuillItem)) nestList(node);
    }
  };
  visit(doc.children);
  // Void tags written as sanitize-html writes them (`<br />`), so cleaning a stored body again changes nothing.
  return render(doc, { decodeEntities: false, selfClosingTags: true });
}

const isQuillItem = (n: ChildNode) =>
  n instanceof Element && n.name === 'li' && ('data-list' in n.attribs || /ql-indent-/.test(n.attribs.class ?? ''));

/** The list's items as nested `<ul>`/`<ol>` in place of the list. */
function nestList(list: Element) {
  const parent = list.parent;
  if (!parent) return;
  const top: Element[] = [];
  // The lists open at each depth, deepest last, with the item that a deeper list would go into.
  const open: { depth: number; list: Element; item: Element | null }[] = [];
  for (const child of list.children) {
    if (!(child instanceof Element)) {
      if (open.length) append(open.at(-1)!.list, child);
      continue;
    }
    let tag: 'ul' | 'ol' = list.name === 'ul' ? 'ul' : 'ol';
    let depth = 0;
    if (child.name === 'li') {
      const kind = child.attribs['data-list'];
      if (kind) tag = BULLET.has(kind) ? 'ul' : 'ol';
      delete child.attribs['data-list'];
      const classes = (child.attribs.class ?? '').split(/\s+/).filter(Boolean);
      depth = Math.min(MAX_LIST_INDENT, Number(classes.map((c) => INDENT.exec(c)?.[1]).find(Boolean) ?? 0));
      const rest = classes.filter((c) => !INDENT.test(c));
      if (rest.length) child.attribs.class = rest.join(' ');
      else delete child.attribs.class;
    }
    while (
      open.length &&
      (open.at(-1)!.depth > depth || (open.at(-1)!.depth === depth && open.at(-1)!.list.name !== tag))
    )
      open.pop();
    if (!open.length || open.at(-1)!.depth < depth) {
      const sub = new Element(tag, open.length ? {} : { ...list.attribs }, []);
      const holder = open.at(-1);
      if (holder) {
        // A deeper item goes inside the item before it (an item with nothing before it gets an empty one).
        if (!holder.item) {
          holder.item = new Element('li', {}, []);
          append(holder.list, holder.item);
        }
        append(holder.item, sub);
      } else top.push(sub);
      open.push({ depth, list: sub, item: null });
    }
    append(open.at(-1)!.list, child);
    open.at(-1)!.item = child;
  }
  const at = parent.children.indexOf(list);
  parent.children.splice(at, 1, ...top);
  for (const el of top) el.parent = parent;
  relink(parent.children);
}

/** Adds a node at the end of an element's children, linked to the one before it (constant time). */
function append(parent: Element, child: ChildNode) {
  const last = parent.children[parent.children.length - 1] ?? null;
  child.parent = parent;
  child.prev = last;
  child.next = null;
  if (last) last.next = child;
  parent.children.push(child);
}

function relink(nodes: ChildNode[]) {
  nodes.forEach((n, i) => {
    n.prev = nodes[i - 1] ?? null;
    n.next = nodes[i + 1] ?? null;
  });
}
