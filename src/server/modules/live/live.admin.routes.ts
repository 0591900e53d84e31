import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMessage } from '../../../shared/schemas/admin';
import { idParam } from '../../../shared/schemas/common';
import {
  adminLiveCoverage,
  liveDesk,
  liveDeskQuery,
  liveEntry,
  liveEntryInput,
  liveEntryParams,
  liveEntryUpdate,
  livePinInput,
  liveStart,
  liveStateInput,
} from '../../../shared/schemas/live';
import { actorOf } from '../../plugins/admin-api';
import { presentAdminCoverage, presentLiveChange, presentLiveEntry } from './live.presenter';
import type { LiveService } from './live.service';

/** Every staff member who writes may open the desk; the service checks who may do what to which coverage. */
const WRITE = { permission: 'news.write' } as const;
const pinned = z.object({ pinnedId: z.number().int().nullable(), seq: z.number().int() });

export function liveAdminRoutes(service: LiveService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/live', { config: WRITE, schema: { response: { 200: z.array(adminLiveCoverage) } } }, async (req) =>
      (await service.list(actorOf(req))).map(presentAdminCoverage),
    );
    app.post(
      '/live',
      { config: WRITE, schema: { body: liveStart, response: { 201: adminLiveCoverage } } },
      async (req, reply) =>
        reply.status(201).send(presentAdminCoverage(await service.start(actorOf(req), req.body.newsId))),
    );
    app.get(
      '/live/:id',
      { config: WRITE, schema: { params: idParam, querystring: liveDeskQuery, response: { 200: liveDesk } } },
      async (req) => {
        const d = await service.desk(actorOf(req), req.params.id, req.query.since);
        return {
          coverage: {
            ...presentAdminCoverage(d.coverage),
            pinnedId: d.coverage.pinnedEntryId,
            seq: d.coverage.lastSeq,
          },
          changes: d.changes.map((c) => presentLiveChange(c, d.coverage.pinnedEntryId)),
        };
      },
    );
    app.put(
      '/live/:id/state',
      { config: WRITE, schema: { params: idParam, body: liveStateInput, response: { 200: adminLiveCoverage } } },
      async (req) => presentAdminCoverage(await service.setState(actorOf(req), req.params.id, req.body.state)),
    );
    app.put(
      '/live/:id/pin',
      { config: WRITE, schema: { params: idParam, body: livePinInput, response: { 200: pinned } } },
      async (req) => service.pin(actorOf(req), req.params.id, req.body.entryId),
    );
    app.post(
      '/live/:id/entries',
      { config: WRITE, schema: { params: idParam, body: liveEntryInput, response: { 201: liveEntry } } },
      async (req, reply) => {
        const { row, pinnedId } = await service.post(actorOf(req), req.params.id, req.body);
        return reply.status(201).send(presentLiveEntry(row, pinnedId));
      },
    );
    app.put(
      '/live/:id/entries/:entryId',
      { config: WRITE, schema: { params: liveEntryParams, body: liveEntryUpdate, response: { 200: liveEntry } } },
      async (req) => {
        const { row, pinnedId } = await service.edit(actorOf(req), req.params.id, req.params.entryId, req.body);
        return presentLiveEntry(row, pinnedId);
      },
    );
    app.delete(
      '/live/:id/entries/:entryId',
      { config: WRITE, schema: { params: liveEntryParams, response: { 200: okMessage } } },
      async (req) => {
        await service.remove(actorOf(req), req.params.id, req.params.entryId);
        return { message: 'حُذف التحديث' };
      },
    );
  };
}
