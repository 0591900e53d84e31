/**
 * A worker thread on an entry of this server (the staff thread, the render thread). Built, the entry is a .js file
 * and runs as it is. From source (`npm run dev`, tsx), a worker does not inherit tsx's loader from its parent and
 * would fail on the .ts file: it registers the loader first (tsx's own API), then imports the entry.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: URL, options: WorkerOptions): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
