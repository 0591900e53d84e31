import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mediaIdParam,
  mediaItem,
  mediaListQuery,
  mediaUpdateInput,
  mediaUploader,
} from '../../../shared/schemas/media';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import { mediaErrors } from './media.errors';
import { UPLOAD_MAX_BYTES } from '../../../shared/upload';
import { presentMediaItem } from './media.presenter';
import type { MediaService } from './media.service';

/** An upload's bound counts its body too: 10 MB over a slow mobile link takes minutes, not seconds. */
const UPLOAD_TIMEOUT_MS = 300_000;
const WRITE = { permission: 'media.upload' } as const;

export function mediaAdminRoutes(service: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

    /** The library: a page of pictures, newest first, by words, uploader and days. */
    app.get(
      '/media',
      { config: WRITE, schema: { querystring: mediaListQuery, response: { 200: z.array(mediaItem) } } },
      async (req, reply) => {
        const { page, pageSize, ...filter } = req.query;
        const result = await service.page(filter, { page, pageSize });
        return sendPage(reply, { ...result, items: result.items.map(presentMediaItem) });
      },
    );

    app.get('/media/uploaders', { config: WRITE, schema: { response: { 200: z.array(mediaUploader) } } }, async () =>
      service.uploaders(),
    );

    app.get(
      '/media/:id',
      { config: WRITE, schema: { params: mediaIdParam, response: { 200: mediaItem } } },
      async (req) => presentMediaItem(await service.get(req.params.id)),
    );

    /** A new picture; its caption, credit and source come filled in from its IPTC/XMP/EXIF fields. */
    app.post(
      '/media',
      {
        config: { ...WRITE, timeoutMs: UPLOAD_TIMEOUT_MS },
        schema: { response: { 201: mediaItem } },
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
        return reply.status(201).send(presentMediaItem(stored));
      },
    );

    app.put(
      '/media/:id',
      { config: WRITE, schema: { params: mediaIdParam, body: mediaUpdateInput, response: { 200: mediaItem } } },
      async (req) => presentMediaItem(await service.update(actorOf(req), req.params.id, req.body)),
    );

    app.delete(
      '/media/:id',
      { config: { permission: 'news.publish' }, schema: { params: mediaIdParam } },
      async (req, reply) => {
        await service.remove(actorOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
