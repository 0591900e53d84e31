/**
 * Where a reader page's first screen ends: elements whose start the browser's first paint waits for (render-blocking
 * `<link rel="expect">`, written by the server's document for the ids a page has: src/server/ssr/document.ts). Before
 * each of them, everything a phone shows first has arrived whole, so no row is painted half-built and then moved.
 */
export const FIRST_SCREEN_ENDS = {
  /** The page's own content: the top strip, the header and the tickers are before it. */
  chrome: 'main',
  /** An article's body: its title, dates, byline, share buttons, picture and summary are before it. */
  article: 'article-body',
  /** The home page's prayer line (phones) after the featured slider and the latest headlines. */
  home: 'prayer-strip',
} as const;
