import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaResponse } from '../../../shared/schemas/admin';
import { srcSetFor } from '../../../shared/media';
import { actorOf } from '../../plugins/admin-api';
import { mediaErrors } from './media.errors';
import { UPLOAD_MAX_BYTES } from '../../../shared/upload';
import type { MediaService } from './media.service';

/** An upload's bound counts its body too: 10 MB over a slow mobile link takes minutes, not seconds. */
const UPLOAD_TIMEOUT_MS = 300_000;

export function mediaAdminRoutes(service: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

    app.post(
      '/media',
      {
        config: { permission: 'media.upload', timeoutMs: UPLOAD_TIMEOUT_MS },
        schema: { response: { 201: mediaResponse } },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw mediaErrors.noFile(415);
        const file = await req.file();
        if (!file) throw mediaErrors.noFile();
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw mediaErrors.tooLarge();
          throw err;
        }
        const stored = await service.upload(actorOf(req), buffer, file.filename);
        return reply.status(201).send({
          id: stored.id,
          url: stored.url,
          width: stored.width,
          height: stored.height,
          srcset: srcSetFor(stored.url) ?? '',
        });
      },
    );

    app.delete(
      '/media/:id',
      { config: { permission: 'news.publish' }, schema: { params: z.object({ id: z.uuid() }) } },
      async (req, reply) => {
        await service.remove(actorOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
