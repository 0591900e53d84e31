/**
 * Server rendering of every reader page. The route table (src/client/app/routes.tsx) names the queries a
 * page needs; they are fetched from this app's own public API (through its cache) and dehydrated into the
 * page, so the HTML is complete without JavaScript and the browser starts with the data it would fetch.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoutes } from '../../client/lib/router';
import { HOME_SLUG } from '../../shared/constants';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/settings-defaults';
import type { PublicSettings } from '../../shared/schemas/settings';
import { chromeQueries, readerRoutes, type ReaderRoute } from '../../client/app/routes';
import { preloadAllPages } from '../../client/app/pages';
import { renderReaderApp } from '../../client/app/ssr';
import { createQueryClient } from '../../client/lib/query-client';
import { q, type QueryDef } from '../../client/lib/queries';
import { readClientAssets, type ClientAssets } from '../ssr/assets';
import { renderDocument } from '../ssr/document';

export interface SsrOptions {
  publicUrl: string | undefined;
  now: () => Date;
  assets?: ClientAssets;
}

export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

export async function registerSsr(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  const assets = opts.assets ?? readClientAssets();
  await preloadAllPages();
  if (!assets)
    app.log.warn('No client build found (dist/client): pages are served without their scripts. Run `npm run build`.');

  async function prefetch(defs: QueryDef<unknown>[]) {
    const queryClient = createQueryClient();
    let notFound = false;
    await Promise.all(
      defs.map(async (def) => {
        const res = await app.inject({ method: 'GET', url: def.path, headers: { accept: 'application/json' } });
        if (res.statusCode === 200) queryClient.setQueryData(def.key, res.json());
        else if (res.statusCode === 404 && def.notFoundIs404) {
          queryClient.setQueryData(def.key, null);
          notFound = true;
        }
      }),
    );
    return { queryClient, notFound };
  }

  app.get(
    '/*',
    { config: { cache: { tags: ['news', 'categories', 'breaking', 'prayer', 'weather', 'settings'], ttl: 60 } } },
    async (req, reply) => {
      const url = new URL(req.url, 'http://local');
      if (url.pathname.startsWith('/api/')) return reply.callNotFound();
      const match = matchRoutes(readerRoutes, url.pathname);
      const route: ReaderRoute = match?.route ?? readerRoutes[readerRoutes.length - 1]!;
      const params = match?.params ?? {};
      if (route.path === '/category/:slug' && params.slug === HOME_SLUG) return reply.redirect('/', 301);

      const { queryClient, notFound } = await prefetch([
        ...chromeQueries(),
        ...route.queries(params, url.searchParams),
      ]);
      const origin = originOf(req, opts.publicUrl);
      const site = { origin, serverNow: opts.now().toISOString() };
      const { html, state } = renderReaderApp(url.pathname + url.search, queryClient, site);
      const settings = queryClient.getQueryData<PublicSettings>(q.settings().key) ?? DEFAULT_PUBLIC_SETTINGS;
      const meta = route.meta({
        params,
        search: url.searchParams,
        settings,
        get: <T>(def: QueryDef<T>) => queryClient.getQueryData<T>(def.key),
      });
      return reply
        .code(route.notFound || route.valid?.(params) === false || notFound ? 404 : 200)
        .type('text/html; charset=utf-8')
        .send(renderDocument({ meta, settings, origin, appHtml: html, queryState: state, site, assets }));
    },
  );
}
