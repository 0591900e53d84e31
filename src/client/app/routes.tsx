/**
 * The reader's routes: each says what it shows, which queries the server prefetches for it, and its head
 * tags. The server renders from this table and so does the browser; nothing is declared twice.
 */
import type { ReactElement } from 'react';
import { HOME_SLUG, LIMITS } from '../../shared/constants';
import type { Category } from '../../shared/schemas/categories';
import type { ArticleTag, AuthorProfile, NewsArticle } from '../../shared/schemas/news';
import type { LiveSnapshot } from '../../shared/schemas/live';
import type { PublicSettings } from '../../shared/schemas/settings';
import type { ImageInfo } from '../../shared/schemas/media';
import { activeSection } from '../features/home/sections';
import { parseArticleId } from '../lib/article-id';
import { NotFoundPage } from '../components/not-found-page';
import { searchParamsOf } from '../features/search/search-params';
import { pages } from './pages';
import { q, type QueryDef } from '../lib/queries';
import { ogImageFor } from '../../shared/media';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; undefined for a page that is no address of its own (not found): no canonical link. */
  path?: string;
  type: 'website' | 'article' | 'profile';
  image?: string;
  imageAlt?: string;
  /** The library's caption, credit and source of the page's picture (JSON-LD ImageObject). */
  imageInfo?: ImageInfo | null;
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  noindex?: boolean;
  article?: NewsArticle;
  /** The article's live coverage, when it is one (JSON-LD LiveBlogPosting). */
  live?: LiveSnapshot;
  /** An author page's person (JSON-LD ProfilePage). */
  person?: AuthorProfile;
  /** Where the page sits, from the home page down (JSON-LD BreadcrumbList): sections and articles. */
  breadcrumbs?: { name: string; path: string }[];
  /** Whole as HTML, without the app's scripts (the offline page the service worker keeps). */
  scriptless?: boolean;
}

export interface MetaContext {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  settings: PublicSettings;
  get: <T>(def: QueryDef<T>) => T | undefined;
}

export interface ReaderRoute {
  path: string;
  element: ReactElement;
  queries: (params: Record<string, string | undefined>, search: URLSearchParams) => QueryDef<unknown>[];
  meta: (ctx: MetaContext) => PageMeta;
  /** Answer with HTTP 404 (the not-found page). */
  notFound?: boolean;
  /** False when the address itself names nothing (a malformed id): the page answers 404. */
  valid?: (params: Record<string, string | undefined>) => boolean;
  /** Loads the page's code chunk (before hydration). */
  preload?: () => Promise<void>;
  /** The query parameters the page reads; any other parameter is ignored (and left out of its cache key). */
  search?: readonly string[];
  /** Staff only (the preview): rendered per request with the session, never cached, never indexed. */
  private?: boolean;
  /**
   * Queries that need what the first ones answered (an article's section list needs the article's section), asked
   * for once those are in: the page is whole in the server's HTML, and nothing pops in and moves it.
   */
  then?: (
    params: Record<string, string | undefined>,
    get: <T>(def: QueryDef<T>) => T | null | undefined,
  ) => QueryDef<unknown>[];
}

/** Shown on every page: header, tickers, footer. */
export const chromeQueries = (): QueryDef<unknown>[] => [
  q.settings(),
  q.categories(),
  q.breaking(),
  q.latest(LIMITS.latestTicker),
  q.adPlacements(),
];

const notFoundMeta = (ctx: MetaContext): PageMeta => ({
  title: `الصفحة غير موجودة | ${ctx.settings.siteName}`,
  description: ctx.settings.description,
  type: 'website',
  noindex: true,
});

const HOME_CRUMB = { name: 'الرئيسية', path: '/' };

export const readerRoutes: ReaderRoute[] = [
  {
    path: '/',
    element: <pages.home />,
    preload: pages.home.preload,
    search: ['category'],
    queries: (_p, search) => {
      const section = activeSection(search);
      return [
        q.featured(),
        q.latest(),
        q.sectionBlocks(),
        q.mostRead(),
        q.prayer(),
        q.weather(),
        ...(section !== HOME_SLUG ? [q.byCategory(section)] : []),
      ];
    },
    meta: ({ settings }) => ({
      title: `${settings.siteName} | أخبار ليبيا والعالم لحظة بلحظة`,
      description: settings.description,
      path: '/',
      type: 'website',
    }),
  },
  {
    path: '/category/:slug',
    element: <pages.category />,
    preload: pages.category.preload,
    search: ['before'],
    queries: ({ slug = '' }, search) => [q.category(slug), q.byCategory(slug, search.get('before') ?? undefined)],
    meta: (ctx) => {
      const slug = ctx.params.slug ?? '';
      const category = ctx.get<Category>(q.category(slug));
      if (!category) return notFoundMeta(ctx);
      const before = ctx.search.get('before');
      return {
        title: `${category.name} | ${ctx.settings.siteName}`,
        description: category.description ?? ctx.settings.description,
        // An older page of the archive is its own page (crawlers follow the "more" link to it).
        path: `/category/${category.slug}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
        type: 'website',
        breadcrumbs: [HOME_CRUMB, { name: category.name, path: `/category/${category.slug}` }],
      };
    },
  },
  {
    path: '/news/:id',
    element: <pages.article />,
    preload: pages.article.preload,
    valid: ({ id }) => parseArticleId(id) !== null,
    queries: ({ id }) => {
      const n = parseArticleId(id);
      return n === null ? [] : [q.article(n), q.live(n), q.related(n), q.mostRead()];
    },
    // The sidebar's latest of the article's section.
    then: ({ id }, get) => {
      const n = parseArticleId(id);
      const a = n === null ? undefined : get<NewsArticle>(q.article(n));
      return a ? [q.byCategory(a.category)] : [];
    },
    meta: (ctx) => {
      const n = parseArticleId(ctx.params.id);
      const a = n === null ? undefined : ctx.get<NewsArticle>(q.article(n));
      if (!a) return { ...notFoundMeta(ctx), title: `الخبر غير موجود | ${ctx.settings.siteName}` };
      // Its section as a step only while the section has a page (an inactive section's page is a 404).
      const section = ctx.get<Category[]>(q.categories())?.find((c) => c.slug === a.category);
      return {
        title: `${a.title} | ${ctx.settings.siteName}`,
        description: a.description || ctx.settings.description,
        path: `/news/${a.id}`,
        type: 'article',
        image: a.imageUrl ? ogImageFor(a.imageUrl, a.imageInfo) : undefined,
        imageAlt: a.imageInfo?.alt || a.title,
        imageInfo: a.imageInfo,
        publishedTime: a.publishedAt ?? a.createdAt,
        modifiedTime: a.modifiedAt ?? a.publishedAt ?? a.createdAt,
        section: a.categoryName,
        article: a,
        live: ctx.get<LiveSnapshot>(q.live(n!)),
        breadcrumbs: [
          HOME_CRUMB,
          ...(section ? [{ name: section.name, path: `/category/${section.slug}` }] : []),
          { name: a.title, path: `/news/${a.id}` },
        ],
      };
    },
  },
  {
    path: '/search',
    element: <pages.search />,
    preload: pages.search.preload,
    search: ['q', 'page'],
    queries: (_p, search) => {
      const { query, page } = searchParamsOf(search);
      return query ? [q.search(query, page)] : [];
    },
    meta: (ctx) => {
      const { query, page } = searchParamsOf(ctx.search);
      return {
        title: `${query ? `البحث عن «${query}»` : 'البحث'} | ${ctx.settings.siteName}`,
        description: query
          ? `أخبار عن «${query}» في ${ctx.settings.siteName}: ${ctx.settings.description}`
          : ctx.settings.description,
        path: query ? `/search?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ''}` : '/search',
        type: 'website',
        // The site's own search is for readers, not for search engines' indexes (which would fill with the results of
        // every word anyone typed); its links are still followed to the articles.
        noindex: true,
      };
    },
  },
  {
    path: '/author/:username',
    element: <pages.author />,
    preload: pages.author.preload,
    search: ['before'],
    queries: ({ username = '' }, search) => [
      q.author(username),
      q.authorNews(username, search.get('before') ?? undefined),
    ],
    meta: (ctx) => {
      const username = ctx.params.username ?? '';
      const author = ctx.get<AuthorProfile>(q.author(username));
      if (!author) return { ...notFoundMeta(ctx), title: `الكاتب غير موجود | ${ctx.settings.siteName}` };
      const before = ctx.search.get('before');
      return {
        title: `${author.fullName} | ${ctx.settings.siteName}`,
        description: author.bio || `أخبار بقلم ${author.fullName} في ${ctx.settings.siteName}`,
        path: `/author/${encodeURIComponent(author.username)}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
        type: 'profile',
        image: author.avatarUrl ?? undefined,
        person: author,
      };
    },
  },
  {
    path: '/tag/:slug',
    element: <pages.tag />,
    preload: pages.tag.preload,
    search: ['before'],
    queries: ({ slug = '' }, search) => [q.tag(slug), q.tagNews(slug, search.get('before') ?? undefined)],
    meta: (ctx) => {
      const slug = ctx.params.slug ?? '';
      const t = ctx.get<ArticleTag>(q.tag(slug));
      if (!t) return { ...notFoundMeta(ctx), title: `الوسم غير موجود | ${ctx.settings.siteName}` };
      const before = ctx.search.get('before');
      return {
        title: `${t.name} | ${ctx.settings.siteName}`,
        description: `أخبار «${t.name}» في ${ctx.settings.siteName}`,
        path: `/tag/${encodeURIComponent(t.slug)}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
        type: 'website',
      };
    },
  },
  {
    path: '/corrections',
    element: <pages.corrections />,
    preload: pages.corrections.preload,
    search: ['before'],
    queries: (_p, search) => [q.corrections(search.get('before') ?? undefined)],
    meta: (ctx) => {
      const before = ctx.search.get('before');
      return {
        title: `التصحيحات | ${ctx.settings.siteName}`,
        description: `كل تصحيح وتوضيح نشرته ${ctx.settings.siteName} على أخبارها، الأحدث أولاً`,
        path: `/corrections${before ? `?before=${encodeURIComponent(before)}` : ''}`,
        type: 'website',
      };
    },
  },
  {
    path: '/preview/news/:id',
    element: <pages.preview />,
    preload: pages.preview.preload,
    private: true,
    valid: ({ id }) => parseArticleId(id) !== null,
    queries: ({ id }) => {
      const n = parseArticleId(id);
      return n === null ? [] : [q.preview(n)];
    },
    meta: (ctx) => {
      const n = parseArticleId(ctx.params.id);
      const a = n === null ? undefined : ctx.get<NewsArticle>(q.preview(n));
      return {
        title: `معاينة: ${a?.title ?? 'خبر'} | ${ctx.settings.siteName}`,
        description: a?.description ?? ctx.settings.description,
        path: `/preview/news/${n ?? ''}`,
        type: 'website',
        noindex: true,
      };
    },
  },
  // The newsletter's links (their token stays in the browser: not a parameter the server reads or caches by).
  ...(
    [
      ['/newsletter/confirm', pages.newsletterConfirm, 'تأكيد الاشتراك في النشرة البريدية'],
      ['/newsletter/preferences', pages.newsletterPreferences, 'النشرة البريدية: ما يصلك'],
      ['/newsletter/unsubscribe', pages.newsletterUnsubscribe, 'إلغاء الاشتراك في النشرة البريدية'],
    ] as const
  ).map(([path, Page, title]): ReaderRoute => ({
    path,
    element: <Page />,
    preload: Page.preload,
    queries: () => [],
    meta: ({ settings }) => ({
      title: `${title} | ${settings.siteName}`,
      description: settings.description,
      path,
      type: 'website',
      noindex: true,
    }),
  })),
  {
    path: '/notifications',
    element: <pages.notifications />,
    preload: pages.notifications.preload,
    queries: () => [],
    meta: ({ settings }) => ({
      title: `التنبيهات | ${settings.siteName}`,
      description: `تنبيهات ${settings.siteName} بأهم الأخبار لحظة نشرها: اختر المواضيع أو أوقفها بنقرة`,
      path: '/notifications',
      type: 'website',
    }),
  },
  { path: '*', element: <NotFoundPage />, queries: () => [], meta: notFoundMeta, notFound: true },
];
