/**
 * Files: the built browser bundle (hashed names, precompressed .br/.gz beside each file at build time, served with
 * the encoding the browser accepts and cached for a year) and uploaded images from the media store: from disk for
 * the `local` driver, streamed from the bucket for `s3` (every instance serves every image; a CDN in front, or
 * MEDIA_PUBLIC_URL, takes that load off the app). Image files never change, so they are cached for a year too.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_FILE, MEDIA_ID, type MediaStore } from '../modules/media/media.store';
import { CLIENT_DIST } from '../ssr/assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerStatic(app: FastifyInstance, store: MediaStore): Promise<void> {
  if (fs.existsSync(path.join(CLIENT_DIST, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(CLIENT_DIST, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      preCompressed: true,
      decorateReply: false,
    });
  }
  if (store.dir) {
    await app.register(fastifyStatic, {
      root: store.dir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
    return;
  }
  app.get<{ Params: { id: string; file: string } }>('/media/:id/:file', async (req, reply) => {
    const { id, file } = req.params;
    const obj = MEDIA_ID.test(id) && MEDIA_FILE.test(file) ? await store.get(id, file) : undefined;
    if (!obj) return reply.callNotFound();
    if (obj.etag && req.headers['if-none-match'] === obj.etag) {
      obj.body.destroy();
      return reply.status(304).header('etag', obj.etag).header('cache-control', IMMUTABLE).send();
    }
    reply.header('content-type', obj.contentType).header('cache-control', IMMUTABLE);
    if (obj.etag) reply.header('etag', obj.etag);
    if (obj.length !== undefined) reply.header('content-length', obj.length);
    return reply.send(obj.body);
  });
}
