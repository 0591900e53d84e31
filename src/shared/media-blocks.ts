/**
 * Pictures, galleries and videos in an article's body, as the editor writes them and the server stores them: a
 * block names library images by id and nothing else, so what readers are told about a picture (alt, caption, credit,
 * focal point) comes from the library when the article is read, and a correction of a caption reaches every article
 * that shows it.
 *
 * - `<figure data-media="ID"></figure>`: one picture, shown with its caption and credit.
 * - `<figure data-gallery="ID ID …" data-title="…"></figure>`: a gallery of 2 to GALLERY_MAX pictures.
 * - `<figure data-youtube="VIDEO" data-title="…" data-poster="ID"></figure>`: a YouTube video, shown as a poster and
 *   a play button until the reader asks for the player (from youtube-nocookie.com); the poster is a library picture
 *   or, without one, the site's own drawing: nothing is fetched from YouTube before the click.
 */
/** A library id as the server makes them (randomUUID: lowercase 8-4-4-4-12); the one pattern every check uses. */
export const MEDIA_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const MEDIA_ID = new RegExp(`^${MEDIA_ID_PATTERN}$`);
export const YOUTUBE_ID = /^[\w-]{11}$/;
export const GALLERY_MIN = 2;
export const GALLERY_MAX = 30;
export const BLOCK_TITLE_MAX = 200;

/** The video id of a YouTube address (watch, youtu.be, shorts, embed, youtube-nocookie), or undefined. */
export function youtubeIdOf(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const host = u.hostname.replace(/^(www|m)\./, '');
  let id: string | undefined;
  if (host === 'youtu.be') id = u.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = u.pathname.split('/');
    if (first === 'watch') id = u.searchParams.get('v') ?? undefined;
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** The library ids a gallery's attribute names, in order, without repeats or anything that is not an id. */
export function galleryIds(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,]+/).filter((id) => MEDIA_ID.test(id)))].slice(0, GALLERY_MAX);
}

const ID_IN_ATTRIBUTE = /data-(?:media|poster|gallery)="([^"]*)"/g;
const ID_IN_PATH = new RegExp(`/media/(${MEDIA_ID_PATTERN})/`, 'g');

/**
 * Every library image a body shows: its figures, galleries and video posters, and pictures inserted by address
 * (`/media/ID/…`, an older editor's way). Read from the stored (sanitised) markup, whose attributes are quoted.
 */
export function mediaIdsInBody(html: string): string[] {
  const ids = new Set<string>();
  for (const m of html.matchAll(ID_IN_ATTRIBUTE)) for (const id of galleryIds(m[1])) ids.add(id);
  for (const m of html.matchAll(ID_IN_PATH)) ids.add(m[1]!);
  return [...ids];
}

/** Escapes text for an attribute value or element content. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The stored markup of each block (what the editor's blots write and the server keeps). */
export const blockHtml = {
  figure: (id: string) => `<figure data-media="${id}"></figure>`,
  gallery: (ids: string[], title = '') =>
    `<figure data-gallery="${ids.join(' ')}"${title ? ` data-title="${escapeHtml(title)}"` : ''}></figure>`,
  youtube: (video: string, title = '', poster?: string) =>
    `<figure data-youtube="${video}"${title ? ` data-title="${escapeHtml(title)}"` : ''}${poster ? ` data-poster="${poster}"` : ''}></figure>`,
};
