/** The browser bundle's files, read from Vite's manifest (dist/client/.vite/manifest.json). */
import fs from 'node:fs';
import path from 'node:path';

import { CLIENT_DIST } from '../paths';

export { CLIENT_DIST };
export const READER_ENTRY = 'src/client/entry-client.tsx';
export const ADMIN_ENTRY = 'src/client/admin/entry-admin.tsx';

export interface ClientAssets {
  script: string;
  preloadScripts: string[];
  styles: string[];
  /**
   * The stylesheets' text, for reader pages to carry inline: one request fewer before the first paint on a slow
   * network (about 6 KB compressed, inside the page's own compressed bytes).
   */
  inlineCss?: string;
  /** The Arabic body face, preloaded so text renders in it at once. */
  bodyFont?: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

export function readClientAssets(entryKey: string = READER_ENTRY, dist = CLIENT_DIST): ClientAssets | undefined {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const entry = manifest[entryKey];
  if (!entry) return undefined;
  const imports = new Set<string>();
  const css = new Set(entry.css ?? []);
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || imports.has(chunk.file)) return;
    imports.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(walk);
  };
  entry.imports?.forEach(walk);
  const fonts = fs.existsSync(path.join(dist, 'assets')) ? fs.readdirSync(path.join(dist, 'assets')) : [];
  const bodyFont = fonts.find((f) => f.startsWith('naskh-400') && f.endsWith('.woff2'));
  return {
    script: `/${entry.file}`,
    preloadScripts: [...imports].map((f) => `/${f}`),
    styles: [...css].map((f) => `/${f}`),
    inlineCss: [...css].map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n'),
    bodyFont: bodyFont ? `/assets/${bodyFont}` : undefined,
  };
}
