/**
 * What a cached response shows, named so a write can drop exactly what it changed. A response carries the tags of
 * every piece it shows (a list carries its own tag and one per article in it); a write announces the tags it
 * touched. `news` is on every response built from articles: dropping it drops them all (operators, tests).
 */
export type CacheTag =
  | 'news'
  | 'latest'
  | 'featured'
  | 'most-read'
  | 'search'
  | 'sections'
  | 'breaking'
  | 'prayer'
  | 'weather'
  | 'settings'
  | 'sitemap'
  /** The archive by tag and by author: tag and author pages (their membership changes with publishing and links). */
  | 'archive'
  /** The public corrections page (its list of corrections and clarifications). */
  | 'corrections'
  /** What fills the ad boxes (campaigns, creatives, placements): the served answer, and a creative's address. */
  | 'ads'
  /** The ad placements pages are rendered with (on or off, the in-article paragraph, whether a network fills them). */
  | 'ad-placements'
  /** Every server-rendered reader page (not the API answers they are made of). */
  | 'pages'
  | `article:${number}`
  /** A live coverage's entries: its poll answer and its page (never the lists that show the article). */
  | `live:${number}`
  | `section:${string}`
  | `sitemap:${string}`;

export const tag = {
  article: (id: number): CacheTag => `article:${id}`,
  section: (slug: string): CacheTag => `section:${slug}`,
  live: (newsId: number): CacheTag => `live:${newsId}`,
  /** A monthly sitemap, by yyyy-MM of publication. */
  sitemapMonth: (month: string): CacheTag => `sitemap:${month}`,
};

/** Tags as one header value (Surrogate-Key / Cache-Tag style: space separated). */
export const tagsHeader = (tags: Iterable<string>) => [...new Set(tags)].join(' ');
