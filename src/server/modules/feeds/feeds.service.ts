/** Crawlers and feed readers: sitemap, Google News sitemap (last 48 hours), RSS for all news and per section. */
import type { NewsListItem } from '../../../shared/schemas/news';
import type { PublicSettings } from '../../../shared/schemas/settings';
import type { CategoriesService } from '../categories/categories.service';
import { presentNewsListItem } from '../news/news.presenter';
import type { NewsRepository } from '../news/news.repository';
import type { SettingsService } from '../settings/settings.service';
import { xmlDocument, xmlText } from './xml';

export const RSS_ITEMS = 30;
const SITEMAP_MAX = 50_000;
const NEWS_SITEMAP_HOURS = 48;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function rss(
  settings: PublicSettings,
  origin: string,
  title: string,
  link: string,
  selfPath: string,
  items: NewsListItem[],
): string {
  return xmlDocument({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: xmlText(title),
        link,
        description: xmlText(settings.description),
        language: 'ar',
        'atom:link': { '@_href': origin + selfPath, '@_rel': 'self', '@_type': 'application/rss+xml' },
        item: items.map((n) => {
          const url = `${origin}/news/${n.id}`;
          return {
            title: xmlText(n.title),
            link: url,
            guid: { '@_isPermaLink': 'true', '#text': url },
            description: xmlText(n.description),
            category: xmlText(n.categoryName),
            pubDate: new Date(n.publishedAt ?? n.createdAt).toUTCString(),
            ...(n.imageUrl
              ? {
                  enclosure: {
                    '@_url': n.imageUrl.startsWith('http') ? n.imageUrl : origin + n.imageUrl,
                    '@_type': 'image/webp',
                    '@_length': '0',
                  },
                }
              : {}),
          };
        }),
      },
    },
  });
}

export function feedsService(deps: {
  news: NewsRepository;
  categories: CategoriesService;
  settings: SettingsService;
  now: () => Date;
}) {
  return {
    async sitemap(origin: string): Promise<{ xml: string }> {
      const [articles, sections] = await Promise.all([
        deps.news.listForSitemap(SITEMAP_MAX),
        deps.categories.listActive(),
      ]);
      const url = (loc: string, lastmod?: Date) => ({ loc, ...(lastmod ? { lastmod: lastmod.toISOString() } : {}) });
      return {
        xml: xmlDocument({
          urlset: {
            '@_xmlns': SITEMAP_NS,
            url: [
              url(`${origin}/`, articles[0]?.updatedAt),
              ...sections.map((c) => url(`${origin}/category/${c.slug}`)),
              ...articles.map((a) => url(`${origin}/news/${a.id}`, a.updatedAt)),
            ],
          },
        }),
      };
    },

    async newsSitemap(origin: string): Promise<{ xml: string; ids: number[] }> {
      const since = new Date(deps.now().getTime() - NEWS_SITEMAP_HOURS * 3_600_000);
      const [rows, settings] = await Promise.all([deps.news.listPublishedSince(since, 1000), deps.settings.site()]);
      const items = rows.map(presentNewsListItem);
      return {
        ids: items.map((n) => n.id),
        xml: xmlDocument({
          urlset: {
            '@_xmlns': SITEMAP_NS,
            '@_xmlns:news': 'http://www.google.com/schemas/sitemap-news/0.9',
            url: items.map((n) => ({
              loc: `${origin}/news/${n.id}`,
              'news:news': {
                'news:publication': { 'news:name': xmlText(settings.siteName), 'news:language': 'ar' },
                'news:publication_date': n.publishedAt ?? n.createdAt,
                'news:title': xmlText(n.title),
              },
            })),
          },
        }),
      };
    },

    async rss(origin: string): Promise<{ xml: string; ids: number[] }> {
      const [rows, settings] = await Promise.all([deps.news.listLatest(RSS_ITEMS, 0), deps.settings.site()]);
      const items = rows.map(presentNewsListItem);
      return {
        ids: items.map((n) => n.id),
        xml: rss(settings, origin, settings.siteName, `${origin}/`, '/rss.xml', items),
      };
    },

    async sectionRss(origin: string, slug: string): Promise<{ xml: string; ids: number[] }> {
      const category = await deps.categories.findActiveBySlug(slug);
      const [rows, settings] = await Promise.all([
        deps.news.listByCategory(category.slug, RSS_ITEMS, 0),
        deps.settings.site(),
      ]);
      const items = rows.map(presentNewsListItem);
      return {
        ids: items.map((n) => n.id),
        xml: rss(
          settings,
          origin,
          `${category.name} | ${settings.siteName}`,
          `${origin}/category/${category.slug}`,
          `/rss/${category.slug}.xml`,
          items,
        ),
      };
    },
  };
}
export type FeedsService = ReturnType<typeof feedsService>;
