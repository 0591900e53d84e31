/**
 * Where a reader page's first screen ends: elements whose start the browser's first paint waits for (render-blocking
 * `<link rel="expect">`, written by the server's document for the ids a page has: src/server/ssr/document.ts). Before
 * each of them, everything a phone shows first has arrived whole, so no row is painted half-built and then moved.
 */
export const FIRST_SCREEN_ENDS = {
  /** The page's own content: the top strip, the header and the tickers are before it. */
  chrome: 'main',
  /** What follows an article's header (its picture, else its summary, else its body): the title, dates, byline and
   *  share buttons are before it. */
  article: 'article-after-header',
  /** The home page's latest headlines: the featured slider, with its dots, is before them. */
  home: 'home-headlines',
} as const;
