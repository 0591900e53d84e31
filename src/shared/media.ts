/** URLs of stored images: /media/<id>/<width>.webp, every image at every width. */
export const MEDIA_WIDTHS = [400, 800, 1200] as const;
export const MEDIA_URL_PREFIX = '/media';
/** Shown where an article has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export function mediaUrl(id: string, width: number): string {
  return `${MEDIA_URL_PREFIX}/${id}/${width}.webp`;
}

const OWN = /^\/media\/([0-9a-f-]{36})\/\d+\.webp$/;

/** `srcset` for one of our stored images; undefined for an outside URL. */
export function srcSetFor(url: string): string | undefined {
  const m = OWN.exec(url);
  if (!m) return undefined;
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(m[1]!, w)} ${w}w`).join(', ');
}

/** The same image at another width (for small cards); outside URLs are returned unchanged. */
export function sizedImage(url: string, width: (typeof MEDIA_WIDTHS)[number]): string {
  const m = OWN.exec(url);
  return m ? mediaUrl(m[1]!, width) : url;
}

/** A 1200×630 JPEG for share previews (Open Graph), made for every stored image; outside URLs unchanged. */
export function ogImageFor(url: string): string {
  const m = OWN.exec(url);
  return m ? `${MEDIA_URL_PREFIX}/${m[1]!}/og.jpg` : url;
}
