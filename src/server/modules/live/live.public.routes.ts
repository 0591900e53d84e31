import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { liveEntriesPage, liveEntriesQuery, liveSnapshot, liveUpdates } from '../../../shared/schemas/live';
import { tag } from '../../lib/cache-tags';
import type { RouteCache } from '../../plugins/cache/route-cache';
import { nextCursor, presentLiveChange, presentLiveCoverage, presentLiveEntry } from './live.presenter';
import type { LiveService } from './live.service';

/**
 * Dropped on every change of the coverage (tag live:<id>), here, in every instance and at the CDN; browsers always
 * revalidate (an unchanged poll is a 304).
 */
const LIVE_CACHE = { tags: [], ttl: 60, browserTtl: 0, staleWhileRevalidate: 5 } as const satisfies RouteCache;

export function livePublicRoutes(service: LiveService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/live/:id',
      { schema: { params: idParam, response: { 200: liveSnapshot } }, config: { cache: LIVE_CACHE } },
      async (req, reply) => {
        // An ordinary article's answer changes only if it becomes coverage (which drops its article tag).
        reply.cacheTags(tag.live(req.params.id), tag.article(req.params.id));
        const s = await service.snapshot(req.params.id);
        if (!s) return { coverage: null, pinned: null, entries: [], next: null };
        const pinnedId = s.coverage.pinnedEntryId;
        return {
          coverage: presentLiveCoverage(s.coverage, s.keyEvents),
          pinned: s.pinned ? presentLiveEntry(s.pinned, pinnedId) : null,
          entries: s.entries.map((e) => presentLiveEntry(e, pinnedId)),
          next: nextCursor(s.entries, s.more),
        };
      },
    );

    app.get(
      '/api/live/:id/entries',
      {
        schema: { params: idParam, querystring: liveEntriesQuery, response: { 200: liveEntriesPage } },
        config: { cache: LIVE_CACHE },
      },
      async (req, reply) => {
        reply.cacheTags(tag.live(req.params.id));
        const page = await service.older(req.params.id, req.query.before);
        // The pinned mark is the poll's business; older pages show entries as they are.
        return {
          entries: page.entries.map((e) => presentLiveEntry(e, null)),
          next: nextCursor(page.entries, page.more),
        };
      },
    );

    app.get(
      '/api/live/:id/updates',
      { schema: { params: idParam, response: { 200: liveUpdates } }, config: { cache: LIVE_CACHE } },
      async (req, reply) => {
        reply.cacheTags(tag.live(req.params.id));
        const u = await service.updates(req.params.id);
        const pinnedId = u.coverage.pinnedEntryId;
        return {
          coverage: presentLiveCoverage(u.coverage, u.keyEvents),
          since: u.since,
          changes: u.changes.map((c) => presentLiveChange(c, pinnedId)),
        };
      },
    );
  };
}
