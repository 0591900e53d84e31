import { lazyPage } from './lazy-page';

export const pages = {
  home: lazyPage(() => import('../features/home/home-page'), 'HomePage'),
  category: lazyPage(() => import('../features/news/category-page'), 'CategoryPage'),
  article: lazyPage(() => import('../features/news/article-page'), 'ArticlePage'),
  search: lazyPage(() => import('../features/search/search-page'), 'SearchPage'),
  author: lazyPage(() => import('../features/archive/author-page'), 'AuthorPage'),
  tag: lazyPage(() => import('../features/archive/tag-page'), 'TagPage'),
  preview: lazyPage(() => import('../features/news/preview-page'), 'PreviewPage'),
};

export const preloadAllPages = () => Promise.all(Object.values(pages).map((p) => p.preload()));
