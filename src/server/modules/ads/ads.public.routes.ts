/**
 * What readers' pages ask of advertising: the placements (rendered with the page), the creatives that may fill them
 * now (one small cacheable answer per section; the browser picks by weight), viewable impressions in batches, the
 * first-party click redirect, and an ad network's code in a sandboxed frame of its own.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import {
  adClickQuery,
  adImpressionsBeacon,
  adPlacementParams,
  adPlacementPublic,
  adsServed,
  adsServedQuery,
} from '../../../shared/schemas/ads';
import type { RouteCache } from '../../plugins/cache/route-cache';
import { IMPRESSIONS_PATH, type ImpressionFastPath } from './ads.fast-path';
import { presentPlacement } from './ads.presenter';
import type { AdsService } from './ads.service';

/** Pages carry the placements: they are rendered with them, and dropped when an admin changes one. */
const PLACEMENTS_CACHE = { tags: ['ad-placements'], ttl: 300, browserTtl: 60 } as const satisfies RouteCache;
/**
 * Short-lived, so a campaign starts and ends by itself within a minute (here, at a CDN, in a browser), and never
 * served stale: it is cheap to make and wrong when late. Dropped on every campaign change and at a daily cap.
 */
const SERVED_CACHE = {
  tags: ['ads'],
  ttl: 30,
  browserTtl: 30,
  staleWhileRevalidate: 0,
} as const satisfies RouteCache;

/**
 * The network's frame: its own document, in an opaque origin (sandbox without allow-same-origin), so its scripts
 * reach neither the reader's page nor this site's cookies or storage; only this site may frame it.
 */
export const AD_FRAME_CSP =
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'";

const frameDocument = (code: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
  `<style>html,body{margin:0;padding:0;overflow:hidden;background:transparent}</style></head><body>${code}</body></html>`;

export function adsPublicRoutes(service: AdsService, fast?: ImpressionFastPath): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/ads/placements',
      { schema: { response: { 200: z.array(adPlacementPublic) } }, config: { cache: PLACEMENTS_CACHE } },
      async () => (await service.placements()).map(presentPlacement),
    );

    app.get(
      '/api/ads',
      { schema: { querystring: adsServedQuery, response: { 200: adsServed } }, config: { cache: SERVED_CACHE } },
      async (req) => ({ slots: await service.served(req.query.section) }),
    );

    /**
     * Viewable impressions a page saw (half the box in view for a second), a few at a time; 204 once counted. Once
     * answered here, the same beacons are answered before Fastify (ads.fast-path.ts) with the headers learnt here.
     */
    app.post(
      IMPRESSIONS_PATH,
      {
        schema: { body: adImpressionsBeacon },
        onSend: async (_req, reply, payload) => {
          if (fast && reply.statusCode === 204) fast.learn(reply.getHeaders());
          return payload;
        },
      },
      async (req, reply) => {
        await service.impressions(req.body, req.headers['user-agent']);
        return reply.header('cache-control', 'no-store').status(204).send();
      },
    );

    /** A click: counted, then sent on to the campaign's own address (never anywhere a request names). */
    app.get('/ads/click/:id', { schema: { params: idParam, querystring: adClickQuery } }, async (req, reply) => {
      const url = await service.click(req.params.id, {
        placement: req.query.p,
        device: req.query.d,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').redirect(url, 302);
    });

    app.get('/ads/frame/:key', { schema: { params: adPlacementParams } }, async (req, reply) => {
      const code = await service.networkCode(req.params.key);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', AD_FRAME_CSP)
        .header('cache-control', 'public, max-age=30')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(frameDocument(code));
    });
  };
}
