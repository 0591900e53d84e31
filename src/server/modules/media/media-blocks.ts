/**
 * The body's media blocks (src/shared/media-blocks.ts) on the server: made canonical when a body is saved (a block
 * keeps its ids, a video its title; whatever the editor drew inside it goes), and turned into what readers get when
 * an article is read, with the library's current alt, caption, credit and focal point.
 *
 * - A picture: `<figure>` with the image (every width in srcset, its own size, lazy) and a `<figcaption>` with the
 *   caption and the credit.
 * - A gallery: a list that scrolls sideways with snap points (swiped on a phone, right to left as the page reads,
 *   without any script), each picture a link to its large version (the full-screen viewer opens from it once the
 *   page's script runs) with its caption and credit under it.
 * - A video: a link to the video on YouTube with a poster and a play button; the page's script swaps in the player
 *   from youtube-nocookie.com on click. Nothing is loaded from YouTube before.
 */
import render from 'dom-serializer';
import { type ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import {
  BLOCK_TITLE_MAX,
  escapeHtml,
  GALLERY_MIN,
  galleryIds,
  MEDIA_ID,
  MEDIA_ID_PATTERN,
  YOUTUBE_ID,
  youtubeIdOf,
} from '../../../shared/media-blocks';
import { focusPosition, mediaUrl, publicImageUrl, srcSetFor } from '../../../shared/media';
import type { MediaMeta } from './media.repository';
import { formatCount } from '../../../shared/plural';
import { PICTURES } from '../../../shared/nouns';

/** The library id of a picture inserted by its address (`/media/<id>/…`). */
const OWN_PATH = new RegExp(`^/media/(${MEDIA_ID_PATTERN})/`);

const titleOf = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, BLOCK_TITLE_MAX);

/** The canonical block for a figure the editor wrote, or undefined if it is no block (its content then stays). */
function canonicalBlock(a: Record<string, string>): Element | null | undefined {
  if (a['data-media'] !== undefined)
    return MEDIA_ID.test(a['data-media']) ? figure({ 'data-media': a['data-media'] }) : null;
  if (a['data-gallery'] !== undefined) {
    const ids = galleryIds(a['data-gallery']);
    if (ids.length === 1) return figure({ 'data-media': ids[0]! });
    if (ids.length < GALLERY_MIN) return null;
    const title = titleOf(a['data-title']);
    return figure({ 'data-gallery': ids.join(' '), ...(title ? { 'data-title': title } : {}) });
  }
  if (a['data-youtube'] !== undefined) {
    if (!YOUTUBE_ID.test(a['data-youtube'])) return null;
    const title = titleOf(a['data-title']);
    const poster = a['data-poster'];
    return figure({
      'data-youtube': a['data-youtube'],
      ...(title ? { 'data-title': title } : {}),
      ...(poster && MEDIA_ID.test(poster) ? { 'data-poster': poster } : {}),
    });
  }
  return undefined;
}

const figure = (attribs: Record<string, string>) => new Element('figure', attribs, []);

/**
 * A body's blocks as stored: only their attributes (ids, a title, a poster), nothing inside; a figure that is no
 * block gives way to its content; a block naming nothing usable goes. Runs before the sanitiser.
 */
export function canonicalMediaBlocks(html: string): string {
  if (!/<figure/i.test(html)) return html;
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const visit = (nodes: ChildNode[]): ChildNode[] =>
    nodes.flatMap((node) => {
      if (!(node instanceof Element)) return [node];
      if (node.name === 'figure') {
        const block = canonicalBlock(node.attribs);
        if (block === null) return [];
        if (block) return [block];
        return visit(node.children);
      }
      node.children = visit(node.children);
      node.children.forEach((c) => (c.parent = node));
      return [node];
    });
  doc.children = visit(doc.children);
  return render(doc, { encodeEntities: 'utf8', selfClosingTags: true });
}

// ---------------------------------------------------------------------------------------------------------------
// What readers get
// ---------------------------------------------------------------------------------------------------------------

/** The largest stored rendition's size (images are never enlarged). */
function shownSize(m: MediaMeta, width = 1200): { w: number; h: number } {
  const w = Math.min(width, m.width);
  return { w, h: Math.max(1, Math.round((m.height * w) / Math.max(1, m.width))) };
}

const focusStyle = (m: MediaMeta) => {
  const pos = focusPosition(m);
  return pos ? ` style="object-position:${pos}"` : '';
};

function img(m: MediaMeta, opts: { alt: string; sizes: string; width?: number; extra?: string }): string {
  const url = mediaUrl(m.id, 1200);
  const { w, h } = shownSize(m);
  return `<img src="${escapeHtml(publicImageUrl(url))}" srcset="${escapeHtml(srcSetFor(url) ?? '')}" sizes="${opts.sizes}" width="${w}" height="${h}" alt="${escapeHtml(opts.alt)}" loading="lazy" decoding="async"${opts.extra ?? ''}>`;
}

/** «الصورة: رويترز» after a caption: agencies require their credit wherever the picture is shown. */
const creditHtml = (m: MediaMeta) =>
  m.credit ? `<span class="article-credit">الصورة: ${escapeHtml(m.credit)}</span>` : '';

function captionHtml(m: MediaMeta, tag: 'figcaption' | 'p', cls = ''): string {
  if (!m.caption && !m.credit) return '';
  const parts = [m.caption ? escapeHtml(m.caption) : '', creditHtml(m)].filter(Boolean).join(' ');
  return `<${tag}${cls ? ` class="${cls}"` : ''}>${parts}</${tag}>`;
}

function pictureHtml(m: MediaMeta, fallbackAlt: string): string {
  return `<figure class="article-figure">${img(m, { alt: m.alt || fallbackAlt, sizes: '(min-width: 768px) 768px, 100vw' })}${captionHtml(m, 'figcaption')}</figure>`;
}

function galleryHtml(items: MediaMeta[], title: string, fallbackAlt: string): string {
  const name = title || 'معرض صور';
  const slides = items
    .map((m, i) => {
      const alt = m.alt || `${fallbackAlt} (${i + 1})`;
      const { w, h } = shownSize(m);
      return `<li class="gallery-slide"><a class="gallery-open" href="${escapeHtml(publicImageUrl(mediaUrl(m.id, 1200)))}" data-gallery-index="${i}" data-width="${w}" data-height="${h}" aria-label="${escapeHtml(`${alt} — الصورة ${i + 1} من ${items.length}، تُفتح بملء الشاشة`)}">${img(m, { alt, sizes: '(min-width: 768px) 600px, 85vw', extra: focusStyle(m) })}</a>${captionHtml(m, 'p', 'gallery-caption')}</li>`;
    })
    .join('');
  return `<figure class="article-gallery" data-gallery-block=""><figcaption class="gallery-head"><span class="gallery-title">${name}</span> <span class="gallery-count">${formatCount(items.length, PICTURES)}</span></figcaption><ul class="gallery-track" aria-label="${name}">${slides}</ul></figure>`;
}

function videoHtml(video: string, title: string, poster: MediaMeta | undefined): string {
  const name = title || 'فيديو';
  const art = poster
    ? img(poster, { alt: '', sizes: '(min-width: 768px) 768px, 100vw', extra: focusStyle(poster) })
    : '<span class="video-facade-art" aria-hidden="true"></span>';
  return `<figure class="video-facade"><a class="video-facade-link" href="https://www.youtube.com/watch?v=${video}" data-youtube="${video}" data-title="${name}" target="_blank" rel="noopener noreferrer">${art}<span class="video-play" aria-hidden="true"></span><span class="visually-hidden">تشغيل الفيديو: ${name}</span></a>${title ? `<figcaption>${title}</figcaption>` : ''}</figure>`;
}

const ATTR = /([\w-]+)="([^"]*)"/g;
const attrsOf = (s: string) => Object.fromEntries([...s.matchAll(ATTR)].map((m) => [m[1]!, m[2]!]));

/**
 * The stored body as readers get it: blocks drawn with the library's current text (`meta` holds every image the
 * body names; a block whose image is gone is left out), YouTube players of older bodies turned into the same
 * facade, and pictures inserted by address given their library alt when they have none. Attribute values of the
 * stored body are already escaped (the sanitiser wrote them) and are reused as they are.
 */
export function renderMediaBlocks(html: string, meta: Map<string, MediaMeta>, fallbackAlt: string): string {
  if (!/<(figure|iframe|img)/.test(html)) return html;
  return html
    .replace(/<img((?:\s+[\w-]+="[^"]*")*)\s*\/?>/g, (all, attrs: string) => {
      const a = attrsOf(attrs);
      const id = OWN_PATH.exec(a.src ?? '')?.[1];
      const m = id ? meta.get(id) : undefined;
      if (!m || a.alt) return all;
      return `<img${attrs.replace(/\s+alt="[^"]*"/, '')} alt="${escapeHtml(m.alt || fallbackAlt)}">`;
    })
    .replace(/<iframe((?:\s+[\w-]+="[^"]*")*)\s*>\s*<\/iframe>/g, (all, attrs: string) => {
      const video = youtubeIdOf(attrsOf(attrs).src?.replace(/&amp;/g, '&') ?? '');
      return video ? videoHtml(video, '', undefined) : all;
    })
    .replace(/<figure((?:\s+[\w-]+="[^"]*")*)\s*>\s*<\/figure>/g, (_all, attrs: string) => {
      const a = attrsOf(attrs);
      if (a['data-media']) {
        const m = meta.get(a['data-media']);
        return m ? pictureHtml(m, fallbackAlt) : '';
      }
      if (a['data-gallery']) {
        const items = galleryIds(a['data-gallery']).flatMap((id) => meta.get(id) ?? []);
        if (items.length === 1) return pictureHtml(items[0]!, fallbackAlt);
        return items.length ? galleryHtml(items, a['data-title'] ?? '', fallbackAlt) : '';
      }
      if (a['data-youtube'] && YOUTUBE_ID.test(a['data-youtube']))
        return videoHtml(
          a['data-youtube'],
          a['data-title'] ?? '',
          a['data-poster'] ? meta.get(a['data-poster']) : undefined,
        );
      return '';
    });
}
