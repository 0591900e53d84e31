/**
 * What the service worker does to a page's HTML, as plain functions over strings (the worker has no DOM; these are
 * tested in offline-html.test.ts): find a saved page's title and pictures, turn a saved copy into a page that works
 * without its scripts and says when it was saved, and write the list of saved pages into the offline page.
 */
import { formatDateTime } from '../../shared/format';
import { OFFLINE_SAVED_LIST_ID, SAVED_IMAGE_WIDTH } from '../../shared/offline';

export interface SavedPage {
  /** '/' or '/news/<id>'. */
  path: string;
  title: string;
  /** ISO time the copy was made. */
  savedAt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's own title, without « | site name» (its og:title and og:site_name). */
export function pageTitleOf(html: string): string {
  const meta = (prop: string) => new RegExp(`<meta property="${prop}" content="([^"]*)">`).exec(html)?.[1] ?? undefined;
  const title = unescapeHtml(meta('og:title') ?? /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const site = meta('og:site_name');
  const suffix = site ? ` | ${unescapeHtml(site)}` : '';
  return suffix && title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length) : title;
}

/**
 * The pictures of an article page worth keeping with it: this site's stored images between the start of <main> and
 * the related stories (the lead picture, the body's, a live coverage's), each once, as its SAVED_IMAGE_WIDTH
 * rendition on this origin. Other origins' pictures (a CDN in MEDIA_PUBLIC_URL, an outside URL) are not kept.
 */
export function articleImagesOf(html: string, limit: number): string[] {
  const start = html.indexOf('<main');
  if (start < 0) return [];
  const ends = ['id="related-heading"', '</main>'].map((m) => html.indexOf(m, start)).filter((i) => i > 0);
  const part = html.slice(start, ends.length ? Math.min(...ends) : undefined);
  const ids: string[] = [];
  // Only addresses this origin serves: "/media/…" right after a quote, a comma or a space (src and srcset).
  for (const m of part.matchAll(/(?<=["',\s])\/media\/([0-9a-f-]{36})\/(?:\d+\.webp|og\.jpg)/g)) {
    if (!ids.includes(m[1]!)) ids.push(m[1]!);
    if (ids.length >= limit) break;
  }
  return ids.map((id) => `/media/${id}/${SAVED_IMAGE_WIDTH}.webp`);
}

/** The stored picture an image request stands for: any width of the same image id. */
export const imageIdOf = (pathname: string) => /^\/media\/([0-9a-f-]{36})\//.exec(pathname)?.[1];

/**
 * A saved copy as the reader gets it offline: without the app's scripts (the HTML is the whole page, its links plain
 * links the worker answers in turn), and a note at the top saying it is a saved copy, from when, with a way to try
 * the network again.
 */
export function savedCopyHtml(html: string, savedAt: string): string {
  const note =
    `<div class="offline-note" role="status" data-saved-at="${escapeHtml(savedAt)}">` +
    `<span>أنت تقرأ نسخة محفوظة على جهازك دون اتصال، حُفظت في <time datetime="${escapeHtml(savedAt)}">${escapeHtml(formatDateTime(savedAt))}</time>.</span> ` +
    `<a href="">تحديث الصفحة</a></div>`;
  return (
    html
      .replace(/<meta name="sahifa-app"[^>]*>\n?/, '')
      // The first paint waits for the page's data, which a saved copy no longer has.
      .replace(/<link rel="expect"[^>]*>\n?/g, '')
      .replace(/<script type="application\/json" id="__(QUERY_STATE|SITE)__">[\s\S]*?<\/script>\n?/g, '')
      .replace(/<body>/, `<body>\n${note}`)
  );
}

/** The offline page with the saved pages listed, newest first (the home page named as such). */
export function offlinePageHtml(html: string, pages: readonly SavedPage[]): string {
  if (!pages.length) return html;
  const items = pages
    .map(
      (p) =>
        `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.path === '/' ? 'الصفحة الرئيسية' : p.title)}</a>` +
        ` <span class="offline-saved-at">حُفظ في <time datetime="${escapeHtml(p.savedAt)}">${escapeHtml(formatDateTime(p.savedAt))}</time></span></li>`,
    )
    .join('');
  return html.replace(
    new RegExp(`(<ul id="${OFFLINE_SAVED_LIST_ID}"[^>]*>)[\\s\\S]*?(</ul>)`),
    (_m, open: string, close: string) => `${open}${items}${close}`,
  );
}
