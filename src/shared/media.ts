/**
 * URLs of stored images. What the database keeps is always the app's own path, /media/<id>/<width>.webp (every
 * image at every width, plus og.jpg): the same rows serve any storage. What pages show is that path under the media
 * base: /media (the app streams the files itself) or MEDIA_PUBLIC_URL (a CDN or the bucket's address), set once per
 * process by setMediaBase (the server from its configuration, the reader app from the page's __SITE__).
 */
export const MEDIA_WIDTHS = [400, 800, 1200] as const;
export const MEDIA_URL_PREFIX = '/media';
/** Shown where an article has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

let mediaBase: string = MEDIA_URL_PREFIX;

/** Where pages point image URLs (no trailing slash); undefined or empty: the app's own /media. */
export function setMediaBase(base: string | undefined): void {
  mediaBase = base ? base.replace(/\/+$/, '') : MEDIA_URL_PREFIX;
}
export const getMediaBase = (): string => mediaBase;

/** The stored path of one rendition: what news.image_url keeps. */
export function mediaUrl(id: string, width: number): string {
  return `${MEDIA_URL_PREFIX}/${id}/${width}.webp`;
}

const OWN = /^\/media\/([0-9a-f-]{36})\/(\d+\.webp|og(?:-\d{1,3}-\d{1,3})?\.jpg)$/;
const publicRendition = (id: string, file: string) => `${mediaBase}/${id}/${file}`;

/** The image id and file name of one of our stored images (`/media/<id>/<file>`); undefined for an outside URL. */
export function ownMediaFile(url: string): { id: string; file: string } | undefined {
  const m = OWN.exec(url);
  return m ? { id: m[1]!, file: m[2]! } : undefined;
}

/** Where a page loads a stored image from (the media base); outside URLs are returned unchanged. */
export function publicImageUrl(url: string): string {
  const m = OWN.exec(url);
  return m ? publicRendition(m[1]!, m[2]!) : url;
}

/** `srcset` for one of our stored images; undefined for an outside URL. */
export function srcSetFor(url: string): string | undefined {
  const m = OWN.exec(url);
  if (!m) return undefined;
  return MEDIA_WIDTHS.map((w) => `${publicRendition(m[1]!, `${w}.webp`)} ${w}w`).join(', ');
}

/** The same image at another width (for small cards), where pages load it; outside URLs unchanged. */
export function sizedImage(url: string, width: (typeof MEDIA_WIDTHS)[number]): string {
  const m = OWN.exec(url);
  return m ? publicRendition(m[1]!, `${width}.webp`) : url;
}

/** The share image's file: og.jpg (sharp's attention crop), or og-X-Y.jpg once a focal point was chosen. */
export const ogFileName = (focus?: { focusX: number | null; focusY: number | null } | null) =>
  focus && focus.focusX !== null && focus.focusY !== null ? `og-${focus.focusX}-${focus.focusY}.jpg` : 'og.jpg';

/**
 * A 1200×630 JPEG for share previews (Open Graph), made for every stored image and cropped around its focal point
 * when one was chosen; outside URLs unchanged.
 */
export function ogImageFor(url: string, focus?: { focusX: number | null; focusY: number | null } | null): string {
  const m = OWN.exec(url);
  return m ? publicRendition(m[1]!, ogFileName(focus)) : url;
}

/** CSS object-position keeping an image's focal point in view in any crop (cards, the slider). */
export const focusPosition = (focus?: { focusX: number | null; focusY: number | null } | null) =>
  focus && focus.focusX !== null && focus.focusY !== null ? `${focus.focusX}% ${focus.focusY}%` : undefined;
