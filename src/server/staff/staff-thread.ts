/**
 * The staff thread, seen from the readers' (main) thread. The admin API (/api/admin) is answered by a second copy of
 * the app on a worker thread of this process (staff-thread.worker.ts), over the same database.
 *
 * Why: under readers' load, every turn of the main thread's event loop serves a few hundred cached pages, and every
 * database round trip of a save waits for the next turn. A save is a dozen round trips (lock, sanitise, update, links,
 * revision, audit, notify, commit...), so with 200 readers an editor's save took half a second to three quarters of
 * one. On its own thread those round trips do not wait for readers; the main thread only reads the request and writes
 * the answer.
 *
 * What the main thread does with a request under /api/admin: reads its body (up to MAX_BODY_BYTES), hands method,
 * address, headers and body to the staff thread, which runs it through its own Fastify (every hook, the one gate,
 * the roles, the time bound: app.inject), and writes the answer back as it came. Before the answer, the staff thread
 * tells the tags its write dropped (messages arrive in order): this thread's cache has dropped them before the staff
 * member sees "saved", as when it answered the save itself. Other instances hear it by NOTIFY, as always.
 *
 * Until the staff thread is ready (a start), while the server drains, and while the thread is restarted after a
 * fault, the main thread answers the admin API itself: nothing is refused for want of the thread. A request the
 * thread was answering when it died gets the Arabic 503 (its transaction, if any, is rolled back with its database
 * connections: nothing half-written).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { PendingRequests, superviseWorker } from '../lib/supervised-worker';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../errors';
import { isAdminApiUrl } from '../plugins/admin-api';

/** The largest body read for the staff thread: an image upload (10 MB) and its multipart framing, with room. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** The route pattern of an answer, for the main thread's metrics; never leaves the process. */
export const STAFF_ROUTE_HEADER = 'x-sahifa-staff-route';
/**
 * The thread is started this long after the server is up: building a second app costs about a second of CPU, and
 * right after a start (a crash, a deployment) that second belongs to the readers' first pages, which fill the cache.
 */
const START_DELAY_MS = 3000;
/** A thread that dies is started again after this, doubling while it dies before it is ready (up to a minute). */
const RESTART_MS = 1000;

/** What the main thread sends: one request. */
export interface StaffRequest {
  type: 'request';
  id: number;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
  body: Uint8Array | undefined;
}

/** What the staff thread sends. */
export type StaffMessage =
  | { type: 'ready'; instance: string }
  | { type: 'invalidate'; tags: string[] }
  | {
      type: 'response';
      id: number;
      status: number;
      headers: Record<string, string | string[] | number | undefined>;
      body: Uint8Array;
    }
  /** The thread's app could not answer a request at all (inject() failed): the main thread answers its 503 now. */
  | { type: 'failed'; id: number }
  | { type: 'stopped' };

export interface StaffThreadWorkerData {
  staffThread: true;
  databaseUrl: string;
}

export interface StaffThreadDeps {
  /** The file the thread runs: this process's own entry (main.ts starts the staff part when it is a worker). */
  entry: URL;
  databaseUrl: string;
  /** The admin API's time bound (ADMIN_TIMEOUT_MS): a thread that has not answered a while after it, has failed. */
  adminTimeoutMs: number;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
  /** How long after start() the thread is started (START_DELAY_MS; tests make it short). */
  startDelayMs?: number;
}

/** The main thread's side of the cache: what the staff thread's writes dropped, and whose announcements those are. */
export interface LocalCache {
  dropLocal(tags: readonly string[]): void;
  ignoreFrom(instance: string): void;
}

/** What the main thread's app gives the staff thread's part of it (app.ts). */
export interface MainSide {
  cache: LocalCache;
  /** False while the server drains: the main thread then answers (its Arabic 503). */
  serving: () => boolean;
  /** Counts an answer in the main thread's metrics. */
  observe: (method: string, pattern: string | undefined, url: string, status: number, seconds: number) => void;
}

export interface StaffThread {
  /** Called for every request before Fastify: true when it was handed to the staff thread (and will be answered). */
  forward(req: IncomingMessage, res: ServerResponse): boolean;
  /** Starts the thread, START_DELAY_MS from now (after the server is up: the readers' start is not slowed by it). */
  start(main: MainSide): void;
  /** Lets the requests it holds finish, then stops it. */
  stop(): Promise<void>;
  /** Requests handed to it and not yet answered (tests, metrics). */
  readonly pending: number;
  readonly ready: boolean;
}

/** Headers that belong to one connection, not to the answer (RFC 9110 §7.6.1): never copied across. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k)) kept[k] = v;
  return kept;
}

/** Answers an error of the main thread's own, in the app's shape; returns its request id (for the log). */
function sendError(res: ServerResponse, status: number, message: string, code: string): string {
  const requestId = randomUUID();
  if (res.headersSent || res.destroyed) return requestId;
  const body = JSON.stringify({ message, code, requestId });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
    'content-length': Buffer.byteLength(body),
    ...(status === 503 ? { 'retry-after': '5' } : {}),
  });
  res.end(body);
  return requestId;
}

export function createStaffThread(deps: StaffThreadDeps): StaffThread {
  let main: MainSide | undefined;
  interface Pending {
    res: ServerResponse;
    method: string;
    url: string;
    started: number;
  }
  const pending = new PendingRequests<Pending>();
  const answer = (p: Pending, status: number, pattern?: string) =>
    main?.observe(p.method, pattern, p.url, status, (performance.now() - p.started) / 1000);
  const fail = (p: Pending | undefined) => {
    if (!p) return;
    const requestId = sendError(p.res, 503, MESSAGES.unavailable, 'UNAVAILABLE');
    answer(p, 503);
    deps.log.warn(
      { requestId, method: p.method, url: p.url },
      'an admin request was answered 503: the staff thread did not answer it',
    );
  };

  function onMessage(msg: StaffMessage): void {
    if (msg.type === 'ready') {
      main?.cache.ignoreFrom(msg.instance);
      deps.log.info({}, 'the staff thread is answering the admin API');
    } else if (msg.type === 'invalidate') {
      main?.cache.dropLocal(msg.tags);
    } else if (msg.type === 'failed') {
      fail(pending.settle(msg.id));
    } else if (msg.type === 'response') {
      const p = pending.settle(msg.id);
      if (!p) return;
      const pattern = msg.headers[STAFF_ROUTE_HEADER];
      answer(p, msg.status, typeof pattern === 'string' && pattern ? pattern : undefined);
      if (p.res.destroyed) return;
      const headers: Record<string, string | string[] | number> = {};
      for (const [k, v] of Object.entries(msg.headers))
        if (v !== undefined && !HOP_BY_HOP.has(k) && k !== 'content-length' && k !== STAFF_ROUTE_HEADER) headers[k] = v;
      // A HEAD's length is its GET's, as the thread's Fastify measured it; otherwise the body's.
      headers['content-length'] =
        p.method === 'HEAD' && msg.headers['content-length'] !== undefined
          ? Number(msg.headers['content-length'])
          : msg.body.byteLength;
      p.res.writeHead(msg.status, headers);
      p.res.end(Buffer.from(msg.body.buffer, msg.body.byteOffset, msg.body.byteLength));
    }
  }

  const data: StaffThreadWorkerData = { staffThread: true, databaseUrl: deps.databaseUrl };
  const thread = superviseWorker<StaffMessage>({
    name: 'the staff thread',
    meanwhile: 'the main thread answers the admin API',
    entry: deps.entry,
    workerData: data,
    startDelayMs: deps.startDelayMs ?? START_DELAY_MS,
    restartMs: RESTART_MS,
    log: deps.log,
    onMessage,
    // What it held is lost with it (its transactions are rolled back with its connections): say so, clearly.
    onGone: () => {
      for (const p of pending.drain()) fail(p);
    },
  });

  function hand(req: IncomingMessage, res: ServerResponse, body: Buffer | undefined): void {
    const w = thread.worker;
    if (!w) {
      sendError(res, 503, MESSAGES.unavailable, 'UNAVAILABLE');
      return;
    }
    // Past the app's own bound (which answers a 503 itself), the thread is stuck: the reader of this answer is told.
    const id = pending.add(
      { res, method: req.method ?? 'GET', url: req.url ?? '/', started: performance.now() },
      deps.adminTimeoutMs + 5000,
      fail,
    );
    const message: StaffRequest = {
      type: 'request',
      id,
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: withoutHopByHop(req.headers),
      remoteAddress: req.socket.remoteAddress,
      body,
    };
    w.postMessage(message, body ? [body.buffer as ArrayBuffer] : []);
  }

  return {
    forward(req, res) {
      if (!thread.ready || !isAdminApiUrl(req.url ?? '') || !main?.serving()) return false;
      if (req.method === 'GET' || req.method === 'HEAD') {
        // No body to read (one sent anyway is not read by the app either).
        req.resume();
        hand(req, res, undefined);
        return true;
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_BODY_BYTES) {
        sendError(res, 413, MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');
        req.resume();
        return true;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      req.on('data', (chunk: Buffer) => {
        if (refused) return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          refused = true;
          chunks.length = 0;
          sendError(res, 413, MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (refused || res.destroyed) return;
        // One buffer of its own (not a slice of Node's pool): it is moved to the thread, not copied.
        const body = Buffer.alloc(size);
        let at = 0;
        for (const c of chunks) at += c.copy(body, at);
        hand(req, res, size ? body : undefined);
      });
      req.on('error', () => {
        refused = true;
      });
      return true;
    },
    start(mainSide) {
      main = mainSide;
      thread.start();
    },
    stop: () =>
      thread.stop(async (w) => {
        // It answers what it holds, closes its app and its database pool, then says so.
        const stopped = new Promise<void>((resolve) => {
          w.once('exit', () => resolve());
          w.on('message', (m: StaffMessage) => m.type === 'stopped' && resolve());
        });
        w.postMessage({ type: 'stop' });
        const force = new Promise<void>((resolve) => setTimeout(resolve, deps.adminTimeoutMs + 1000).unref());
        await Promise.race([stopped, force]);
      }),
    get pending() {
      return pending.size;
    },
    get ready() {
      return thread.ready;
    },
  };
}
