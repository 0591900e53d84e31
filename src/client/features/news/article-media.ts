/**
 * What the page's script does with an article body's galleries and videos (the server drew them:
 * server/modules/media/media-blocks.ts), once a reader asks: a video's poster (a link to YouTube until then) becomes
 * the player from youtube-nocookie.com, playing; a gallery's picture (a link to its large version) opens the
 * full-screen viewer at that picture. This module, like the viewer, is fetched only when a reader presses one of
 * them, or a moment before: when the pointer or the keyboard's focus reaches a gallery or a video (media-trigger.ts).
 */
export interface GallerySlide {
  src: string;
  srcSet: { src: string; width: number; height: number }[];
  alt: string;
  width: number;
  height: number;
  caption: string;
}

export interface OpenGallery {
  slides: GallerySlide[];
  index: number;
  /** Where the keyboard's focus goes back when the viewer closes. */
  from: HTMLElement;
}

const loadViewer = () => import('./gallery-viewer');

/** The player in place of a video's poster. */
function playVideo(link: HTMLAnchorElement) {
  const id = link.dataset.youtube ?? '';
  if (!/^[\w-]{11}$/.test(id)) return;
  const frame = document.createElement('iframe');
  frame.src = `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
  frame.title = link.dataset.title || 'فيديو';
  frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'video-facade-player';
  link.replaceWith(frame);
  frame.focus();
}

/** A gallery's slides, read from what the server drew. */
function slidesOf(gallery: Element): GallerySlide[] {
  return [...gallery.querySelectorAll<HTMLAnchorElement>('a.gallery-open')].map((a) => {
    const img = a.querySelector('img');
    const width = Number(a.dataset.width) || 1200;
    const height = Number(a.dataset.height) || 675;
    const srcSet = (img?.getAttribute('srcset') ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s+/))
      .filter(([src, w]) => src && w)
      .map(([src, w]) => {
        const sw = parseInt(w!, 10);
        return { src: src!, width: sw, height: Math.round((height * sw) / width) };
      });
    const caption = a.parentElement?.querySelector('.gallery-caption')?.textContent?.trim() ?? '';
    return { src: a.href, srcSet, alt: img?.alt ?? '', width, height, caption };
  });
}

/** Plays a video, or opens the full-screen viewer at the gallery picture pressed. */
export async function activate(link: HTMLAnchorElement): Promise<void> {
  if (link.dataset.youtube) return playVideo(link);
  const block = link.closest('[data-gallery-block]');
  if (!block) return;
  const { openGallery } = await loadViewer();
  openGallery({ slides: slidesOf(block), index: Number(link.dataset.galleryIndex) || 0, from: link });
}

/** A reader reached a gallery: its viewer's code (and library) is fetched ahead of the press. */
export function ahead(block: Element) {
  if (block.matches('[data-gallery-block]')) void loadViewer();
}
