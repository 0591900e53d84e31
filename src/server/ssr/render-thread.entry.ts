/**
 * The render thread's own entry (render-thread.ts), built as dist/server/render-thread.js: only what a page's render
 * needs (React, the reader app, the document), not the whole server. It is ready in a fraction of the time the
 * server's bundle takes to load, and costs a fraction of its memory, so starting it right after the server is up
 * takes little from the readers' first pages.
 */
// First: stack traces from the compiled bundle name the TypeScript sources, as the server's own do.
import '../lib/stack-traces-install';
import { runRenderThread } from './render-thread.worker';

runRenderThread().catch((err) => {
  console.error(err);
  process.exit(1);
});
