/**
 * The <style> elements pages may hold, named by hash for the CSP (so style-src needs no 'unsafe-inline'): the page's
 * inlined stylesheet, and the one the toast library (sonner) inserts when a toast first shows. sonner's text is
 * read from the installed package, so an upgrade that changes it changes the hash too; if its shape ever changes so
 * that the text cannot be found, the server refuses to start rather than run with unstyled toasts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { contentHash, inlineStyleText } from './document';
import { readClientAssets, type ClientAssets } from './assets';

export function toastStyleText(): string {
  const file = createRequire(import.meta.url).resolve('sonner');
  const source = fs.readFileSync(file, 'utf8');
  const m = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!m) throw new Error(`Cannot find the toast stylesheet in ${file} (sonner changed shape): update style-hashes.ts`);
  return JSON.parse(m[1]!) as string;
}

export function pageStyleHashes(assets: ClientAssets | undefined = readClientAssets()): string[] {
  // sonner appends its <style> empty, then adds the text: the empty one is checked first (and styles nothing).
  const hashes = [contentHash(toastStyleText()), contentHash('')];
  if (assets?.inlineCss !== undefined) hashes.push(contentHash(inlineStyleText(assets.inlineCss)));
  return hashes;
}
