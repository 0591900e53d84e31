/**
 * Answers written with a head made ahead of time: the status line and headers as bytes, to which a request adds only
 * the lines that belong to its connection. For the answers sent tens of thousands of times a second (cache hits, view
 * beacons), where Node's own writeHead (validating and joining every header again each time) was a tenth of the cost.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';

/** `HTTP/1.1 <status> <reason>` and the header lines of a flat [name, value, …] list, as Node's _storeHeader writes. */
export function rawHead(status: number, headers: readonly string[]): string {
  let out = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  for (let i = 0; i < headers.length; i += 2) out += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return out;
}

/** Headers of one answer that belong to it alone (its length, its connection, its moment), never part of a template. */
const OWN = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * A template learnt from an answer the app itself made (a route's onSend hook): its headers as a flat list, without
 * those that belong to one answer alone, and the same as the raw head with `status`, for an answer sent before
 * Fastify with the headers the app would have given it (security headers, cache policy, content type).
 */
export function learnedHead(status: number, headers: Record<string, unknown>): { head: string[]; raw: string } {
  const head: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || OWN.has(name.toLowerCase())) continue;
    head.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return { head, raw: rawHead(status, head) };
}

/** What sendHead reads of Node's ServerResponse beyond its public API (Node 20 and 22 alike). */
interface NodeResponse {
  _header: string | null;
  shouldKeepAlive: boolean;
  sendDate: boolean;
  chunkedEncoding: boolean;
  maxRequestsOnConnectionReached?: boolean;
  _removedConnection?: boolean;
  _keepAliveTimeout?: number;
  _defaultKeepAlive?: boolean;
  _maxRequestsPerSocket?: number;
}

let dateSecond = -1;
let dateLine = '';
/** `Date: <IMF-fixdate>`, made once a second (as Node's own utcDate does). */
function currentDateLine(): string {
  const t = Date.now();
  const second = Math.floor(t / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

/**
 * Starts an answer whose head was made ahead of time as bytes (rawHead: a cache entry's when it is filled, a beacon's
 * answer once), so a request only adds the lines that belong to this connection (Date, Connection, Keep-Alive)
 * exactly as Node's own _storeHeader would, and hands Node the finished head. Node otherwise validates and joins every header again on every hit (a
 * tenth of a hit's time in the profile). Anything unusual about the connection (HTTP/1.0, Connection: close, the
 * socket's last request, a Node whose response object differs from what this expects) takes writeHead as usual.
 */
export function sendHead(res: ServerResponse, status: number, raw: string, head: readonly string[]): void {
  const r = res as unknown as NodeResponse;
  if (
    r._header === null &&
    r.shouldKeepAlive === true &&
    r.sendDate === true &&
    r.chunkedEncoding === false &&
    !r.maxRequestsOnConnectionReached &&
    !r._removedConnection &&
    r._defaultKeepAlive === true &&
    typeof r._keepAliveTimeout === 'number'
  ) {
    res.statusCode = status;
    const max = ~~(r._maxRequestsPerSocket ?? 0) > 0 ? `, max=${r._maxRequestsPerSocket}` : '';
    const keepAlive = r._keepAliveTimeout
      ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(r._keepAliveTimeout / 1000)}${max}\r\n`
      : 'Connection: keep-alive\r\n';
    r._header = `${raw}${currentDateLine()}${keepAlive}\r\n`;
    return;
  }
  res.writeHead(status, head as string[]);
}
