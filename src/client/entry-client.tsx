/**
 * The reader app coming alive over the server's HTML. The document loads it only once the page has painted (see
 * APP_LOADER in src/server/ssr/document.ts): on a slow phone the text is readable before any script runs.
 */
import './styles.css';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { matchRoutes } from './lib/routing';
import { ReaderApp } from './app/reader-app';
import { readerRoutes } from './app/routes';
import type { SiteContextValue } from './app/site-context';
import { createQueryClient } from './lib/query-client';
import { setMediaBase } from '../shared/media';
import { takeFormatted } from '../shared/formatted';
import { PAGE_DATA_ID } from '../shared/constants';

function readJson<T>(id: string): T | undefined {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : undefined;
}

// Load the current page's code before hydrating, so the first render matches the server's HTML.
await matchRoutes(readerRoutes, window.location.pathname)?.route.preload?.();
const queryClient = createQueryClient();
const state = readJson<unknown>(PAGE_DATA_ID);
if (state) hydrate(queryClient, state);
const site = readJson<SiteContextValue>('__SITE__') ?? {
  origin: window.location.origin,
  serverNow: new Date().toISOString(),
};
setMediaBase(site.mediaBase);
takeFormatted(site.formatted);

// As a transition, hydration yields to the browser every few milliseconds instead of blocking it in one long task:
// the page (already painted from the server's HTML) stays responsive while it comes alive.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <QueryClientProvider client={queryClient}>
      <ReaderApp site={{ ...site, origin: window.location.origin }} />
    </QueryClientProvider>,
  );
});
