/**
 * The service worker, built with the browser bundle (scripts/build.mjs runs it right after Vite): esbuild bundles
 * src/client/sw/sw.ts (Serwist and our modules) into one classic script, then Serwist's injectManifest writes the
 * precache list into it as dist/client/sw.js: the offline page, the fonts, the placeholder and the icons a
 * notification shows. Hashed files carry their version in their name; the others get the bundle's revision, so every
 * new browser bundle is a new worker that precaches them again and takes over at once.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';

export async function buildServiceWorker(root) {
  const dist = path.join(root, 'dist/client');
  const bundled = path.join(root, 'dist/sw-bundle.js');
  await build({
    absWorkingDir: root,
    entryPoints: ['src/client/sw/sw.ts'],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const revision = createHash('sha256')
    .update(fs.readFileSync(path.join(dist, '.vite/manifest.json')))
    .digest('hex')
    .slice(0, 16);
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(dist, 'sw.js'),
    globDirectory: dist,
    globPatterns: ['assets/*.woff2'],
    // Hashed names need no revision (relative URLs are the worker's own folder: /assets/…).
    dontCacheBustURLsMatching: /(^|\/)assets\//,
    additionalPrecacheEntries: ['/offline', '/placeholder.svg', '/icons/icon-192.png', '/icons/badge-96.png'].map(
      (url) => ({ url, revision }),
    ),
  });
  fs.rmSync(bundled, { force: true });
  for (const w of warnings) console.warn(`service worker: ${w}`);
  return { count, size };
}
