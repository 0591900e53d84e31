/**
 * Small site files made in code: favicon, the newsroom's logo (structured data), the image placeholder, the default
 * share image, robots.txt.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { BRAND_MARK_SVG } from '../../lib/brand';
import type { RouteCache } from '../../plugins/cache/route-cache';
import { LOGO } from '../../ssr/document';

const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#cbd5e1"/><g fill="#94a3b8"><rect x="480" y="237" width="240" height="180" rx="16"/><circle cx="540" cy="297" r="24" fill="#e2e8f0"/><path d="M500 397l70-80 50 50 40-30 40 60z" fill="#e2e8f0"/></g></svg>`;

const OG_DEFAULT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><path d="M420 440V190h190a85 85 0 0 1 0 170H520v80z" fill="#fff"/><circle cx="760" cy="420" r="40" fill="#dc2626"/></svg>`;

/** Fixed files: kept a day here and in browsers. */
const FIXED: RouteCache = { tags: ['settings'], ttl: 86_400, browserTtl: 86_400 };
/** robots.txt names the sitemaps by absolute URL. */
const ROBOTS: RouteCache = { tags: ['settings'], ttl: 3600, browserTtl: 3600 };

export function sitePublicRoutes(originOf: (req: FastifyRequest) => string): FastifyPluginAsync {
  return async (app) => {
    let ogDefault: Promise<Buffer> | undefined;
    let logo: Promise<Buffer> | undefined;

    app.get('/favicon.svg', { config: { cache: FIXED } }, async (_req, reply) =>
      reply.type('image/svg+xml').send(BRAND_MARK_SVG),
    );
    app.get('/favicon.ico', async (_req, reply) => reply.redirect('/favicon.svg', 301));
    // The favicon's mark as a square PNG: Google wants a raster logo of at least 112 px for a publisher.
    app.get(LOGO.path, { config: { cache: FIXED } }, async (_req, reply) => {
      logo ??= sharp(Buffer.from(BRAND_MARK_SVG), { density: 72 * (LOGO.size / 64) })
        .resize(LOGO.size, LOGO.size)
        .png()
        .toBuffer();
      return reply.type('image/png').send(await logo);
    });
    app.get('/placeholder.svg', { config: { cache: FIXED } }, async (_req, reply) =>
      reply.type('image/svg+xml').send(PLACEHOLDER),
    );
    app.get('/og-default.png', { config: { cache: FIXED } }, async (_req, reply) => {
      ogDefault ??= sharp(Buffer.from(OG_DEFAULT_SVG)).png().toBuffer();
      return reply.type('image/png').send(await ogDefault);
    });
    app.get('/robots.txt', { config: { cache: ROBOTS } }, async (req, reply) => {
      const origin = originOf(req);
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\nSitemap: ${origin}/news-sitemap.xml\n`,
        );
    });
  };
}
