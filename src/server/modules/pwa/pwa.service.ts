/**
 * The installable site: its manifest (from the settings), its icons (drawn from the mark) and the service worker's
 * script, built with the browser bundle (scripts/build-sw.mjs → dist/client/sw.js) and read once with its ETag, so
 * most checks a browser makes for a new version are a 304.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SettingsService } from '../settings/settings.service';
import { iconRenderer } from './pwa-icons';
import { webAppManifest } from './pwa.manifest';

export interface WorkerScript {
  body: Buffer;
  etag: string;
}

export function readWorkerScript(dist: string): WorkerScript | undefined {
  let body: Buffer;
  try {
    body = fs.readFileSync(path.join(dist, 'sw.js'));
  } catch {
    return undefined; // no build: nothing to install (pages register the worker only from a built bundle)
  }
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

export function pwaService(deps: { settings: SettingsService; dist: string }) {
  const icons = iconRenderer();
  let worker: WorkerScript | undefined | null = null;
  return {
    manifest: async () => webAppManifest(await deps.settings.site()),
    icon: (file: string) => icons.png(file),
    /** The service worker as built (read at the first request); undefined without a build. */
    worker(): WorkerScript | undefined {
      if (worker === null) worker = readWorkerScript(deps.dist);
      return worker;
    },
  };
}
export type PwaService = ReturnType<typeof pwaService>;
