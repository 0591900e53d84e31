/**
 * A reader page's HTML from its data: the part of a page's render that needs neither the database nor the request.
 * The readers' thread calls it when it renders a page itself (plugins/ssr.ts); the render thread (render-thread.ts)
 * calls it with the same data sent across, so both make the same bytes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from '../../client/lib/routing';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/settings-defaults';
import type { PublicSettings } from '../../shared/schemas/settings';
import { readerRoutes, type ReaderRoute } from '../../client/app/routes';
import { staticPages } from '../../client/app/static-pages';
import { renderReaderApp } from '../../client/app/ssr';
import type { SiteContextValue } from '../../client/app/site-context';
import { q, type QueryDef } from '../../client/lib/queries';
import type { ClientAssets } from './assets';
import { renderDocument } from './document';

/** What a page's render knows of where and when it is made. */
export type PageSite = Required<Pick<SiteContextValue, 'origin' | 'serverNow' | 'dayEndsAt' | 'mediaBase'>>;

export interface RenderedPage {
  document: string;
  /** What its ETag is made from (renderFingerprint). */
  fingerprint: string;
}

/** The page a path shows: a server-only page (the offline page), else the reader route table's match. */
export const pageFor = (
  pathname: string,
): { route: ReaderRoute; params: Record<string, string>; fixed?: boolean } | null => {
  const fixed = staticPages.find((p) => p.path === pathname);
  return fixed ? { route: fixed, params: {}, fixed: true } : matchRoutes(readerRoutes, pathname);
};

/** The route a path shows, the not-found page's when none matches. */
export function routeFor(pathname: string): { route: ReaderRoute; params: Record<string, string>; fixed: boolean } {
  const match = pageFor(pathname);
  return {
    route: match?.route ?? readerRoutes[readerRoutes.length - 1]!,
    params: match?.params ?? {},
    fixed: !!match?.fixed,
  };
}

/**
 * The document of `path` (its pathname and only the query parameters its route reads) from the query data in
 * `queryClient`, as a reader gets it.
 */
export function renderPage(
  path: string,
  queryClient: QueryClient,
  site: PageSite,
  assets: ClientAssets | undefined,
): RenderedPage {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  const { route, params, fixed } = routeFor(pathname);
  const { html, state, formatted } = renderReaderApp(path, queryClient, site, fixed ? route.element : undefined);
  const settings = queryClient.getQueryData<PublicSettings>(q.settings().key) ?? DEFAULT_PUBLIC_SETTINGS;
  const meta = route.meta({
    params,
    search,
    settings,
    get: <T>(def: QueryDef<T>) => queryClient.getQueryData<T>(def.key),
  });
  const document = renderDocument({
    meta,
    settings,
    origin: site.origin,
    appHtml: html,
    queryState: state,
    site: { ...site, formatted },
    assets,
  });
  return { document, fingerprint: renderFingerprint(document, site.serverNow) };
}

/**
 * A page's bytes without what changes on every render though the reader gets the same page: the render's own time
 * (the date strip's machine-readable time and the site context), the query cache's bookkeeping times and a prayer's seconds to go. What the
 * reader sees (the date, a prayer's countdown, every story) stays in, so the ETag changes exactly when that does.
 */
export function renderFingerprint(document: string, serverNow: string): string {
  return document
    .replaceAll(serverNow, '')
    .replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt|remainingSeconds)":\d+/g, '');
}
