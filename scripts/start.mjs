#!/usr/bin/env node
/**
 * `npm start`: rebuilds whatever is older than its sources (scripts/build.mjs), then runs the server in this same
 * process. One Node process rather than a build step and then a second `node dist/server/main.js`: a restart after a
 * crash pays for one Node start-up, and for esbuild and Vite only when something must be built.
 */
import { buildIfStale } from './build.mjs';

try {
  await buildIfStale({ announce: true });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// Stack traces in the logs point at the TypeScript sources (as `node --enable-source-maps` would).
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
