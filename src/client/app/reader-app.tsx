import { useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { HOME_SLUG } from '../../shared/constants';
import { tripoliDate } from '../../shared/dates';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/settings-defaults';
import type { PublicSettings } from '../../shared/schemas/settings';
import { LazyToaster } from '../components/lazy-toaster';
import { SiteFooter } from '../features/chrome/site-footer';
import { SiteHeader } from '../features/chrome/site-header';
import { TopStrip } from '../features/chrome/top-strip';
import { Tickers } from '../features/tickers/tickers';
import { AdSlot } from './parts';
import { q, type QueryDef } from '../lib/queries';
import { matchRoutes } from '../lib/routing';
import { readerRoutes } from './routes';
import { SiteContext, type SiteContextValue } from './site-context';

/** Once alive: the service worker and the soft ask for alerts (features/reach), in their own chunk. */
const AfterLoad = lazy(() => import('../features/reach/after-load').then((m) => ({ default: m.AfterLoad })));

/**
 * Once the page is alive (hydration has committed), in a transition and in a state of its own: drawing the page
 * again for it, in one piece, was the longest task after the front page's hydration (some 150 ms on a phone).
 */
function AfterLoadWhenAlive() {
  const [alive, setAlive] = useState(false);
  useEffect(() => startTransition(() => setAlive(true)), []);
  return alive ? (
    <Suspense fallback={null}>
      <AfterLoad />
    </Suspense>
  ) : null;
}

/** On a route change: scroll smoothly to the top and keep the document title in step with the page. */
function useRouteEffects(pathname: string, search: string) {
  const queryClient = useQueryClient();
  const firstPath = useRef(pathname);
  useEffect(() => {
    // The first page opens where the browser puts it (at a link's #anchor, or where a reload left the reader), and
    // was counted by the server; later pages are shown without asking it for HTML.
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    window.scrollTo({ top: 0, behavior: 'smooth' });
    navigator.sendBeacon?.('/api/pageview');
  }, [pathname]);
  useEffect(() => {
    const update = () => {
      const match = matchRoutes(readerRoutes, pathname);
      if (!match) return;
      const settings = queryClient.getQueryData<PublicSettings>(q.settings().key) ?? DEFAULT_PUBLIC_SETTINGS;
      const meta = match.route.meta({
        params: match.params,
        search: new URLSearchParams(search),
        settings,
        get: <T,>(def: QueryDef<T>) => queryClient.getQueryData<T>(def.key),
      });
      // A count before the title («(3) »: a live coverage's held updates, features/live) is the page's own.
      if (document.title.replace(/^\(\d+\) /, '') !== meta.title) document.title = meta.title;
    };
    update();
    // The title reads queries' data, so only new data can change it: not the many events of observers coming and
    // going, each of which ran the route's meta again as the page came alive.
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') update();
    });
  }, [pathname, search, queryClient]);
}

export function ReaderApp({ site, page }: { site: SiteContextValue; page?: ReactElement }) {
  const [pathname] = useLocation();
  const search = useSearch();
  useRouteEffects(pathname, search);
  // The page's controls answer from here on (hydration has committed): `html[data-hydrated]`, which the end-to-end
  // tests wait for before they click, and after which lazy parts no longer wait to be seen (lib/lazy-part.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  // SPEC §2's 300 ms fade is for route changes; the first page arrives complete from the server and shows at once.
  const initialPath = useRef(pathname);
  const moved = useRef(false);
  if (pathname !== initialPath.current) moved.current = true;
  const match = matchRoutes(readerRoutes, pathname) ?? { route: readerRoutes[readerRoutes.length - 1]!, params: {} };
  return (
    <SiteContext.Provider value={site}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900"
      >
        تخطَّ إلى المحتوى
      </a>
      <TopStrip serverNow={site.serverNow} />
      <SiteHeader />
      <Tickers />
      <main id="main" key={pathname} className={`min-h-[60vh] ${moved.current ? 'fade-in' : ''}`}>
        <AdSlot placement="header" className="mx-auto mt-4 max-w-7xl px-3" />
        {/* /category/home is the home page. */}
        {page ??
          (match.route.path === '/category/:slug' && match.params.slug === HOME_SLUG ? (
            <Redirect to="/" replace />
          ) : (
            <Route path={match.route.path}>{match.route.element}</Route>
          ))}
      </main>
      {/* The year in Tripoli, the same on the server and in any reader's browser (hydration must match). */}
      <SiteFooter year={Number(tripoliDate(new Date(site.serverNow)).slice(0, 4))} />
      {/* A new page view picks again (its own key: main is keyed by the path). */}
      <AdSlot key={`sticky:${pathname}`} placement="sticky" />
      <LazyToaster />
      <AfterLoadWhenAlive />
    </SiteContext.Provider>
  );
}
