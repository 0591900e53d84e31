/**
 * Article bodies: the one rule set the editor (Quill 2, admin) and the server (sanitize-html) share, so what the
 * editor shows is what readers get.
 *
 * - ARTICLE_SANITIZE_OPTIONS: the allow-list every stored body passes on the server. It admits exactly what the
 *   editor can make: paragraphs, headings 1-3, bold, italic, underline, strike, the toolbar's palette of text and
 *   background colours, alignment and size classes, lists, links, images, YouTube/Vimeo embeds, simple tables and
 *   the media library's blocks (a picture, a gallery, a YouTube video: src/shared/media-blocks.ts).
 * - EDITOR_FORMATS / ARTICLE_PALETTE: what the editor is allowed to hold and the colours its toolbar offers (the
 *   editor is built from these lists, so it cannot show anything the server would take away).
 * - cleanPastedHtml: what Word, Google Docs and web pages put on the clipboard, turned into that vocabulary with no
 *   foreign colours, fonts, sizes, line heights, alignment or direction. The editor runs it on every paste; the
 *   server runs it on any body that still carries clipboard markup (saved around the editor).
 *
 * Built on htmlparser2 (what sanitize-html itself parses with), so the same code runs in the browser and in Node.
 */
import { type ChildNode, type Element, isComment, isDirective, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type sanitize from 'sanitize-html';

// ---------------------------------------------------------------------------------------------------------------
// What the editor may hold
// ---------------------------------------------------------------------------------------------------------------

/** The toolbar's text and background colours (Quill's own palette, so the pickers look as they always did). */
export const ARTICLE_PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
] as const;

/** Deepest list nesting the editor makes (Quill's indent 1-8 under a first level). */
export const MAX_LIST_INDENT = 8;

/**
 * The Quill formats the editor registers (its `formats` option): the toolbar's, plus what stored bodies may hold
 * (sizes, blockquotes, video embeds, list indents) and tables. Fonts, code, scripts, formulas and direction are
 * not among them, so nothing pasted can show in the editor what the server would drop.
 */
export const EDITOR_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'list',
  'indent',
  'align',
  'link',
  'image',
  'video',
  'size',
  'blockquote',
  'table',
  'mediablock',
] as const;

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const VIDEO_EMBED =
  /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/[\w-]{6,20}|player\.vimeo\.com\/video\/\d{1,12})([?#][^\s"'<>]*)?$/;
const DATA_IMAGE = /^data:image\/(png|gif|jpeg|webp|bmp|x-icon);base64,[a-z0-9+/=\s]+$/i;

/** A palette colour as the editor writes it (`#e60000`) or as a browser serialises it (`rgb(230, 0, 0)`). */
const PALETTE_STYLE = ARTICLE_PALETTE.map((hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return new RegExp(`^(${hex}|rgb\\(\\s*${r}\\s*,\\s*${g}\\s*,\\s*${b}\\s*\\))$`, 'i');
});

const CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-left',
  'ql-align-justify',
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
  'ql-video',
  ...Array.from({ length: MAX_LIST_INDENT }, (_, i) => `ql-indent-${i + 1}`),
];

/** A cell keeps colspan and rowspan only as whole numbers from 2 to 100. */
const cellSpans: sanitize.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(
    (['colspan', 'rowspan'] as const).flatMap((name) => {
      const value = attribs[name]?.trim() ?? '';
      return /^\d{1,3}$/.test(value) && +value >= 2 && +value <= 100 ? [[name, String(+value)]] : [];
    }),
  ),
});

/**
 * The server's allow-list (sanitize-html). Dropped, and why:
 * - `style` other than a palette colour: the editor writes alignment, sizes and indents as classes, so an inline
 *   `text-align`, `font-*`, `line-height` or `margin` only ever comes from a paste. Colours outside the palette
 *   likewise (the toolbar cannot make them).
 * - `dir`: the site is right to left and the editor has no direction control.
 * - Table attributes other than colspan/rowspan (widths, borders, colours): the article page styles tables itself.
 * Links may be http, https, mailto or tel; images http, https or a data: image; iframes only YouTube and Vimeo
 * embeds. Scripts, event handlers, javascript: URLs and every other tag or attribute are removed.
 */
export const ARTICLE_SANITIZE_OPTIONS: sanitize.IOptions = {
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
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
  ],
  allowedAttributes: {
    // Library pictures, galleries and videos (src/shared/media-blocks.ts): ids and a title, nothing inside.
    figure: ['data-media', 'data-gallery', 'data-youtube', 'data-title', 'data-poster'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'allowfullscreen', 'frameborder'],
    li: ['data-list'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': CLASSES },
  allowedStyles: { '*': { color: PALETTE_STYLE, 'background-color': PALETTE_STYLE } },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    // A span left with no colour or class says nothing (Quill's list-marker <span class="ql-ui">, a paste's
    // styled spans): its content stays, the tag goes.
    frame.tag === 'span' && Object.keys(frame.attribs).length === 0
      ? 'excludeTag'
      : (frame.tag === 'iframe' && !VIDEO_EMBED.test(frame.attribs.src ?? '')) ||
        (frame.tag === 'img' && !!frame.attribs.src?.startsWith('data:') && !DATA_IMAGE.test(frame.attribs.src)) ||
        (frame.tag === 'img' && !frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer nofollow' } : { rel: 'nofollow' }),
      },
    }),
    tfoot: 'tbody',
    td: cellSpans,
    th: cellSpans,
  },
};

// ---------------------------------------------------------------------------------------------------------------
// What comes from the clipboard
// ---------------------------------------------------------------------------------------------------------------

/**
 * Whether `html` is a clipboard document rather than the editor's own markup: Word (Office namespaces, `Mso`
 * classes, `mso-` styles, `<o:p>`, conditional comments), Google Docs (`docs-internal-guid`) or a browser's copy
 * of a web page (a whole document, or the `<meta charset>` Chromium puts first). The editor never writes any of it.
 */
export function isClipboardHtml(html: string): boolean {
  return (
    /<(html|head|body|meta|o:p|style)[\s>/]|<!--\s*\[if |<!\[if |docs-internal-guid|xmlns:[a-z]+=|<!--\s*StartFragment/i.test(
      html,
    ) || /<[a-z][^>]*\s(class=["']?Mso|style=["'][^"']*mso-)/i.test(html)
  );
}

type Marks = { b?: true; i?: true; u?: true; s?: true; href?: string };
type Run = { text: string; marks: Marks } | { img: string; alt: string; marks: Marks };
type LineKind = { kind: 'p' } | { kind: 'h'; level: 1 | 2 | 3 } | { kind: 'li'; list: ListKind; indent: number };
type Line = LineKind & { runs: Run[] };
type Block = Line | { kind: 'table'; rows: Run[][][] };
type ListKind = 'bullet' | 'ordered';

interface Context {
  marks: Marks;
  /** What a line opened by text here is: a paragraph, a heading, a list item. */
  line: LineKind;
  /** Inside a heading, list item or table cell: nested blocks and line breaks become spaces, not new lines. */
  oneLine: boolean;
  /** Inside a table cell: lists and headings are text too. */
  cell: boolean;
  /** How many HTML lists enclose this node, and the kind of the nearest. */
  listDepth: number;
  listKind: ListKind;
  /** Word's list definitions (`@list l0:level1 { mso-level-number-format: bullet }`) from the document's <style>. */
  wordLists: Map<string, ListKind>;
}

const PARAGRAPH: LineKind = { kind: 'p' };

/** Never content: the document head, scripts, forms' controls, media that cannot be pasted by URL (a table's
 * caption is read by the table). */
const SKIP = new Set([
  'head',
  'style',
  'script',
  'noscript',
  'template',
  'title',
  'meta',
  'link',
  'xml',
  'svg',
  'math',
  'object',
  'embed',
  'iframe',
  'frame',
  'frameset',
  'canvas',
  'video',
  'audio',
  'source',
  'map',
  'select',
  'input',
  'button',
  'textarea',
  'colgroup',
  'col',
  'caption',
]);
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'main',
  'nav',
  'p',
  'pre',
  'section',
  'summary',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);
const LISTS = new Set(['ul', 'ol', 'menu', 'dir']);
const HEADING = /^h([1-6])$/;
const INVISIBLE = /^[\s\u200b-\u200f\u202a-\u202e\u2060\ufeff]*$/;
const ORDERED_MARKER = /^\(?([0-9\u0660-\u0669\u06f0-\u06f9]+|[a-z]|[ivxlcdm]+|[\u0621-\u064a])[.)-]/i;
const ORDERED_STYLE = /decimal|alpha|roman|latin|greek|arabic|indic|persian|urdu|hebrew|armenian|georgian|cjk|kana/i;

/**
 * The clipboard's HTML as the editor's vocabulary: `<p>`, `<h1>`-`<h3>`, lists in Quill's form
 * (`<ol><li data-list="bullet|ordered" class="ql-indent-N">`, which the editor reads as is and the server stores as
 * nested `<ul>`/`<ol>`), `<strong>`, `<em>`, `<u>`, `<s>`, `<a href>`, `<img src alt>` and simple tables
 * (`<table><tbody><tr><td>`). Everything else is left behind, keeping its text:
 * - Word: conditional comments and what they hide (the typed bullet «·», «o», «§» or number before each list item,
 *   a second line break), `mso-list: Ignore` markers, `<o:p>`, VML shapes, comments; `MsoListParagraph` paragraphs
 *   with `mso-list: lN levelM` become list items, bullet or numbered as the document's `@list` definitions say
 *   (or, without them, as the marker looks).
 * - Google Docs: the `docs-internal-guid` `<b style="font-weight:normal">` wrapper is not bold; spans are bold with
 *   `font-weight` 600 or more, italic with `font-style: italic`, underlined or struck by `text-decoration`; list
 *   levels come from `aria-level`.
 * - All: colours, fonts, sizes, line heights, margins, alignment, direction, classes and ids; headings 4-6 become 3;
 *   bold inside a heading and underline inside a link (both already look so); empty paragraphs; line breaks end
 *   the line (as the editor's Enter does); links other than http, https, mailto, tel; images other than http(s).
 * - Tables: rows of plain cells (a header cell becomes a bold cell); merged cells are spread into empty ones so
 *   every row has as many cells as the widest; a cell holds one line (its paragraphs and lists joined by spaces,
 *   as the editor's table cells are single lines); a table of one cell is just its content.
 */
export function cleanPastedHtml(html: string): string {
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const flow = new Flow(false);
  walk(doc.children, rootContext(wordListDefinitions(doc.children)), flow);
  flow.end();
  return serialize(flow.blocks);
}

function rootContext(wordLists: Map<string, ListKind>): Context {
  return { marks: {}, line: PARAGRAPH, oneLine: false, cell: false, listDepth: 0, listKind: 'bullet', wordLists };
}

/** Collects lines of runs; a one-line flow (a table cell) joins what would be lines with spaces. */
class Flow {
  readonly blocks: Block[] = [];
  private open: Line | null = null;

  constructor(readonly oneLine: boolean) {}

  text(raw: string, ctx: Context) {
    let text = raw.replace(/\s+/g, ' ');
    if (!text) return;
    if (!this.open) {
      if (text === ' ') return;
      this.open = { ...ctx.line, runs: [] };
    }
    const last = this.open.runs.at(-1);
    if (text.startsWith(' ') && (!last || ('text' in last && last.text.endsWith(' ')))) text = text.slice(1);
    if (text) this.open.runs.push({ text, marks: ctx.marks });
  }

  image(src: string, alt: string, ctx: Context) {
    if (!this.open) this.open = { ...ctx.line, runs: [] };
    const { href: _linked, ...marks } = ctx.marks;
    this.open.runs.push({ img: src, alt, marks });
  }

  /** Where a nested block or a line break falls inside one line. */
  space() {
    const last = this.open?.runs.at(-1);
    if (last && !('text' in last && last.text.endsWith(' '))) this.open!.runs.push({ text: ' ', marks: {} });
  }

  /** Closes the open line (a one-line flow only puts a space), keeping it only if it shows something. */
  end() {
    if (this.oneLine) return this.space();
    const line = this.open;
    this.open = null;
    if (!line) return;
    const runs = tidy(line.runs);
    if (runs.some((r) => 'img' in r || !INVISIBLE.test(r.text))) this.blocks.push({ ...line, runs });
  }

  /** A one-line flow's content, trimmed. */
  line(): Run[] {
    return tidy(this.open?.runs ?? []);
  }

  table(rows: Run[][][]) {
    this.end();
    this.blocks.push({ kind: 'table', rows });
  }
}

/** Trims the line's ends and merges neighbouring runs of the same marks. */
function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && 'text' in last && 'text' in run && sameMarks(last.marks, run.marks))
      out[out.length - 1] = { text: last.text + run.text, marks: last.marks };
    else out.push(run);
  }
  const first = out[0];
  if (first && 'text' in first) out[0] = { ...first, text: first.text.replace(/^ /, '') };
  const end = out.at(-1);
  if (end && 'text' in end) out[out.length - 1] = { ...end, text: end.text.replace(/ $/, '') };
  return out.filter((r) => !('text' in r) || r.text);
}

const sameMarks = (a: Marks, b: Marks) => a.b === b.b && a.i === b.i && a.u === b.u && a.s === b.s && a.href === b.href;

function walk(nodes: ChildNode[], ctx: Context, flow: Flow) {
  for (const node of visible(nodes)) {
    if (isText(node)) flow.text(node.data, ctx);
    else if (isTag(node)) element(node, ctx, flow);
  }
}

/**
 * Text and elements, without comments and without what Word wraps in `<!--[if !supportLists]-->` …
 * `<!--[endif]-->` (or `<![if …]>`) for older browsers: the typed list marker, a second `<br>`
 * (!supportLineBreakNewLine), a picture's file:// copy (!vml), a table's zero-height spacer row
 * (!supportMisalignedColumns).
 */
function visible(nodes: ChildNode[]): ChildNode[] {
  const out: ChildNode[] = [];
  let hidden = false;
  for (const node of nodes) {
    if (isComment(node) || isDirective(node)) {
      const data = node.data.trim();
      if (/^!?\[if\s+!/i.test(data)) hidden = true;
      else if (/^!?\[endif\]/i.test(data)) hidden = false;
    } else if (!hidden) out.push(node);
  }
  return out;
}

function element(el: Element, ctx: Context, flow: Flow) {
  const name = el.name;
  if (SKIP.has(name) || /^(v|m):/.test(name) || 'hidden' in el.attribs) return;
  const style = parseStyle(el.attribs.style);
  if (
    style.get('display') === 'none' ||
    style.get('mso-hide') === 'all' ||
    /ignore/i.test(style.get('mso-list') ?? '') ||
    /^comment/i.test(style.get('mso-element') ?? '') ||
    /MsoCommentReference/i.test(el.attribs.class ?? '')
  )
    return;
  const inner: Context = { ...ctx, marks: marksOf(el, style, ctx.marks) };
  const heading = HEADING.exec(name);
  const wordList = /\bl(\d+)\s+level(\d+)/i.exec(style.get('mso-list') ?? '');

  if (name === 'br') return ctx.oneLine ? flow.space() : flow.end();
  if (name === 'img') {
    const src = (el.attribs.src ?? '').trim();
    if (/^https?:\/\//i.test(src)) flow.image(src, (el.attribs.alt ?? '').replace(/\s+/g, ' ').trim(), ctx);
    return;
  }
  if (name === 'table' && !ctx.cell) return table(el, inner, flow);
  if (
    ctx.oneLine &&
    (heading || wordList || LISTS.has(name) || name === 'li' || BLOCKS.has(name) || name === 'table')
  ) {
    // Inside a heading, list item or cell: a nested block is more of the same line. Nested lists in a list item
    // are lines of their own, though.
    if (!ctx.cell && (LISTS.has(name) || wordList)) return list(el, inner, flow, name, wordList);
    flow.space();
    walk(el.children, inner, flow);
    return flow.space();
  }
  if (heading) {
    flow.end();
    const level = Math.min(3, Number(heading[1])) as 1 | 2 | 3;
    walk(el.children, { ...inner, line: { kind: 'h', level }, oneLine: true }, flow);
    return flow.end();
  }
  if (wordList || LISTS.has(name) || name === 'li') return list(el, inner, flow, name, wordList);
  if (BLOCKS.has(name)) {
    flow.end();
    walk(el.children, { ...inner, line: PARAGRAPH }, flow);
    return flow.end();
  }
  walk(el.children, inner, flow); // inline: span, font, b, a, o:p, …
}

/** An HTML list, one of its items, or a Word list paragraph. */
function list(el: Element, ctx: Context, flow: Flow, name: string, wordList: RegExpExecArray | null) {
  if (LISTS.has(name)) {
    flow.end();
    const kind: ListKind = name === 'ol' ? 'ordered' : 'bullet';
    walk(el.children, { ...ctx, listDepth: ctx.listDepth + 1, listKind: kind, oneLine: false }, flow);
    return flow.end();
  }
  let kind: ListKind;
  let level: number;
  if (wordList) {
    kind = ctx.wordLists.get(`l${wordList[1]}:${wordList[2]}`) ?? (markerLooksOrdered(el) ? 'ordered' : 'bullet');
    level = Number(wordList[2]);
  } else {
    const dataList = el.attribs['data-list'];
    const listStyle = parseStyle(el.attribs.style).get('list-style-type');
    kind =
      dataList === 'ordered'
        ? 'ordered'
        : dataList
          ? 'bullet'
          : listStyle
            ? ORDERED_STYLE.test(listStyle)
              ? 'ordered'
              : 'bullet'
            : ctx.listKind;
    // Google Docs says the level (its nested lists sit beside the items); Quill's flat lists say the indent.
    const aria = Number(el.attribs['aria-level']);
    const indent = Number(/\bql-indent-(\d)\b/.exec(el.attribs.class ?? '')?.[1] ?? 0);
    level = (Number.isInteger(aria) && aria > 0 ? aria : Math.max(1, ctx.listDepth)) + indent;
  }
  flow.end();
  const indent = Math.min(MAX_LIST_INDENT, Math.max(0, level - 1));
  walk(el.children, { ...ctx, line: { kind: 'li', list: kind, indent }, oneLine: true }, flow);
  flow.end();
}

/** Without Word's list definitions: is the marker (in its `mso-list: Ignore` span) a number or letter? */
function markerLooksOrdered(el: Element): boolean {
  const marker = findElement(el, (e) => /ignore/i.test(parseStyle(e.attribs.style).get('mso-list') ?? ''));
  return !!marker && ORDERED_MARKER.test(textOf(marker).replace(/\s+/g, ''));
}

function table(el: Element, ctx: Context, flow: Flow) {
  const rows = ownRows(el);
  const cells = rows.flatMap(ownCells);
  if (cells.length <= 1) {
    // A table of one cell is a box around content (a layout table), not data.
    flow.end();
    walk(cells[0]?.children ?? el.children, { ...ctx, line: PARAGRAPH }, flow);
    return flow.end();
  }
  // The caption is the table's title: a paragraph before it.
  for (const caption of visible(el.children).filter(isTag))
    if (caption.name === 'caption') {
      flow.end();
      walk(caption.children, { ...ctx, line: PARAGRAPH }, flow);
      flow.end();
    }
  const grid: Run[][][] = [];
  const carried: number[] = []; // rows still covered by a cell spanning down, per column
  for (const tr of rows) {
    const row: Run[][] = [];
    const skipCarried = () => {
      while ((carried[row.length] ?? 0) > 0) {
        carried[row.length]! -= 1;
        row.push([]);
      }
    };
    for (const cell of ownCells(tr)) {
      skipCarried();
      const content = new Flow(true);
      const style = parseStyle(cell.attribs.style);
      walk(cell.children, { ...ctx, marks: marksOf(cell, style, ctx.marks), oneLine: true, cell: true }, content);
      const colspan = span(cell.attribs.colspan, 50);
      const rowspan = span(cell.attribs.rowspan, 500);
      for (let k = 0; k < colspan; k++) {
        carried[row.length] = rowspan - 1;
        row.push(k === 0 ? content.line() : []);
      }
    }
    while (row.length < carried.length) {
      if ((carried[row.length] ?? 0) > 0) carried[row.length]! -= 1;
      row.push([]);
    }
    grid.push(row);
  }
  const width = Math.max(...grid.map((r) => r.length));
  for (const row of grid) while (row.length < width) row.push([]);
  if (grid.some((row) => row.some((cell) => cell.length > 0))) flow.table(grid);
}

const span = (value: string | undefined, max: number) => Math.min(max, Math.max(1, parseInt(value ?? '', 10) || 1));

/** A table's own rows (directly or in its thead, tbody, tfoot), not those of tables inside its cells. */
function ownRows(table: Element): Element[] {
  return visible(table.children)
    .filter(isTag)
    .flatMap((child) => {
      if (child.name === 'tr') return [child];
      if (['thead', 'tbody', 'tfoot'].includes(child.name)) return visible(child.children).filter(isTag).filter(isRow);
      return [];
    });
}
const isRow = (e: Element) => e.name === 'tr';
const ownCells = (tr: Element) =>
  visible(tr.children)
    .filter(isTag)
    .filter((c) => c.name === 'td' || c.name === 'th');

/** Bold, italic, underline, strike and link as the element and its style say, over what encloses it. */
function marksOf(el: Element, style: Map<string, string>, outer: Marks): Marks {
  const marks: Marks = { ...outer };
  const name = el.name;
  if (name === 'b' || name === 'strong' || name === 'th') marks.b = true;
  if (name === 'i' || name === 'em') marks.i = true;
  if (name === 'u' || name === 'ins') marks.u = true;
  if (name === 's' || name === 'strike' || name === 'del') marks.s = true;
  const weight = style.get('font-weight');
  if (weight) {
    const n = /^bold/.test(weight) ? 700 : /^(normal|lighter)$/.test(weight) ? 400 : parseInt(weight, 10);
    if (!Number.isNaN(n)) {
      if (n >= 600) marks.b = true;
      else delete marks.b;
    }
  }
  const fontStyle = style.get('font-style');
  if (fontStyle) {
    if (/italic|oblique/.test(fontStyle)) marks.i = true;
    else if (fontStyle === 'normal') delete marks.i;
  }
  // A decoration is drawn over descendants whatever they say, so `text-decoration: none` takes nothing away.
  const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
  if (/underline/.test(decoration)) marks.u = true;
  if (/line-through/.test(decoration)) marks.s = true;
  if (name === 'a') {
    const href = safeHref(el.attribs.href);
    if (href) marks.href = href;
  }
  return marks;
}

function safeHref(raw: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const href = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme && LINK_SCHEMES.includes(scheme) && href.length > scheme.length + 1 ? href : undefined;
}

/** `a: b; c: "d; e"` as a map of lower-case property names to trimmed, lower-case values. */
/** A style attribute's declarations: split at each `;` outside quotes, in one pass (linear in its length). */
function splitDeclarations(style: string): string[] {
  const out: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ';') {
      out.push(style.slice(start, i));
      start = i + 1;
    }
  }
  out.push(style.slice(start));
  return out;
}

function parseStyle(style: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  if (!style) return map;
  for (const decl of splitDeclarations(style)) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    map.set(
      decl.slice(0, colon).trim().toLowerCase(),
      decl
        .slice(colon + 1)
        .replace(/!important/i, '')
        .trim()
        .toLowerCase(),
    );
  }
  return map;
}

/** Word's list definitions: `@list l0:level1 { mso-level-number-format: bullet; … }` (no format is decimal). */
function wordListDefinitions(nodes: ChildNode[]): Map<string, ListKind> {
  const lists = new Map<string, ListKind>();
  const styles: Element[] = [];
  const collect = (ns: ChildNode[]) => {
    for (const n of ns) {
      if (!isTag(n)) continue;
      if (n.name === 'style') styles.push(n);
      else if (n.name === 'html' || n.name === 'head' || n.name === 'body') collect(n.children);
    }
  };
  collect(nodes);
  for (const css of styles.map(textOf))
    for (const m of css.matchAll(/@list\s+l(\d+):level(\d+)\s*\{([^}]*)\}/gi)) {
      const format = /mso-level-number-format:\s*([\w-]+)/i.exec(m[3]!)?.[1]?.toLowerCase();
      lists.set(`l${m[1]}:${m[2]}`, format === 'bullet' || format === 'image' ? 'bullet' : 'ordered');
    }
  return lists;
}

function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  return isTag(node) ? node.children.map(textOf).join('') : '';
}

function findElement(el: Element, test: (e: Element) => boolean): Element | undefined {
  for (const child of el.children) {
    if (!isTag(child)) continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing the clean HTML
// ---------------------------------------------------------------------------------------------------------------

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function serialize(blocks: Block[]): string {
  let html = '';
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'li') {
      // Quill's own list markup: one <ol>, each item saying its kind and depth.
      html += '<ol>';
      for (; i < blocks.length && blocks[i]!.kind === 'li'; i++) {
        const item = blocks[i] as Line & { kind: 'li' };
        const indent = item.indent ? ` class="ql-indent-${item.indent}"` : '';
        html += `<li data-list="${item.list}"${indent}>${runsHtml(item.runs)}</li>`;
      }
      html += '</ol>';
      i -= 1;
    } else if (block.kind === 'table') {
      // Two tables in a row would be one to the editor (it joins neighbouring tables): keep a line between them.
      if (blocks[i - 1]?.kind === 'table') html += '<p><br></p>';
      html += '<table><tbody>';
      for (const row of block.rows)
        html += `<tr>${row.map((cell) => `<td>${cell.length ? runsHtml(cell) : '<br>'}</td>`).join('')}</tr>`;
      html += '</tbody></table>';
    } else if (block.kind === 'h') {
      html += `<h${block.level}>${runsHtml(block.runs, true)}</h${block.level}>`;
    } else {
      html += `<p>${runsHtml(block.runs)}</p>`;
    }
  }
  return html;
}

function runsHtml(runs: Run[], heading = false): string {
  let html = '';
  for (let i = 0; i < runs.length;) {
    const href = runs[i]!.marks.href;
    let inner = '';
    for (; i < runs.length && runs[i]!.marks.href === href; i++) inner += runHtml(runs[i]!, heading);
    // The editor opens every link in a new tab (Quill's link format): so does a pasted one, whichever way it is saved.
    html += href ? `<a href="${escapeAttr(href)}" rel="noopener noreferrer" target="_blank">${inner}</a>` : inner;
  }
  return html;
}

function runHtml(run: Run, heading: boolean): string {
  const { marks } = run;
  let html =
    'img' in run
      ? `<img src="${escapeAttr(run.img)}"${run.alt ? ` alt="${escapeAttr(run.alt)}"` : ''}>`
      : escapeText(run.text);
  if (marks.s) html = `<s>${html}</s>`;
  if (marks.u && !marks.href) html = `<u>${html}</u>`;
  if (marks.i) html = `<em>${html}</em>`;
  if (marks.b && !heading) html = `<strong>${html}</strong>`;
  return html;
}
