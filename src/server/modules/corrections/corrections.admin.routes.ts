import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { noteInput, noteParams, noteRemoval, staffNote } from '../../../shared/schemas/corrections';
import { actorOf } from '../../plugins/admin-api';
import { presentStaffNote } from './corrections.presenter';
import type { CorrectionsService } from './corrections.service';

/** Notes told to readers: editors and admins. */
const PUBLISH = { permission: 'news.publish' } as const;

export function correctionsAdminRoutes(service: CorrectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/news/:id/notes',
      { config: { permission: 'news.write' }, schema: { params: idParam, response: { 200: z.array(staffNote) } } },
      async (req) => (await service.staffNotes(req.params.id)).map(presentStaffNote),
    );

    app.post(
      '/news/:id/notes',
      { config: PUBLISH, schema: { params: idParam, body: noteInput, response: { 201: staffNote } } },
      async (req, reply) =>
        reply.status(201).send(presentStaffNote(await service.add(actorOf(req), req.params.id, req.body))),
    );

    /** A removal keeps the note with its dated trace (a reason is required). */
    app.post(
      '/news/:id/notes/:noteId/remove',
      { config: PUBLISH, schema: { params: noteParams, body: noteRemoval, response: { 200: z.array(staffNote) } } },
      async (req) => {
        await service.remove(actorOf(req), req.params.id, req.params.noteId, req.body.reason);
        return (await service.staffNotes(req.params.id)).map(presentStaffNote);
      },
    );
  };
}
