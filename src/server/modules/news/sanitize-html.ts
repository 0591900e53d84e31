/**
 * The article-body allow-list: exactly what the editor (Quill 2, SPEC §2 toolbar) produces. Links may be
 * http, https, mailto or tel; images http, https or a data: image; iframes only YouTube and Vimeo embeds.
 * Scripts, event handlers, javascript: URLs and every other tag or attribute are removed.
 */
import render from 'dom-serializer';
import { type ChildNode, Element } from 'domhandler';
import { Parser, parseDocument } from 'htmlparser2';
import sanitize from 'sanitize-html';

const VIDEO_EMBED =
  /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/[\w-]{6,20}|player\.vimeo\.com\/video\/\d{1,12})([?#][^\s"'<>]*)?$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-left',
  'ql-align-justify',
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
  'ql-video',
  'ql-indent-1',
  'ql-indent-2',
  'ql-indent-3',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'span',
    'a',
    'ol',
    'ul',
    'li',
    'img',
    'iframe',
    'blockquote',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'allowfullscreen', 'frameborder'],
    li: ['data-list'],
    '*': ['class', 'style', 'dir'],
  },
  allowedClasses: { '*': CLASSES },
  allowedStyles: {
    '*': { color: [COLOR], 'background-color': [COLOR], 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !VIDEO_EMBED.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'img' &&
      !!frame.attribs.src?.startsWith('data:') &&
      !/^data:image\/(png|gif|jpeg|webp|bmp|x-icon);base64,[a-z0-9+/=\s]+$/i.test(frame.attribs.src)) ||
    (frame.tag === 'img' && !frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer nofollow' } : { rel: 'nofollow' }),
      },
    }),
  },
};

/**
 * Bumped whenever OPTIONS change: a body saved with the current version is served as stored; an older (or unknown)
 * one is cleaned again when read (news.presenter.ts), so tightening the rules protects the archive at once.
 */
export const SANITIZER_VERSION = 2;

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
  const clean = sanitize(html, OPTIONS);
  return clean.includes('data-list=') ? semanticLists(clean) : clean;
}

const BULLET = new Set(['bullet', 'checked', 'unchecked']);

/**
 * Quill 2 writes every list as `<ol>` and tells bullets from numbers by each item's `data-list`, so any reader
 * but Quill's own stylesheet (an article page, an RSS reader, a search snippet) shows bullets as numbers and
 * runs the numbering on. Stored HTML says what it means instead: each run of items of one kind becomes its own
 * `<ul>` or `<ol>`, without `data-list` (the editor reads `<ul>`/`<ol>` back as bullet and ordered lists).
 * htmlparser2 and dom-serializer are what sanitize-html itself parses with.
 */
function semanticLists(html: string): string {
  // Entities stay exactly as sanitize-html escaped them: nothing is decoded, so nothing can come back unescaped.
  const doc = parseDocument(html, { decodeEntities: false });
  const visit = (nodes: ChildNode[]) => {
    for (const node of [...nodes]) {
      if (!(node instanceof Element)) continue;
      visit(node.children);
      if (node.name === 'ol' || node.name === 'ul') splitList(node);
    }
  };
  visit(doc.children);
  return render(doc, { decodeEntities: false });
}

function splitList(list: Element) {
  const runs: { tag: 'ul' | 'ol'; items: ChildNode[] }[] = [];
  for (const child of list.children) {
    let tag: 'ul' | 'ol' = list.name === 'ul' ? 'ul' : 'ol';
    if (child instanceof Element && child.name === 'li') {
      const kind = child.attribs['data-list'];
      if (kind) tag = BULLET.has(kind) ? 'ul' : 'ol';
      delete child.attribs['data-list'];
    }
    const last = runs.at(-1);
    if (last && (last.tag === tag || !(child instanceof Element))) last.items.push(child);
    else runs.push({ tag, items: [child] });
  }
  const parent = list.parent;
  if (!parent) return;
  const lists = runs.map((run) => {
    const el = new Element(run.tag, { ...list.attribs }, []);
    for (const item of run.items) {
      item.parent = el;
      el.children.push(item);
    }
    return el;
  });
  if (lists.length === 0) return;
  const at = parent.children.indexOf(list);
  parent.children.splice(at, 1, ...lists);
  lists.forEach((el, i) => {
    el.parent = parent;
    el.prev = i === 0 ? list.prev : lists[i - 1]!;
    el.next = i === lists.length - 1 ? list.next : lists[i + 1]!;
  });
  if (list.prev) list.prev.next = lists[0]!;
  if (list.next) list.next.prev = lists.at(-1)!;
  for (const el of lists)
    el.children.forEach((c, i) => {
      c.prev = el.children[i - 1] ?? null;
      c.next = el.children[i + 1] ?? null;
    });
}
