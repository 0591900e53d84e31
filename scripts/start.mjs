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
// Stack traces in the logs name the TypeScript sources: the server maps them itself, reading its source map only when
// a first trace is written (src/server/lib/stack-traces.ts), not at every start as `--enable-source-maps` does.
await import('../dist/server/main.js');
