/** Server rendering of a reader page: the same React tree as the browser, with prefetched query data. */
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { ReaderApp } from './reader-app';
import type { SiteContextValue } from './site-context';
import { recordFormatted } from '../../shared/formatted';

export function renderReaderApp(
  url: string,
  queryClient: QueryClient,
  site: SiteContextValue,
  /** A page only the server renders (app/static-pages.tsx), in place of the route table's. */
  page?: ReactElement,
): { html: string; state: unknown; formatted: Record<string, string> } {
  // The dates and numbers it formats go to the browser with the page (shared/formatted.ts).
  const { result: html, strings: formatted } = recordFormatted(() =>
    renderToString(
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={url}>
          <ReaderApp site={site} page={page} />
        </Router>
      </QueryClientProvider>,
    ),
  );
  // In one order whatever order the queries finished in: the same data makes the same bytes (and the same ETag).
  const state = dehydrate(queryClient);
  state.queries.sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0));
  return { html, state, formatted };
}
