import { lazyPage } from './lazy-page';

export const pages = {
  home: lazyPage(() => import('../features/home/home-page'), 'HomePage'),
  category: lazyPage(() => import('../features/news/category-page'), 'CategoryPage'),
  article: lazyPage(() => import('../features/news/article-page'), 'ArticlePage'),
  search: lazyPage(() => import('../features/search/search-page'), 'SearchPage'),
};

export const preloadAllPages = () => Promise.all(Object.values(pages).map((p) => p.preload()));
