/**
 * A real network path between Chromium and the e2e server that a test can break: a small HTTP proxy on its own port
 * that forwards every request, and can be switched to refuse every connection (an outage: the browser's fetch
 * fails), to hold answers back (a slow network), or to rewrite one answer (a new deployment's service worker).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../src/server/lib/lifecycle';

export interface Proxy {
  origin: string;
  /** 'up': forwards; 'down': every connection is reset at once; 'slow': answers wait `delayMs`. */
  mode: (m: 'up' | 'down' | 'slow', delayMs?: number) => void;
  /** Rewrites the body of one path's answers (asked for uncompressed); undefined stops it. */
  rewrite: (path: string, edit: ((body: string) => string) | undefined) => void;
  /** Requests still unanswered, then the last ones it forwarded, oldest first: path, status (0: failed, -1: not
   *  answered yet) and milliseconds. */
  recent: () => { path: string; status: number; ms: number }[];
  close: () => Promise<void>;
}

const RECENT_MAX = 300;

export async function startProxy(target: string): Promise<Proxy> {
  const to = new URL(target);
  let state: 'up' | 'down' | 'slow' = 'up';
  let delay = 0;
  const rewrites = new Map<string, (body: string) => string>();
  const sockets = new Set<Socket>();
  const recent: { path: string; status: number; ms: number; started: number }[] = [];
  // Requests still unanswered, however many came after them (a test's diagnosis looks for what is held open).
  const open = new Set<(typeof recent)[number]>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const entry = { path: req.url ?? '/', status: -1, ms: 0, started: Date.now() };
    recent.push(entry);
    if (recent.length > RECENT_MAX) recent.shift();
    open.add(entry);
    res.on('close', () => {
      entry.status = res.headersSent ? res.statusCode : 0;
      entry.ms = Date.now() - entry.started;
      open.delete(entry);
    });
    const edit = rewrites.get(path);
    const headers = { ...req.headers, host: to.host };
    if (edit) {
      // The whole body, uncompressed, every time: the browser's copy of the old file must not be revalidated (304).
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = () => {
      const upstream = http.request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers },
        (answer) => {
          if (!edit) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          let body = '';
          answer.setEncoding('utf8');
          answer.on('data', (c) => (body += c));
          answer.on('end', () => {
            const out = answer.statusCode === 200 ? edit(body) : body;
            const { 'content-length': _len, etag: _etag, ...rest } = answer.headers;
            res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(out) });
            res.end(out);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (state === 'slow') setTimeout(forward, delay);
    else forward();
  });
  // As the server behind it, whose Keep-Alive header this proxy passes on to the browser.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on('connection', (socket) => {
    if (state === 'down') return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    mode: (m, delayMs = 0) => {
      state = m;
      delay = delayMs;
      // An outage also ends the connections the browser keeps alive.
      if (m === 'down') for (const s of sockets) s.destroy();
    },
    rewrite: (path, edit) => (edit ? rewrites.set(path, edit) : rewrites.delete(path)),
    recent: () =>
      [...new Set([...open, ...recent])].map(({ path, status, ms, started }) => ({
        path,
        status,
        ms: status === -1 ? Date.now() - started : ms,
      })),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
