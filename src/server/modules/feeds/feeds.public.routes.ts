import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tag } from '../../lib/cache-tags';
import type { RouteCache } from '../../plugins/cache/route-cache';
import type { FastifyRequest } from 'fastify';
import { SITEMAP_MONTH, type FeedsService } from './feeds.service';

const FEED_CACHE: RouteCache = { tags: ['news', 'sections', 'settings'], ttl: 300, browserTtl: 300 };
const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

export function feedsPublicRoutes(
  service: FeedsService,
  originOf: (req: FastifyRequest) => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sitemap.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      reply.cacheTags('sitemap');
      return reply.type(XML).send((await service.sitemapIndex(originOf(req))).xml);
    });

    app.get('/sitemaps/pages.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      reply.cacheTags('latest', 'archive');
      return reply.type(XML).send((await service.pagesSitemap(originOf(req))).xml);
    });

    app.get(
      '/sitemaps/news-:month.xml',
      { schema: { params: z.object({ month: z.string().regex(SITEMAP_MONTH) }) }, config: { cache: FEED_CACHE } },
      async (req, reply) => {
        reply.cacheTags(tag.sitemapMonth(req.params.month));
        return reply.type(XML).send((await service.monthSitemap(originOf(req), req.params.month)).xml);
      },
    );

    app.get('/news-sitemap.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      const { xml, ids } = await service.newsSitemap(originOf(req));
      reply.cacheTags('latest', ...ids.map(tag.article));
      return reply.type(XML).send(xml);
    });

    app.get('/rss.xml', { config: { cache: FEED_CACHE } }, async (req, reply) => {
      const { xml, ids } = await service.rss(originOf(req));
      reply.cacheTags('latest', ...ids.map(tag.article));
      return reply.type(RSS).send(xml);
    });

    app.get(
      '/rss/:slug.xml',
      { schema: { params: z.object({ slug: z.string().min(1).max(100) }) }, config: { cache: FEED_CACHE } },
      async (req, reply) => {
        reply.cacheTags(tag.section(req.params.slug));
        const { xml, ids } = await service.sectionRss(originOf(req), req.params.slug);
        reply.cacheTags(...ids.map(tag.article));
        return reply.type(RSS).send(xml);
      },
    );
  };
}
