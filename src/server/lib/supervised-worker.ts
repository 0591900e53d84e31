/**
 * A worker thread kept running for the main thread (the staff thread, the render thread): started a while after the
 * server is up, ready when it says so, started again after it dies (later and later while it dies before it is
 * ready), replaced when its owner finds it stuck, stopped with the server. And the requests it holds, each with its
 * own deadline. Both threads had written this out once each; what differs (their messages, what a lost request
 * costs, how one stops) stays with them.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './worker';

/** The longest wait before a thread that keeps dying is started again. */
const RESTART_MAX_MS = 60_000;

export interface SupervisorOptions<M extends { type: string }> {
  /** For the log: «the render thread», «the staff thread». */
  name: string;
  /** For the log, what happens while there is no thread («the main thread renders pages»). */
  meanwhile: string;
  entry: URL;
  workerData: unknown;
  /** From start() to the first thread. */
  startDelayMs: number;
  /** From a thread's start to the next after it died; doubled for every start in a row that died before it was ready. */
  restartMs: number;
  log: { warn: (o: object, m: string) => void };
  /** Every message of the current thread (a replaced thread's are dropped), the `ready` one included. */
  onMessage: (msg: M) => void;
  /** The current thread is gone (died, stopped, replaced): whatever it held will not be answered. */
  onGone: () => void;
}

export interface Supervisor {
  /** The thread, while there is one that said it is ready. */
  readonly worker: Worker | undefined;
  readonly ready: boolean;
  /** Threads started so far. */
  readonly starts: number;
  start(): void;
  /** The thread is stuck: it is given nothing more and replaced, as when it dies. */
  replace(worker: Worker): void;
  /** No more restarts; `drain` (given the thread) lets it finish before it is terminated. */
  stop(drain?: (worker: Worker) => Promise<void>): Promise<void>;
}

export function superviseWorker<M extends { type: string }>(options: SupervisorOptions<M>): Supervisor {
  let worker: Worker | undefined;
  let ready = false;
  let stopping = false;
  let starts = 0;
  let lastStart = 0;
  /** Starts in a row that ended before the thread was ready (a database it cannot reach, a broken build). */
  let failedStarts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Threads that said they were ready: one that dies after is not a failed start. */
  const wasReady = new WeakSet<Worker>();

  const later = (ms: number) => {
    timer = setTimeout(launch, Math.max(0, ms));
    timer.unref();
  };

  function gone(w: Worker): void {
    if (worker !== w) return;
    worker = undefined;
    ready = false;
    options.onGone();
  }

  function launch(): void {
    lastStart = Date.now();
    starts++;
    const w = startWorker(options.entry, { workerData: options.workerData });
    worker = w;
    w.on('message', (msg: M) => {
      if (worker !== w) return;
      // A thread being stopped is never taken as ready (it can say so while it drains: its start was slow).
      if (msg.type === 'ready' && !stopping) {
        ready = true;
        wasReady.add(w);
        failedStarts = 0;
      }
      options.onMessage(msg);
    });
    w.on('error', (err) => options.log.warn({ err }, `${options.name} failed`));
    w.on('exit', (code) => {
      if (worker !== w) return;
      if (!wasReady.has(w)) failedStarts++;
      gone(w);
      if (stopping) return;
      const wait = Math.min(RESTART_MAX_MS, options.restartMs * 2 ** failedStarts);
      options.log.warn({ code, restartMs: wait }, `${options.name} stopped; ${options.meanwhile} until it is back`);
      later(lastStart + wait - Date.now());
    });
  }

  return {
    get worker() {
      return ready ? worker : undefined;
    },
    get ready() {
      return ready;
    },
    get starts() {
      return starts;
    },
    start() {
      stopping = false;
      later(options.startDelayMs);
    },
    replace(w) {
      if (worker !== w) return;
      ready = false;
      void w.terminate();
    },
    async stop(drain) {
      stopping = true;
      clearTimeout(timer);
      const w = worker;
      if (!w) return;
      ready = false;
      if (drain) await drain(w);
      gone(w);
      await w.terminate();
    },
  };
}

/** Requests a thread holds, by id, each failed by `onTimeout` if not answered in time. */
export class PendingRequests<T> {
  private nextId = 1;
  private readonly held = new Map<number, { value: T; timer: ReturnType<typeof setTimeout> }>();

  /** Holds `value` under a new id; `onTimeout` gets it if it is still held `timeoutMs` from now. */
  add(value: T, timeoutMs: number, onTimeout: (value: T) => void): number {
    const id = this.nextId++;
    const timer = setTimeout(() => {
      const v = this.settle(id);
      if (v !== undefined) onTimeout(v);
    }, timeoutMs);
    timer.unref();
    this.held.set(id, { value, timer });
    return id;
  }

  /** The request answered (or given up): undefined when it was not held any more. */
  settle(id: number): T | undefined {
    const p = this.held.get(id);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.held.delete(id);
    return p.value;
  }

  /** Every request still held, settled. */
  drain(): T[] {
    return [...this.held.keys()].map((id) => this.settle(id)!);
  }

  get size(): number {
    return this.held.size;
  }
}
