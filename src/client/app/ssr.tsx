/** Server rendering of a reader page: the same React tree as the browser, with prefetched query data. */
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '../lib/router';
import { ReaderApp } from './reader-app';
import type { SiteContextValue } from './site-context';

export function renderReaderApp(
  url: string,
  queryClient: QueryClient,
  site: SiteContextValue,
): { html: string; state: unknown } {
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={url}>
        <ReaderApp site={site} />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, state: dehydrate(queryClient) };
}
