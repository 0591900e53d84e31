/**
 * The render thread, seen from the readers' (main) thread. React's render of a page (5–30 ms on this machine) runs on
 * a worker thread of this process (render-thread.worker.ts); the main thread gets the page's data as always (its
 * cache, its own API through inject) and sends it there, and sends the HTML it gets back.
 *
 * Why: the main thread serves every cached page. While it renders, no reader is answered: with 200 readers, an editor
 * saving every 500 ms and a live desk posting, the longest block of its event loop was 80–110 ms (bench part 4), a
 * render or two on top of a turn's worth of cached answers. On its own thread a render holds up nobody, and with the
 * cache off the two threads work at once (the main thread gets the next page's data while this one renders).
 *
 * Until the thread is ready (a start), after it died (until it is back) and for a render it did not answer in time,
 * the main thread renders the page itself: a page is never refused for want of the thread.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker';
import type { DehydratedState } from '@tanstack/react-query';
import type { ClientAssets } from './assets';
import type { PageSite, RenderedPage } from './page';

/**
 * A render not answered in this long is stuck: the thread is replaced and the page rendered on the main thread. At
 * most half the readers' time bound (main.ts), so that the page is still made in time for its reader.
 */
export const RENDER_TIMEOUT_MS = 5000;
/**
 * Renders waiting for the thread beyond this many are made on the main thread (each about 5–30 ms): the queue never
 * holds more than a fraction of a second of work, and when pages are wanted faster than one thread renders them
 * (the cache off, a cold start) both threads render.
 */
export const MAX_QUEUED = 8;
/** The thread starts after the server is up (its first pages are the readers'); again this long after it died. */
const START_DELAY_MS = 1000;
const RESTART_MAX_MS = 60_000;

export interface RenderRequest {
  type: 'render';
  id: number;
  path: string;
  site: PageSite;
  state: DehydratedState;
}

export type RenderMessage =
  | { type: 'ready' }
  | ({ type: 'rendered'; id: number; seconds: number } & RenderedPage)
  | { type: 'failed'; id: number; error: string };

export interface RenderThreadWorkerData {
  /** The main thread's client build (its inline CSS's hash is in the pages' CSP): the same, not read again. */
  assets: ClientAssets | undefined;
}

export interface RenderThread {
  /** The page made on the thread, with the seconds its render took; undefined when the thread cannot take it now. */
  render(path: string, site: PageSite, state: DehydratedState): Promise<RenderedPage & { seconds: number }> | undefined;
  start(): void;
  stop(): Promise<void>;
  readonly ready: boolean;
  /** Pages it has rendered (tests, metrics). */
  readonly rendered: number;
  /** Threads started so far (more than one: it was replaced after it died or was stuck). */
  readonly starts: number;
}

export interface RenderThreadDeps {
  /** The file the thread runs: render-thread.entry.ts, built as dist/server/render-thread.js. */
  entry: URL;
  assets: ClientAssets | undefined;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
  startDelayMs?: number;
  timeoutMs?: number;
}

export function createRenderThread(deps: RenderThreadDeps): RenderThread {
  const timeoutMs = deps.timeoutMs ?? RENDER_TIMEOUT_MS;
  let worker: Worker | undefined;
  let ready = false;
  let stopping = false;
  let failedStarts = 0;
  let restart: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  let rendered = 0;
  let starts = 0;
  interface Pending {
    resolve: (page: RenderedPage & { seconds: number }) => void;
    reject: (err: Error) => void;
    timer: ReturnType<typeof setTimeout>;
  }
  const pending = new Map<number, Pending>();
  /** Threads that said they were ready (one that dies before is a failed start: it is retried later and later). */
  const started = new WeakSet<Worker>();
  const settle = (id: number) => {
    const p = pending.get(id);
    if (p) {
      clearTimeout(p.timer);
      pending.delete(id);
    }
    return p;
  };

  function onMessage(w: Worker, msg: RenderMessage): void {
    if (msg.type === 'ready') {
      if (worker !== w) return;
      ready = true;
      started.add(w);
      failedStarts = 0;
      deps.log.info({}, 'the render thread is rendering pages');
    } else if (msg.type === 'rendered') {
      rendered++;
      settle(msg.id)?.resolve({ document: msg.document, fingerprint: msg.fingerprint, seconds: msg.seconds });
    } else if (msg.type === 'failed') {
      settle(msg.id)?.reject(new Error(msg.error));
    }
  }

  function launch(): void {
    const data: RenderThreadWorkerData = { assets: deps.assets };
    const w = startWorker(deps.entry, { workerData: data });
    starts++;
    worker = w;
    w.on('message', (msg: RenderMessage) => onMessage(w, msg));
    w.on('error', (err) => deps.log.warn({ err }, 'the render thread failed'));
    w.on('exit', (code) => {
      if (worker !== w) return;
      worker = undefined;
      if (!started.has(w)) failedStarts++;
      ready = false;
      // Its renders are made again on the main thread (their callers fall back).
      for (const id of [...pending.keys()]) settle(id)?.reject(new Error('the render thread stopped'));
      if (stopping) return;
      deps.log.warn({ code }, 'the render thread stopped; the main thread renders pages until it is back');
      restart = setTimeout(launch, Math.min(RESTART_MAX_MS, (deps.startDelayMs ?? START_DELAY_MS) * 2 ** failedStarts));
      restart.unref();
    });
  }

  return {
    render(path, site, state) {
      const w = worker;
      if (!w || !ready || stopping || pending.size >= MAX_QUEUED) return undefined;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(id)?.reject(new Error(`the render thread did not answer within ${timeoutMs} ms`));
          // Stuck (a render that never ends): given nothing more, and replaced, as when it dies.
          if (worker !== w) return;
          ready = false;
          deps.log.warn({ path }, 'the render thread did not answer a render in time; restarting it');
          void w.terminate();
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        const message: RenderRequest = { type: 'render', id, path, site, state };
        try {
          w.postMessage(message);
        } catch (err) {
          // Data that cannot be sent (never JSON's): this page is rendered on the main thread; the thread is fine.
          settle(id)?.reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    start() {
      stopping = false;
      restart = setTimeout(launch, deps.startDelayMs ?? START_DELAY_MS);
      restart.unref();
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      ready = false;
      const w = worker;
      worker = undefined;
      for (const id of [...pending.keys()]) settle(id)?.reject(new Error('the render thread stopped'));
      await w?.terminate();
    },
    get ready() {
      return ready;
    },
    get rendered() {
      return rendered;
    },
    get starts() {
      return starts;
    },
  };
}
