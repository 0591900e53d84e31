/// <reference lib="webworker" />
/**
 * The service worker (built with the browser bundle by scripts/build-sw.mjs into dist/client/sw.js, served at /sw.js,
 * registered by pages after they have loaded: src/client/features/reach/service-worker.ts). Serwist does the work: precaching the
 * offline page, the fonts and the icons; the network-first strategy with its timeout; a new version taking over once
 * the reader's pages of the old one are closed, and clearing what the old one precached.
 *
 * - Pages: from the network first. The home page and articles are saved as they arrive (saved-pages.ts); when the
 *   network fails, or has not answered within NETWORK_TIMEOUT_SECONDS, the saved copy is shown without its scripts
 *   and with a note of when it was saved; a page neither fetched nor saved gets the offline page with the list of
 *   what is saved. Nothing is saved from the newsroom, previews or /api, nor any answer marked private or no-store.
 * - Pictures (/media): from the network; offline, a saved article's picture at the width kept, else the placeholder.
 * - Everything else (scripts, /api, other origins) is left to the browser, without coming to this worker at all
 *   (requestRules below).
 * - Alerts: push.ts.
 */
import {
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from 'serwist';
import {
  NETWORK_TIMEOUT_SECONDS,
  neverByWorker,
  OFFLINE_PATH,
  SAVED_IMAGE_TIMEOUT_MS,
  savedPathOf,
} from '../../shared/offline';
import { PLACEHOLDER_IMAGE } from '../../shared/media';
import { offlinePageHtml, savedCopyHtml } from './offline-html';
import { IMAGES_CACHE, PAGES_CACHE, SAVED_AT_HEADER, savedPages } from './saved-pages';
import { registerPush } from './push';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const origin = self.location.origin;
// What the build precaches (written into the bundle by Serwist's injectManifest, which wants this one mention of it).
const precache = self.__SW_MANIFEST;
// A picture that does not arrive in time is left out rather than waited for: the saved pages are changed one at a
// time, so one fetch hanging on a failing network would hold every later save, and the page's fetch event with them
// (which keeps a new deployment's worker from taking over).
const saved = savedPages(origin, (url) =>
  fetch(url, { credentials: 'omit', signal: AbortSignal.timeout(SAVED_IMAGE_TIMEOUT_MS) }),
);

/** A precache entry's path on this origin. */
const precachedPath = (entry: PrecacheEntry | string) =>
  new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname;
/** A path as a URLPattern that matches it and nothing else (its special characters escaped). */
const urlPatternLiteral = (path: string) => path.replace(/[:*(){}+?\\]/g, '\\$&');

const html = (body: string, from: Response) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-sahifa-offline': from.headers.get(SAVED_AT_HEADER) ?? 'fallback',
    },
  });

/** Pages readers may keep: a 200 HTML answer everyone gets alike (cacheable, not private or no-store). */
const keepable = (res: Response) =>
  res.status === 200 &&
  (res.headers.get('content-type') ?? '').startsWith('text/html') &&
  !/\b(private|no-store)\b/i.test(res.headers.get('cache-control') ?? '');

/** The offline page, with the saved pages listed; the browser's own error only if it was never precached. */
async function offlinePage(): Promise<Response> {
  const page = await serwist.matchPrecache(OFFLINE_PATH);
  if (!page) return Response.error();
  return html(offlinePageHtml(await page.text(), await saved.list()), page);
}

const savedPagesPlugin: SerwistPlugin = {
  // From the server, never the browser's HTTP cache: pages say stale-while-revalidate (for the CDN), and Chromium would
  // hand the worker a copy up to five minutes old as if it were the network's (online, or even in an outage). The
  // server answers a revalidation with 304 when the page has not changed, so this costs a reader only the round trip.
  // (For the same reason navigation preload is off: its request goes through the HTTP cache.)
  requestWillFetch: async ({ request }) => new Request(request, { cache: 'no-cache' }),
  // One copy per page, whatever its query (a share link's ?v=) : the home page and articles only.
  cacheKeyWillBeUsed: async ({ request }) => {
    const path = savedPathOf(new URL(request.url));
    return path ? `${origin}${path}` : request;
  },
  cacheWillUpdate: async ({ request, response }) => {
    if (!savedPathOf(new URL(request.url)) || !keepable(response)) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
  cacheDidUpdate: async ({ request, newResponse }) => {
    const path = savedPathOf(new URL(request.url));
    if (path)
      await saved.recordSaved(path, await newResponse.clone().text(), newResponse.headers.get(SAVED_AT_HEADER)!);
  },
  // A saved copy is only ever read when the network failed or was too slow: shown as a saved copy.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const at = cachedResponse.headers.get(SAVED_AT_HEADER);
    return at ? html(savedCopyHtml(await cachedResponse.text(), at), cachedResponse) : null;
  },
};
const offlineFallback: SerwistPlugin = { handlerDidError: () => offlinePage() };

const serwist: Serwist = new Serwist({
  precacheEntries: precache,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until no page of the site is open with the old one, then takes over (the next visit has it).
  // Not at once (skipWaiting): Chromium stops the old worker as the new one takes over, and a request of an open page
  // reaching the old one in that moment (a picture as the reader scrolls, a poll) started it again; the new one was
  // then left waiting, and every later navigation of that tab, a reload included, hung without reaching the network
  // (e2e/reach.e2e.ts made it happen with a page asking for a picture every 20 ms; CI met the waiting worker twice). The
  // old worker serving an open page costs nothing: pages always come from the network, and scripts never through it.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  // Only pages, pictures and what it precached (fonts, icons: served from the precache when offline) come to this
  // worker at all; every other request (scripts, styles, /api, polls, beacons) goes straight to the network without
  // starting or waking the worker (Chromium's Static Routing API; browsers without it send them through the worker,
  // which leaves them to the network), sparing a phone the worker's start for each of them.
  requestRules: [
    { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
    { condition: { urlPattern: { pathname: '/media/*' } }, source: 'fetch-event' },
    ...(precache ?? []).map((entry) => ({
      condition: { urlPattern: { pathname: urlPatternLiteral(precachedPath(entry)) } },
      source: 'fetch-event' as const,
    })),
    { condition: { urlPattern: { pathname: '/*' } }, source: 'network' },
  ],
  runtimeCaching: [
    {
      matcher: ({ request, url }) => request.mode === 'navigate' && url.origin === origin && neverByWorker(url),
      handler: new NetworkOnly({ plugins: [offlineFallback] }),
    },
    {
      matcher: ({ request, url }) => request.mode === 'navigate' && url.origin === origin,
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [savedPagesPlugin, offlineFallback],
      }),
    },
    {
      matcher: ({ request, url }) =>
        request.method === 'GET' && url.origin === origin && url.pathname.startsWith('/media/'),
      handler: new NetworkOnly({
        plugins: [
          {
            handlerDidError: async ({ request }) =>
              (await saved.image(new URL(request.url))) ??
              (await serwist.matchPrecache(PLACEHOLDER_IMAGE)) ??
              Response.error(),
          },
        ],
      }),
    },
  ],
});

// Caches of an older layout of the saved pages (a name this version does not use) are removed when it takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith('sahifa-saved-') && ![PAGES_CACHE, IMAGES_CACHE].includes(n))
            .map((n) => caches.delete(n)),
        ),
      ),
  );
});

registerPush(self);
serwist.addEventListeners();
