import { lazyPage } from './lazy-page';
import { preloadAllParts } from '../lib/lazy-part';

export const pages = {
  home: lazyPage(() => import('../features/home/home-page'), 'HomePage'),
  category: lazyPage(() => import('../features/news/category-page'), 'CategoryPage'),
  article: lazyPage(() => import('../features/news/article-page'), 'ArticlePage'),
  search: lazyPage(() => import('../features/search/search-page'), 'SearchPage'),
  author: lazyPage(() => import('../features/archive/author-page'), 'AuthorPage'),
  tag: lazyPage(() => import('../features/archive/tag-page'), 'TagPage'),
  preview: lazyPage(() => import('../features/news/preview-page'), 'PreviewPage'),
  newsletterConfirm: lazyPage(() => import('../features/newsletter/newsletter-pages'), 'ConfirmPage'),
  newsletterPreferences: lazyPage(() => import('../features/newsletter/newsletter-pages'), 'PreferencesPage'),
  newsletterUnsubscribe: lazyPage(() => import('../features/newsletter/newsletter-pages'), 'UnsubscribePage'),
  notifications: lazyPage(() => import('../features/reach/notifications-page'), 'NotificationsPage'),
  corrections: lazyPage(() => import('../features/news/corrections-page'), 'CorrectionsPage'),
};

/** The server's start: every page, then every part of a page below its first screen (lib/lazy-part.tsx). */
export const preloadAllPages = async () => {
  await Promise.all(Object.values(pages).map((p) => p.preload()));
  await preloadAllParts();
};
