/** Crawlers and feed readers: sitemap, Google News sitemap (last 48 hours), RSS for all news and per section. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewsListItem } from '../../../shared/schemas/news';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { notFound } from '../../errors';
import type { RouteCache } from '../../plugins/cache';
import { originOf } from '../../plugins/ssr';
import { CATEGORY_NOT_FOUND } from '../categories/categories.routes';
import type { CategoriesRepository } from '../categories/categories.repository';
import { presentNewsListItem } from '../news/news.presenter';
import type { NewsRepository } from '../news/news.repository';
import type { SettingsRepository } from '../settings/settings.repository';
import { tag, xmlEscape } from './xml';

const FEED_CACHE: RouteCache = { tags: ['news', 'categories', 'settings'], ttl: 300, browserTtl: 300 };
const RSS_ITEMS = 30;
const SITEMAP_MAX = 50_000;
const NEWS_SITEMAP_HOURS = 48;

function rss(
  settings: PublicSettings,
  origin: string,
  title: string,
  link: string,
  selfPath: string,
  items: NewsListItem[],
): string {
  const entries = items
    .map((n) => {
      const url = `${origin}/news/${n.id}`;
      const date = new Date(n.publishedAt ?? n.createdAt).toUTCString();
      const image = n.imageUrl
        ? `<enclosure url="${xmlEscape(n.imageUrl.startsWith('http') ? n.imageUrl : origin + n.imageUrl)}" type="image/webp" length="0"/>`
        : '';
      return `<item>${tag('title', n.title)}${tag('link', url)}<guid isPermaLink="true">${xmlEscape(url)}</guid>${tag('description', n.description)}${tag('category', n.categoryName)}${tag('pubDate', date)}${image}</item>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>${tag('title', title)}${tag('link', link)}${tag('description', settings.description)}<language>ar</language><atom:link href="${xmlEscape(origin + selfPath)}" rel="self" type="application/rss+xml"/>${entries}</channel></rss>`;
}

export function feedRoutes(deps: {
  news: NewsRepository;
  categories: CategoriesRepository;
  settings: SettingsRepository;
  publicUrl: string | undefined;
  now: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const xml = 'application/xml; charset=utf-8';

    app.get('/sitemap.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      const origin = originOf(req, deps.publicUrl);
      const [articles, sections] = await Promise.all([
        deps.news.listForSitemap(SITEMAP_MAX),
        deps.categories.listActive(),
      ]);
      const url = (loc: string, lastmod?: Date) =>
        `<url>${tag('loc', loc)}${lastmod ? tag('lastmod', lastmod.toISOString()) : ''}</url>`;
      const body = [
        url(`${origin}/`, articles[0]?.updatedAt),
        ...sections.map((c) => url(`${origin}/category/${c.slug}`)),
        ...articles.map((a) => url(`${origin}/news/${a.id}`, a.updatedAt)),
      ].join('');
      return reply
        .type(xml)
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`,
        );
    });

    app.get('/news-sitemap.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      const origin = originOf(req, deps.publicUrl);
      const since = new Date(deps.now().getTime() - NEWS_SITEMAP_HOURS * 3_600_000);
      const [rows, settings] = await Promise.all([deps.news.listPublishedSince(since, 1000), deps.settings.site()]);
      const body = rows
        .map(presentNewsListItem)
        .map(
          (n) =>
            `<url>${tag('loc', `${origin}/news/${n.id}`)}<news:news><news:publication>${tag('news:name', settings.siteName)}<news:language>ar</news:language></news:publication>${tag('news:publication_date', n.publishedAt ?? n.createdAt)}${tag('news:title', n.title)}</news:news></url>`,
        )
        .join('');
      return reply
        .type(xml)
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">${body}</urlset>`,
        );
    });

    app.get('/rss.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      const origin = originOf(req, deps.publicUrl);
      const [rows, settings] = await Promise.all([deps.news.listLatest(RSS_ITEMS, 0), deps.settings.site()]);
      return reply
        .type('application/rss+xml; charset=utf-8')
        .send(rss(settings, origin, settings.siteName, `${origin}/`, '/rss.xml', rows.map(presentNewsListItem)));
    });

    app.get(
      '/rss/:slug.xml',
      { schema: { params: z.object({ slug: z.string().min(1).max(100) }) }, config: { cache: FEED_CACHE } },
      async (req, reply) => {
        const category = await deps.categories.findActiveBySlug(req.params.slug);
        if (!category) throw notFound(CATEGORY_NOT_FOUND, 'CATEGORY_NOT_FOUND');
        const origin = originOf(req, deps.publicUrl);
        const [rows, settings] = await Promise.all([
          deps.news.listByCategory(category.slug, RSS_ITEMS, 0),
          deps.settings.site(),
        ]);
        return reply
          .type('application/rss+xml; charset=utf-8')
          .send(
            rss(
              settings,
              origin,
              `${category.name} | ${settings.siteName}`,
              `${origin}/category/${category.slug}`,
              `/rss/${category.slug}.xml`,
              rows.map(presentNewsListItem),
            ),
          );
      },
    );
  };
}
