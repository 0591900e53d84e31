/**
 * The body editor's media blocks (src/shared/media-blocks.ts) as one Quill embed: a library picture, a gallery or a
 * YouTube video, each a `<figure>` whose attributes say what it shows. Inside the editor it draws a preview (the
 * picture with its caption and credit, the gallery's thumbnails, the video's poster); the server keeps only the
 * attributes, and readers get the library's current text.
 */
import Quill from 'quill';
import type { BlockEmbed as BlockEmbedType } from 'quill/blots/block';
import { galleryIds, MEDIA_ID, YOUTUBE_ID } from '../../../shared/media-blocks';
import { mediaUrl, sizedImage } from '../../../shared/media';
import type { MediaItem } from '../../../shared/schemas/media';
import { adminGet } from '../api/client';
import { formatCount } from '../../../shared/plural';
import { PICTURES } from '../../../shared/nouns';

export type MediaBlockValue =
  | { kind: 'figure'; id: string }
  | { kind: 'gallery'; ids: string[]; title: string }
  | { kind: 'youtube'; video: string; title: string; poster?: string };

/** What the editor knows of library pictures (filled by the picker; others are asked of the server once). */
const known = new Map<string, Pick<MediaItem, 'alt' | 'caption' | 'credit'>>();
const asked = new Map<string, Promise<Pick<MediaItem, 'alt' | 'caption' | 'credit'> | null>>();
export const rememberMedia = (items: MediaItem[]) => items.forEach((m) => known.set(m.id, m));

function textOf(id: string): Promise<Pick<MediaItem, 'alt' | 'caption' | 'credit'> | null> {
  const have = known.get(id);
  if (have) return Promise.resolve(have);
  let p = asked.get(id);
  if (!p) {
    p = adminGet<MediaItem>(`/api/admin/media/${id}`).catch(() => null);
    asked.set(id, p);
  }
  return p;
}

/**
 * A preview's words are drawn from an attribute by CSS (rich-editor.css), not written as text: the body's text (the
 * revision diff, "is the body empty?") then holds only what the writer typed.
 */
const el = (tag: string, cls: string, text?: string) => {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.setAttribute('data-text', text);
  return e;
};
const say = (e: Element, text: string) => e.setAttribute('data-text', text);

const thumb = (id: string, width: 400 | 800 = 400) => {
  const img = document.createElement('img');
  img.src = sizedImage(mediaUrl(id, 1200), width);
  img.alt = '';
  img.draggable = false;
  return img;
};

function drawFigure(node: HTMLElement, id: string) {
  node.append(thumb(id, 800));
  const caption = el('figcaption', 'ql-media-caption', '…');
  node.append(caption);
  void textOf(id).then((m) => {
    if (!m) return say(caption, 'الصورة غير موجودة في المكتبة');
    say(caption, [m.caption || 'بلا تعليق', m.credit && `الصورة: ${m.credit}`].filter(Boolean).join(' — '));
    if (!m.alt) caption.append(el('span', 'ql-media-warning', ' — بلا نص بديل: أضفه من المكتبة قبل النشر'));
  });
}

export function drawMediaBlock(node: HTMLElement, value: MediaBlockValue) {
  node.replaceChildren();
  node.setAttribute('contenteditable', 'false');
  node.classList.add('ql-media-block');
  if (value.kind === 'figure') return drawFigure(node, value.id);
  if (value.kind === 'gallery') {
    const strip = el('div', 'ql-media-thumbs');
    value.ids.slice(0, 8).forEach((id) => strip.append(thumb(id)));
    node.append(
      strip,
      el(
        'figcaption',
        'ql-media-caption',
        `معرض صور${value.title ? `: ${value.title}` : ''} (${formatCount(value.ids.length, PICTURES)})`,
      ),
    );
    return;
  }
  const box = el('div', 'ql-media-video');
  if (value.poster) box.append(thumb(value.poster, 800));
  box.append(el('span', 'ql-media-play', '▶'));
  node.append(box, el('figcaption', 'ql-media-caption', `فيديو يوتيوب${value.title ? `: ${value.title}` : ''}`));
}

const BlockEmbed = Quill.import('blots/block/embed') as typeof BlockEmbedType;

class MediaBlock extends BlockEmbed {
  static override blotName = 'mediablock';
  static override tagName = 'FIGURE';

  static override create(value: MediaBlockValue | undefined) {
    const node = super.create() as HTMLElement;
    if (!value) return node;
    if (value.kind === 'figure') node.setAttribute('data-media', value.id);
    else if (value.kind === 'gallery') {
      node.setAttribute('data-gallery', value.ids.join(' '));
      if (value.title) node.setAttribute('data-title', value.title);
    } else {
      node.setAttribute('data-youtube', value.video);
      if (value.title) node.setAttribute('data-title', value.title);
      if (value.poster) node.setAttribute('data-poster', value.poster);
    }
    drawMediaBlock(node, value);
    return node;
  }

  static override value(node: HTMLElement): MediaBlockValue | undefined {
    const media = node.getAttribute('data-media');
    if (media && MEDIA_ID.test(media)) return { kind: 'figure', id: media };
    const gallery = node.getAttribute('data-gallery');
    if (gallery) return { kind: 'gallery', ids: galleryIds(gallery), title: node.getAttribute('data-title') ?? '' };
    const video = node.getAttribute('data-youtube');
    if (video && YOUTUBE_ID.test(video)) {
      const poster = node.getAttribute('data-poster');
      return {
        kind: 'youtube',
        video,
        title: node.getAttribute('data-title') ?? '',
        ...(poster && MEDIA_ID.test(poster) ? { poster } : {}),
      };
    }
    return undefined;
  }
}

Quill.register(MediaBlock, true);
