/**
 * Every public query the reader pages make: its cache key and its API path. The server prefetches the same
 * definitions (by calling its own API) and dehydrates them into the page, so the client starts with the data.
 */
import type { BreakingNewsItem } from '../../shared/schemas/breaking-news';
import type { Category } from '../../shared/schemas/categories';
import type {
  ArticleTag,
  AuthorProfile,
  MostReadItem,
  MostReadWindow,
  NewsArticle,
  NewsListItem,
} from '../../shared/schemas/news';
import type { PreviewArticle } from '../../shared/schemas/admin';
import type { LiveSnapshot } from '../../shared/schemas/live';
import type { PrayerTimesResponse } from '../../shared/schemas/prayer-times';
import type { SearchResponse } from '../../shared/schemas/search';
import type { PublicSettings } from '../../shared/schemas/settings';
import type { WeatherResponse } from '../../shared/schemas/weather';
import { DEFAULT_CITY, LIMITS } from '../../shared/constants';
import type { SectionBlock } from '../../shared/schemas/front';
import type { CorrectionsPage } from '../../shared/schemas/corrections';
import type { AdPlacementPublic } from '../../shared/schemas/ads';

export interface QueryDef<T> {
  key: readonly unknown[];
  path: string;
  /** Marker for the result type; never set. */
  readonly _type?: T;
  /** Whether a 404 from this query makes the whole page a 404. */
  notFoundIs404?: boolean;
  /** Answered only to signed-in staff (the session cookie is passed on; 401 and 403 are a 404 page). */
  staffOnly?: boolean;
}

const cityParam = (city: string) => (city === DEFAULT_CITY ? '' : `?city=${encodeURIComponent(city)}`);

const def = <T>(key: readonly unknown[], path: string, extra: Partial<QueryDef<T>> = {}): QueryDef<T> => ({
  key,
  path,
  ...extra,
});

export const q = {
  settings: () => def<PublicSettings>(['settings'], '/api/settings'),
  categories: () => def<Category[]>(['categories'], '/api/categories'),
  category: (slug: string) =>
    def<Category>(['category', slug], `/api/categories/slug/${encodeURIComponent(slug)}`, { notFoundIs404: true }),
  latest: (limit: number = LIMITS.homeList) =>
    def<NewsListItem[]>(['news', 'latest', limit], `/api/news?limit=${limit}&offset=0`),
  featured: () => def<NewsListItem[]>(['news', 'featured'], '/api/news/featured'),
  /** The front page's section blocks: every active section with its newest stories. */
  sectionBlocks: () => def<SectionBlock[]>(['news', 'section-blocks'], '/api/front/sections'),
  mostRead: (window: MostReadWindow = '24h') =>
    def<MostReadItem[]>(['news', 'most-read', window], `/api/news/most-read?limit=${LIMITS.mostRead}&window=${window}`),
  /** A section's news: its newest page, or the page after `before` (a cursor, see cursorAfter). */
  byCategory: (slug: string, before?: string) =>
    def<NewsListItem[]>(
      before ? ['news', 'category', slug, before] : ['news', 'category', slug],
      `/api/news/category/${encodeURIComponent(slug)}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    ),
  article: (id: number) => def<NewsArticle>(['news', 'article', id], `/api/news/${id}`, { notFoundIs404: true }),
  related: (id: number) => def<NewsListItem[]>(['news', 'related', id], `/api/news/${id}/related`),
  /** An article's live coverage (coverage null for an ordinary article): the pinned entry and the newest entries. */
  live: (id: number) => def<LiveSnapshot>(['live', id], `/api/live/${id}`),
  /** Any article in any state, for signed-in staff only (the preview page; never cached). */
  preview: (id: number) =>
    def<PreviewArticle>(['news', 'preview', id], `/api/admin/news/${id}/preview`, {
      notFoundIs404: true,
      staffOnly: true,
    }),
  author: (username: string) =>
    def<AuthorProfile>(['author', username], `/api/authors/${encodeURIComponent(username)}`, { notFoundIs404: true }),
  authorNews: (username: string, before?: string) =>
    def<NewsListItem[]>(
      ['news', 'author', username, before ?? null],
      `/api/authors/${encodeURIComponent(username)}/news${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    ),
  tag: (slug: string) =>
    def<ArticleTag>(['tag', slug], `/api/tags/${encodeURIComponent(slug)}`, { notFoundIs404: true }),
  tagNews: (slug: string, before?: string) =>
    def<NewsListItem[]>(
      ['news', 'tag', slug, before ?? null],
      `/api/tags/${encodeURIComponent(slug)}/news${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    ),
  breaking: () => def<BreakingNewsItem[]>(['breaking-news'], '/api/breaking-news'),
  /** Tripoli's (SPEC's call, the one pages are rendered with) or another Libyan city's a reader chose. */
  prayer: (city: string = DEFAULT_CITY) =>
    def<PrayerTimesResponse>(['prayer-times', city], `/api/prayer-times${cityParam(city)}`),
  weather: (city: string = DEFAULT_CITY) => def<WeatherResponse>(['weather', city], `/api/weather${cityParam(city)}`),
  /** The corrections page: the newest corrections and clarifications, or the page after `before`. */
  corrections: (before?: string) =>
    def<CorrectionsPage>(
      ['corrections', before ?? null],
      `/api/corrections${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    ),
  /** The ad placements pages are rendered with (their boxes are in the server's HTML). */
  adPlacements: () => def<AdPlacementPublic[]>(['ad-placements'], '/api/ads/placements'),
  search: (query: string, page: number) =>
    def<SearchResponse>(['search', query, page], `/api/search?q=${encodeURIComponent(query)}&page=${page}`),
};
