/**
 * Reading offline (src/client/sw): what the service worker keeps on a reader's device, and the names the pages and
 * the worker share. Rules chosen where the brief is silent are here, with their reasons.
 */

/** The articles kept: the last ones the reader opened (a reopened one moves to the front). */
export const SAVED_ARTICLES_MAX = 20;
/**
 * Pictures of saved articles: one width per picture (800 px, sharp on a phone, a quarter of the largest's bytes), at
 * most 6 per article and 600 KB each, 12 MB for all; past that the oldest articles' pictures go first (the text
 * stays; a missing picture shows the placeholder).
 */
export const SAVED_IMAGE_WIDTH = 800;
export const SAVED_IMAGES_PER_ARTICLE = 6;
export const SAVED_IMAGE_MAX_BYTES = 600 * 1024;
/** How long the worker waits for one picture it saves (600 KB at 1.6 Mbps is 3 s). */
export const SAVED_IMAGE_TIMEOUT_MS = 20_000;
export const SAVED_IMAGES_BUDGET_BYTES = 12 * 1024 * 1024;
/**
 * Pages come from the network first; when it has not answered within this, the saved copy is shown (and the network's
 * answer, when it comes, replaces it for next time). A page with no saved copy waits for the network.
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

export const OFFLINE_PATH = '/offline';
/** The list on the offline page that the worker fills with the saved pages. */
export const OFFLINE_SAVED_LIST_ID = 'offline-saved';

/** Where reader pages may be kept: the home page and articles, by path alone (a share link's ?v= is the same page). */
export function savedPathOf(url: URL): string | undefined {
  if (url.pathname === '/') return '/';
  const m = /^\/news\/([1-9]\d{0,9})\/?$/.exec(url.pathname);
  return m ? `/news/${m[1]}` : undefined;
}

/**
 * Never handled by the worker at all: the newsroom (its pages and API), staff previews, and everything under /api
 * (answers are fetched by the page as usual, and personal ones — a subscription's settings — never touch a cache).
 */
export const neverByWorker = (url: URL) => /^\/(admin|api|preview)(\/|$)/.test(url.pathname);
