import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The browser bundle only. The server renders the same React source directly (through tsx), so there is
// no separate SSR build; it reads dist/client/.vite/manifest.json to link the hashed assets.
export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    // Every text asset also as .br and .gz, at the best quality (made once, at build); @fastify/static sends the
    // one the browser accepts (preCompressed). Fonts and images are compressed already.
    compression({
      include: /\.(js|css|svg|json)$/,
      threshold: 0,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // No modulepreload polyfill or links from Vite: the server decides when the reader's scripts load (after the
    // first paint, see APP_LOADER in src/server/ssr/document.ts).
    modulePreload: false,
    target: 'es2022',
    cssCodeSplit: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { reader: 'src/client/entry-client.tsx', admin: 'src/client/admin/entry-admin.tsx' },
      output: {
        // One chunk for the libraries every page needs and one for our shared code, rather than a dozen slivers
        // that compress worse and cost a request each. Admin-only libraries (quill, recharts, sonner) stay apart.
        manualChunks(id: string) {
          // zod, with the one line that turns its eval probe off (src/client/lib/zod-config.ts) right after it.
          if (/node_modules\/zod\/|\/src\/client\/lib\/zod-config\.ts$/.test(id)) return 'zod';
          // Mutations (the newsroom's forms that save) are only the admin app's: not in a reader's first load.
          if (/node_modules\/@tanstack\/.*\/(useMutation|mutationObserver)\.js$/.test(id)) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|@tanstack|wouter|regexparam)\//.test(id)) return 'core';
          if (
            /src\/(shared|client\/(lib|components|app|features\/(chrome|tickers)))\//.test(id) &&
            !id.includes('/schemas/') &&
            // Staff-only rules: the admin app and the preview page load them with their own chunks (the article-body
            // rules bring an HTML parser the reader never needs; the upload rules are the editor's). Pieces only
            // some pages use (the article's share buttons, the archive lists, the Libyan cities of
            // the prayer widget, the live coverage's link cards, the words of corrections and of the media library,
            // the search page's Arabic folding, the archive lists' cursors, what fills an ad box once the page is alive) go with
            // those pages, and the newsroom's
            // counted nouns (shared/nouns.ts) with the newsroom's.
            !/\/shared\/(permissions|news-workflow|article-html|upload|cities|live|notes|nouns|media-blocks|arabic|cursor|ads|ads-desk)\.|\/components\/(share-buttons|archive-list|most-read|link-card|ads\/(?!ad-placement)[\w-]+)\./.test(
              id,
            )
          )
            return 'core';
          return undefined;
        },
      },
    },
  },
});
