import './styles.css';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { matchRoutes } from './lib/routing';
import { ReaderApp } from './app/reader-app';
import { readerRoutes } from './app/routes';
import type { SiteContextValue } from './app/site-context';
import { createQueryClient } from './lib/query-client';

function readJson<T>(id: string): T | undefined {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : undefined;
}

const queryClient = createQueryClient();
const state = readJson<unknown>('__QUERY_STATE__');
if (state) hydrate(queryClient, state);
const site = readJson<SiteContextValue>('__SITE__') ?? {
  origin: window.location.origin,
  serverNow: new Date().toISOString(),
};

// Load the current page's code before hydrating, so the first render matches the server's HTML.
await matchRoutes(readerRoutes, window.location.pathname)?.route.preload?.();

hydrateRoot(
  document.getElementById('root')!,
  <QueryClientProvider client={queryClient}>
    <ReaderApp site={{ ...site, origin: window.location.origin }} />
  </QueryClientProvider>,
);
