/**
 * Pages only the server renders, whole as HTML and without the app's scripts (so the browser bundle carries nothing
 * of them): the offline page the service worker keeps (src/client/sw). They have the reader site's chrome and are
 * answered and cached like reader pages (plugins/ssr.ts).
 */
import { OfflinePage } from '../features/reach/offline-page';
import type { ReaderRoute } from './routes';

export const staticPages: ReaderRoute[] = [
  {
    path: '/offline',
    element: <OfflinePage />,
    queries: () => [],
    meta: ({ settings }) => ({
      title: `لا يوجد اتصال | ${settings.siteName}`,
      description: settings.description,
      path: '/offline',
      type: 'website',
      noindex: true,
      scriptless: true,
    }),
  },
];
