import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import {
  editorialNote,
  editorialNoteInput,
  editorialNoteUpdate,
  noteParams,
} from '../../../shared/schemas/corrections';
import { actorOf } from '../../plugins/admin-api';
import { presentEditorialNote } from './editorial-notes.presenter';
import type { EditorialNotesService } from './editorial-notes.service';

/** Every staff member; the service checks whose article it is. */
const WRITE = { permission: 'news.write' } as const;

export function editorialNotesAdminRoutes(service: EditorialNotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/news/:id/editorial-notes',
      { config: WRITE, schema: { params: idParam, response: { 200: z.array(editorialNote) } } },
      async (req) => (await service.list(actorOf(req), req.params.id)).map(presentEditorialNote),
    );

    app.post(
      '/news/:id/editorial-notes',
      { config: WRITE, schema: { params: idParam, body: editorialNoteInput, response: { 201: editorialNote } } },
      async (req, reply) =>
        reply.status(201).send(presentEditorialNote(await service.add(actorOf(req), req.params.id, req.body.text))),
    );

    app.patch(
      '/news/:id/editorial-notes/:noteId',
      { config: WRITE, schema: { params: noteParams, body: editorialNoteUpdate, response: { 200: editorialNote } } },
      async (req) =>
        presentEditorialNote(
          await service.setResolved(actorOf(req), req.params.id, req.params.noteId, req.body.resolved),
        ),
    );
  };
}
