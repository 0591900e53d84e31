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
import { PendingRequests, superviseWorker } from '../lib/supervised-worker';
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
  let rendered = 0;
  interface Pending {
    resolve: (page: RenderedPage & { seconds: number }) => void;
    reject: (err: Error) => void;
  }
  const pending = new PendingRequests<Pending>();
  const data: RenderThreadWorkerData = { assets: deps.assets };
  const thread = superviseWorker<RenderMessage>({
    name: 'the render thread',
    meanwhile: 'the main thread renders pages',
    entry: deps.entry,
    workerData: data,
    startDelayMs: deps.startDelayMs ?? START_DELAY_MS,
    restartMs: deps.startDelayMs ?? START_DELAY_MS,
    log: deps.log,
    onMessage(msg) {
      if (msg.type === 'ready') {
        deps.log.info({}, 'the render thread is rendering pages');
      } else if (msg.type === 'rendered') {
        rendered++;
        pending.settle(msg.id)?.resolve({ document: msg.document, fingerprint: msg.fingerprint, seconds: msg.seconds });
      } else if (msg.type === 'failed') {
        pending.settle(msg.id)?.reject(new Error(msg.error));
      }
    },
    // Its renders are made again on the main thread (their callers fall back).
    onGone: () => {
      for (const p of pending.drain()) p.reject(new Error('the render thread stopped'));
    },
  });

  return {
    render(path, site, state) {
      const w = thread.worker;
      if (!w || pending.size >= MAX_QUEUED) return undefined;
      return new Promise((resolve, reject) => {
        const id = pending.add({ resolve, reject }, timeoutMs, (p) => {
          p.reject(new Error(`the render thread did not answer within ${timeoutMs} ms`));
          // Stuck (a render that never ends): given nothing more, and replaced, as when it dies.
          if (thread.worker !== w) return;
          deps.log.warn({ path }, 'the render thread did not answer a render in time; restarting it');
          thread.replace(w);
        });
        const message: RenderRequest = { type: 'render', id, path, site, state };
        try {
          w.postMessage(message);
        } catch (err) {
          // Data that cannot be sent (never JSON's): this page is rendered on the main thread; the thread is fine.
          pending.settle(id)?.reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    start: () => thread.start(),
    stop: () => thread.stop(),
    get ready() {
      return thread.ready;
    },
    get rendered() {
      return rendered;
    },
    get starts() {
      return thread.starts;
    },
  };
}
