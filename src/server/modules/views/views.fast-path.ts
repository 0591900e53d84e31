/**
 * View beacons (SPEC: one POST /api/news/:id/view per opening of an article) answered before Fastify, as cache hits
 * are: a beacon for an article this instance already knows to be visible is counted and answered at once, with the
 * very headers Fastify sent for the route's last answer (learnt from it, so security headers and content type stay
 * whatever the app sets) and the same JSON. Anything else — an article not known yet (its first beacon looks it up),
 * a body, a malformed id, a stop under way — goes to Fastify and its route as usual.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { learnedHead, sendHead } from '../../lib/raw-head';
import type { ViewCounter } from './view-counter';

const PREFIX = '/api/news/';
const SUFFIX = '/view';
/** The ids idParam accepts: a positive 32-bit integer in plain decimal digits. */
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export interface BeaconFastPath {
  /** Learns the headers of the route's answer (its onSend hook, for a 200). */
  learn(headers: Record<string, unknown>): void;
  /** Answers a beacon it can count at once; false when Fastify must handle the request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Stops answering (while draining, Fastify answers every request with its 503). */
  close(): void;
  /** Beacons answered here so far (tests, metrics). */
  readonly answered: number;
}

export function beaconFastPath(deps: {
  counter: Pick<ViewCounter, 'viewIfKnown'>;
  /** A beacon answered here (metrics): seconds taken. */
  onAnswered?: (method: string, route: string, pathname: string, status: number, seconds: number) => void;
}): BeaconFastPath {
  let head: string[] | undefined;
  let raw = '';
  let closed = false;
  let answered = 0;

  /** No body: no Transfer-Encoding, and a Content-Length of 0 if any (a browser's fetch and sendBeacon send that). */
  function bodiless(rawHeaders: string[]): boolean {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!;
      if (name.length === 14 && name.toLowerCase() === 'content-length' && rawHeaders[i + 1]!.trim() !== '0')
        return false;
      if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') return false;
    }
    return true;
  }

  return {
    learn(headers) {
      if (head) return;
      ({ head, raw } = learnedHead(200, headers));
    },
    handle(req, res) {
      const url = req.url;
      if (closed || !head || req.method !== 'POST' || !url || !url.startsWith(PREFIX) || !url.endsWith(SUFFIX))
        return false;
      const digits = url.slice(PREFIX.length, -SUFFIX.length);
      if (!ID.test(digits)) return false;
      const id = Number(digits);
      if (id > MAX_ID || !bodiless(req.rawHeaders)) return false;
      const started = deps.onAnswered ? performance.now() : 0;
      const views = deps.counter.viewIfKnown(id);
      if (views === undefined) return false;
      const body = `{"id":${id},"views":${views}}`;
      const length = String(Buffer.byteLength(body));
      sendHead(res, 200, `${raw}content-length: ${length}\r\n`, [...head, 'content-length', length]);
      res.end(body);
      answered++;
      deps.onAnswered?.('POST', `${PREFIX}:id${SUFFIX}`, url, 200, (performance.now() - started) / 1000);
      return true;
    },
    close() {
      closed = true;
    },
    get answered() {
      return answered;
    },
  };
}
