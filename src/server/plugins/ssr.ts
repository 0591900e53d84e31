/**
 * Server rendering of every reader page. The route table (src/client/app/routes.tsx) names the queries a page
 * needs; they are answered by this app's own public API through inject() (so they share its cache, its
 * presenters and its tags), then dehydrated into the page, so the HTML is complete without JavaScript and the
 * browser starts with the data it would fetch. A page carries the tags of every answer it used. If any of them
 * failed, the page is not cached: the cache serves the last good copy, or readers get an Arabic 503 page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dehydrate } from '@tanstack/react-query';
import { matchRoutes } from '../../client/lib/routing';
import { HOME_SLUG } from '../../shared/constants';
import { tripoliDayEnd } from '../../shared/dates';
import { getMediaBase } from '../../shared/media';
import { chromeQueries, readerRoutes } from '../../client/app/routes';
import { staticPages } from '../../client/app/static-pages';
import { preloadAllPages } from '../../client/app/pages';
import { createQueryClient } from '../../client/lib/query-client';
import type { QueryDef } from '../../client/lib/queries';
import type { CacheTag } from '../lib/cache-tags';
import { isTimeout } from '../lib/deadline';
import { readClientAssets, type ClientAssets } from '../ssr/assets';
import { renderUnavailable } from '../ssr/document';
import { pageFor, renderPage, routeFor, type PageSite, type RenderedPage } from '../ssr/page';
import type { RenderThread } from '../ssr/render-thread';
import type { CacheHandle } from './cache/plugin';

export interface SsrOptions {
  cache: CacheHandle;
  now: () => Date;
  assets?: ClientAssets;
  /** A page was rendered to HTML (metrics): the reader route's pattern and the seconds React and the document took. */
  onRender?: (route: string, seconds: number) => void;
  /** Renders pages off this thread when it is ready (ssr/render-thread.ts; main.ts); else they are rendered here. */
  renderThread?: RenderThread;
  /**
   * Former addresses, by reader route pattern: for a page that would be a 404, where the thing it named lives now
   * (answered with a permanent redirect), or undefined.
   */
  movedTo?: Record<string, (params: Record<string, string | undefined>) => Promise<string | undefined>>;
}

const ALL_TAGS: CacheTag[] = ['pages', 'news', 'sections', 'breaking', 'prayer', 'weather', 'settings'];
export const RETRY_AFTER_S = 30;

/** The query parameters a reader page reads (everything else is left out of its cache key). */
export const pageQueryParams = (pathname: string): readonly string[] =>
  matchRoutes(readerRoutes, pathname)?.route.search ?? [];

/** The reader route a path shows ('/news/:id'); undefined for the not-found page. Metrics label pages by it. */
export function pageRouteOf(pathname: string): string | undefined {
  const route = pageFor(pathname)?.route;
  return route && !route.notFound ? route.path : undefined;
}

export async function registerSsr(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  const assets = opts.assets ?? readClientAssets();
  await preloadAllPages();
  if (!assets)
    app.log.warn('No client build found (dist/client): pages are served without their scripts. Run `npm run build`.');

  async function prefetch(req: FastifyRequest, defs: QueryDef<unknown>[], queryClient = createQueryClient()) {
    const tags: CacheTag[] = [];
    let notFound = false;
    let failed = false;
    const headers = opts.cache.internalHeaders(req);
    await Promise.all(
      defs.map(async (def) => {
        // Most answers are in the cache already: read them as they are, without a request.
        const hit = def.staffOnly ? undefined : opts.cache.lookupJson(def.path, req);
        if (hit) {
          queryClient.setQueryData(def.key, hit.value);
          tags.push(...(hit.tags as CacheTag[]));
          return;
        }
        // Staff-only data goes with the reader's own session cookie, and only there.
        const res = await app.inject({
          method: 'GET',
          url: def.path,
          headers: def.staffOnly && req.headers.cookie ? { ...headers, cookie: req.headers.cookie } : headers,
        });
        const surrogate = res.headers['surrogate-key'];
        if (typeof surrogate === 'string' && surrogate) tags.push(...(surrogate.split(' ') as CacheTag[]));
        if (res.statusCode === 200) queryClient.setQueryData(def.key, res.json());
        else if (def.notFoundIs404 && (res.statusCode === 404 || (def.staffOnly && res.statusCode < 500))) {
          // For staff-only pages, "not signed in" and "not allowed" look exactly like "not there".
          queryClient.setQueryData(def.key, null);
          notFound = true;
        } else if (res.statusCode >= 500) failed = true;
      }),
    );
    return { queryClient, notFound, failed, tags };
  }

  /** Staff-only pages (the preview): their own route, outside the response cache (no sharing, no coalescing). */
  for (const route of readerRoutes.filter((r) => r.private)) {
    app.get(route.path, async (req, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
      return render(req, reply);
    });
  }

  // Server-only pages (the offline page the service worker fetches to keep): cached like pages, never a page view.
  for (const page of staticPages)
    app.get(page.path, { config: { cache: { tags: ALL_TAGS, ttl: 60, query: [] } } }, async (req, reply) =>
      render(req, reply),
    );

  app.get(
    '/*',
    {
      config: { cache: { tags: ALL_TAGS, ttl: 60, query: pageQueryParams, pageView: true } },
      // A page past its time bound is the Arabic "come back shortly" page, not JSON (the cache puts the last good
      // copy in its place when it has one); any other error goes to the app's handler.
      errorHandler: (error, req, reply) => {
        if (!isTimeout(error)) return reply.send(error);
        req.log.error({ url: req.url }, 'a page timed out; answering 503');
        return unavailable(reply);
      },
    },
    async (req, reply) => render(req, reply),
  );

  function unavailable(reply: FastifyReply) {
    return reply
      .doNotCache()
      .code(503)
      .header('retry-after', String(RETRY_AFTER_S))
      .type('text/html; charset=utf-8')
      .send(renderUnavailable(assets));
  }

  async function render(req: FastifyRequest, reply: FastifyReply) {
    // Prefixed, not resolved against a base: "//evil.example/" is a path here (as in the browser), not a host.
    const url = new URL(`http://local${req.url}`);
    if (url.pathname.startsWith('/api/')) return reply.callNotFound();
    const { route, params } = routeFor(url.pathname);
    if (route.path === '/category/:slug' && params.slug === HOME_SLUG) return reply.redirect('/', 301);

    // Only the parameters the page reads: the same page for every spelling of its address.
    const search = new URLSearchParams();
    for (const name of route.search ?? []) {
      const value = url.searchParams.get(name);
      if (value !== null) search.set(name, value);
    }
    const first = await prefetch(req, [...chromeQueries(), ...route.queries(params, search)]);
    const { queryClient } = first;
    const more = route.then?.(params, (def) => queryClient.getQueryData(def.key)) ?? [];
    const second = more.length ? await prefetch(req, more, queryClient) : undefined;
    const notFound = first.notFound || !!second?.notFound;
    const failed = first.failed || !!second?.failed;
    const tags = second ? [...first.tags, ...second.tags] : first.tags;
    // Its time bound passed while the data was asked for: it has had its answer (the last good copy, or a 503).
    if (req.scope?.expired) return;
    const moved = notFound && !failed ? await opts.movedTo?.[route.path]?.(params) : undefined;
    if (moved) return reply.doNotCache().redirect(moved, 301);
    if (failed) {
      req.log.error({ url: req.url }, 'a page could not get its data; answering 503');
      return unavailable(reply);
    }
    reply.cacheTags(...tags);
    const origin = opts.cache.originOf(req);
    const now = opts.now();
    const site: PageSite = {
      origin,
      serverNow: now.toISOString(),
      dayEndsAt: tripoliDayEnd(now),
      mediaBase: getMediaBase(),
    };
    const query = search.toString();
    const page = await pageOf(req, url.pathname + (query ? `?${query}` : ''), queryClient, site, route.path);
    // Its time bound passed while it was rendered elsewhere: it has had its answer.
    if (!page || req.scope?.expired) return;
    reply.contentFingerprint(page.fingerprint);
    return reply
      .code(route.notFound || route.valid?.(params) === false || notFound ? 404 : 200)
      .type('text/html; charset=utf-8')
      .send(page.document);
  }

  /** The page made on the render thread when it can take it, else here (also when the thread failed it). */
  async function pageOf(
    req: FastifyRequest,
    path: string,
    queryClient: ReturnType<typeof createQueryClient>,
    site: PageSite,
    routePath: string,
  ): Promise<RenderedPage | undefined> {
    const thread = opts.renderThread;
    const elsewhere = thread?.ready ? thread.render(path, site, dehydrate(queryClient)) : undefined;
    if (elsewhere) {
      try {
        const page = await elsewhere;
        opts.onRender?.(routePath, page.seconds);
        return page;
      } catch (err) {
        // Past its time bound its reader has had an answer: nothing is rendered for nobody.
        if (req.scope?.expired) return undefined;
        app.log.warn({ err, path }, 'the render thread could not render a page; rendering it here');
      }
    }
    const started = opts.onRender ? performance.now() : 0;
    const page = renderPage(path, queryClient, site, assets);
    opts.onRender?.(routePath, (performance.now() - started) / 1000);
    return page;
  }
}
