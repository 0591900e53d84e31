/**
 * Viewable-impression beacons answered before Fastify, as article views are (views/views.fast-path.ts): a page sends
 * a few a minute, and one hot page is tens of thousands of readers. A beacon with a small JSON body of the expected
 * shape is read, counted (ads.counter.ts, through the service's own rules: bots and unknown creatives are not
 * counted) and answered 204 with the very headers Fastify sent for the route's last answer (learnt from it). Anything
 * else — a body that is not valid, one without a length or too long, a lookup that fails, a stop under way — goes
 * through the app itself (its route, validation and Arabic errors) with the body read, by app.inject, and that answer
 * is relayed as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { adImpressionsBeacon } from '../../../shared/schemas/ads';
import { learnedHead, sendHead } from '../../lib/raw-head';
import type { AdsService } from './ads.service';

export const IMPRESSIONS_PATH = '/api/ads/impressions';
/** A beacon's body is a few dozen bytes a box; more than this goes through the app (which limits bodies itself). */
const MAX_BODY = 4096;

export interface ImpressionFastPath {
  learn(headers: Record<string, unknown>): void;
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  close(): void;
  readonly answered: number;
}

export function impressionFastPath(deps: {
  service: Pick<AdsService, 'impressions'>;
  /** The app itself, for whatever this path does not answer. */
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  onAnswered?: (method: string, route: string, pathname: string, status: number, seconds: number) => void;
}): ImpressionFastPath {
  let head: string[] | undefined;
  let raw = '';
  let closed = false;
  let answered = 0;

  async function viaApp(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    try {
      const r = await deps.inject({
        method: 'POST',
        url: IMPRESSIONS_PATH,
        headers: req.headers as Record<string, string>,
        payload: body,
      });
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(r.headers))
        if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding')
          headers[k] = Array.isArray(v) ? v : String(v);
      res.writeHead(r.statusCode, headers);
      res.end(r.rawPayload);
    } catch {
      res.destroy();
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, body: string, started: number): Promise<void> {
    let beacon;
    try {
      const parsed = adImpressionsBeacon.safeParse(JSON.parse(body));
      if (!parsed.success) return viaApp(req, res, body);
      beacon = parsed.data;
    } catch {
      return viaApp(req, res, body);
    }
    try {
      await deps.service.impressions(beacon, req.headers['user-agent']);
    } catch {
      // The database was needed (a creative not seen yet) and failed: the app's own answer (its Arabic 503).
      return viaApp(req, res, body);
    }
    sendHead(res, 204, raw, head!);
    res.end();
    answered++;
    deps.onAnswered?.('POST', IMPRESSIONS_PATH, IMPRESSIONS_PATH, 204, (performance.now() - started) / 1000);
  }

  return {
    learn(headers) {
      if (head) return;
      ({ head, raw } = learnedHead(204, headers));
    },
    handle(req, res) {
      if (closed || !head || req.method !== 'POST' || req.url !== IMPRESSIONS_PATH) return false;
      const type = req.headers['content-type'];
      const length = Number(req.headers['content-length']);
      if (!type?.startsWith('application/json') || !(length > 0 && length <= MAX_BODY)) return false;
      const started = deps.onAnswered ? performance.now() : 0;
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => void answer(req, res, body, started));
      req.on('error', () => res.destroy());
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
