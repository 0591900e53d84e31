#!/usr/bin/env node
// Gzipped JavaScript a reader's first load of each page fetches: the entry, its static imports, and the
// page's own chunk with its imports. Reads dist/client (run `npm run build` first). Exit 1 over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 100);
const ENTRY = 'src/client/entry-client.tsx';
const PAGES = {
  home: 'src/client/features/home/home-page.tsx',
  category: 'src/client/features/news/category-page.tsx',
  article: 'src/client/features/news/article-page.tsx',
  search: 'src/client/features/search/search-page.tsx',
};

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(i, seen);
  return seen;
}
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

let over = false;
// The admin's libraries, and the gallery viewer (fetched only when a reader opens or reaches a gallery).
const forbidden = /quill|recharts|\badmin\b|gallery-viewer|lightbox/i;
for (const [page, key] of Object.entries(PAGES)) {
  const files = closure(ENTRY);
  closure(key, files);
  const total = [...files].reduce((sum, f) => sum + gz(f), 0) / 1024;
  const bad = [...files].filter((f) => forbidden.test(f));
  const ok = total <= BUDGET_KB && bad.length === 0;
  over ||= !ok;
  console.log(
    `${page.padEnd(9)} ${total.toFixed(1).padStart(6)} KB gzipped JS in ${files.size} files${bad.length ? `; must not load ${bad.join(', ')}` : ''} ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
process.exit(over ? 1 : 0);
