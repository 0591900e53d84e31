/**
 * Crawlers and feed readers. /sitemap.xml is a sitemap index: one sitemap of pages (home, sections, authors) and one
 * per month of publication (a national paper's month is a few thousand articles, far under the protocol's 50,000),
 * each cached on its own and dropped only when its month changes. The Google News sitemap is the last 48 hours; RSS
 * for all news and per section, with the authors as dc:creator.
 */
import { ownMediaFile, publicImageUrl } from '../../../shared/media';
import type { NewsListItem } from '../../../shared/schemas/news';
import type { PublicSettings } from '../../../shared/schemas/settings';
import type { AuthorsService } from '../authors/authors.service';
import type { CategoriesService } from '../categories/categories.service';
import { newsErrors } from '../news/news.errors';
import { presentNewsListItem } from '../news/news.presenter';
import type { NewsRepository } from '../news/news.repository';
import type { SettingsService } from '../settings/settings.service';
import { sitemapIndexXml, xmlDocument, xmlText } from './xml';

export const RSS_ITEMS = 30;
const NEWS_SITEMAP_HOURS = 48;
export const SITEMAP_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A page's URL as readers' software needs it: absolute (the media base may already be). */
const absoluteUrl = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : origin + url);

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** An item's picture as an RSS enclosure: only our own stored images, whose exact size in bytes is known. */
type Enclosures = Map<number, { url: string; type: string; length: number }>;

function rss(
  settings: PublicSettings,
  origin: string,
  title: string,
  link: string,
  selfPath: string,
  items: NewsListItem[],
  authors: Map<number, string[]>,
  enclosures: Enclosures,
): string {
  return xmlDocument({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      '@_xmlns:media': 'http://search.yahoo.com/mrss/',
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
            ...(authors.get(n.id)?.length ? { 'dc:creator': xmlText(authors.get(n.id)!.join('، ')) } : {}),
            category: xmlText(n.categoryName),
            pubDate: new Date(n.publishedAt ?? n.createdAt).toUTCString(),
            ...(enclosures.has(n.id)
              ? {
                  enclosure: {
                    '@_url': absoluteUrl(origin, enclosures.get(n.id)!.url),
                    '@_type': enclosures.get(n.id)!.type,
                    '@_length': String(enclosures.get(n.id)!.length),
                  },
                  // Media RSS: the picture with its caption and credit (agencies require the credit wherever it goes).
                  'media:content': {
                    '@_url': absoluteUrl(origin, enclosures.get(n.id)!.url),
                    '@_medium': 'image',
                    '@_type': enclosures.get(n.id)!.type,
                    ...(n.imageInfo?.alt ? { 'media:text': xmlText(n.imageInfo.alt) } : {}),
                    ...(n.imageInfo?.caption ? { 'media:description': xmlText(n.imageInfo.caption) } : {}),
                    ...(n.imageInfo?.credit ? { 'media:credit': xmlText(n.imageInfo.credit) } : {}),
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
  authors: AuthorsService;
  settings: SettingsService;
  /** A stored image file's size in bytes (the media store), for the enclosures' length. */
  mediaSize: (id: string, file: string) => Promise<number | undefined>;
  now: () => Date;
}) {
  const url = (loc: string, lastmod?: Date | null) => ({ loc, ...(lastmod ? { lastmod: lastmod.toISOString() } : {}) });
  const withAuthors = async (rows: { id: number }[]) => deps.news.authorNames(rows.map((r) => r.id));
  /**
   * RSS 2.0 requires an enclosure's length in bytes: each item's stored picture is measured (a stat, or a HEAD on the
   * bucket; the feed is cached, so once per change). A picture from another site, or one that cannot be measured, is
   * left out rather than given a false length.
   */
  const enclosuresOf = async (items: NewsListItem[]): Promise<Enclosures> => {
    const found: Enclosures = new Map();
    await Promise.all(
      items.map(async (n) => {
        const own = n.imageUrl ? ownMediaFile(n.imageUrl) : undefined;
        if (!own) return;
        const length = await deps.mediaSize(own.id, own.file).catch(() => undefined);
        if (length === undefined) return;
        const type = own.file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
        found.set(n.id, { url: publicImageUrl(n.imageUrl!), type, length });
      }),
    );
    return found;
  };
  return {
    /** The index: the pages sitemap and one sitemap per month with published news, newest first. */
    async sitemapIndex(origin: string): Promise<{ xml: string }> {
      const months = await deps.news.visibleMonths();
      return {
        xml: sitemapIndexXml(SITEMAP_NS, [
          `${origin}/sitemaps/pages.xml`,
          ...months.map((m) => `${origin}/sitemaps/news-${m}.xml`),
        ]),
      };
    },

    /** Home, the active sections and every author page. */
    async pagesSitemap(origin: string): Promise<{ xml: string }> {
      const [latest, sections, authors] = await Promise.all([
        deps.news.listLatest(1, 0),
        deps.categories.listActive(),
        deps.authors.listPublic(),
      ]);
      return {
        xml: xmlDocument({
          urlset: {
            '@_xmlns': SITEMAP_NS,
            url: [
              url(`${origin}/`, latest[0]?.publishedAt),
              ...sections.map((c) => url(`${origin}/category/${c.slug}`)),
              ...authors.map((a) => url(`${origin}/author/${encodeURIComponent(a.username)}`)),
            ],
          },
        }),
      };
    },

    /** The articles published in one month (UTC), with their last change. 404 for a month without any. */
    async monthSitemap(origin: string, month: string): Promise<{ xml: string }> {
      const m = SITEMAP_MONTH.exec(month);
      if (!m) throw newsErrors.notFound();
      const from = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
      const to = new Date(Date.UTC(Number(m[1]), Number(m[2]), 1));
      const rows = await deps.news.listMonth(from, to);
      if (!rows.length) throw newsErrors.notFound();
      return {
        xml: xmlDocument({
          urlset: {
            '@_xmlns': SITEMAP_NS,
            url: rows.map((a) => url(`${origin}/news/${a.id}`, a.modifiedAt ?? a.publishedAt)),
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
            '@_xmlns:image': 'http://www.google.com/schemas/sitemap-image/1.1',
            url: items.map((n) => ({
              loc: `${origin}/news/${n.id}`,
              'news:news': {
                'news:publication': { 'news:name': xmlText(settings.siteName), 'news:language': 'ar' },
                'news:publication_date': n.publishedAt ?? n.createdAt,
                'news:title': xmlText(n.title),
              },
              // The story's picture with its caption (and the credit after it).
              ...(n.imageUrl
                ? {
                    'image:image': {
                      'image:loc': absoluteUrl(origin, publicImageUrl(n.imageUrl)),
                      ...(n.imageInfo?.caption || n.imageInfo?.credit
                        ? {
                            'image:caption': xmlText(
                              [n.imageInfo.caption, n.imageInfo.credit && `الصورة: ${n.imageInfo.credit}`]
                                .filter(Boolean)
                                .join(' — '),
                            ),
                          }
                        : {}),
                    },
                  }
                : {}),
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
        xml: rss(
          settings,
          origin,
          settings.siteName,
          `${origin}/`,
          '/rss.xml',
          items,
          await withAuthors(rows),
          await enclosuresOf(items),
        ),
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
          await withAuthors(rows),
          await enclosuresOf(items),
        ),
      };
    },
  };
}
export type FeedsService = ReturnType<typeof feedsService>;
