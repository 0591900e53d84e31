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
import { MESSAGES } from '../errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Images may be shown by other origins (a CDN's address in MEDIA_PUBLIC_URL): not the site-wide same-origin CORP. */
const CROSS_ORIGIN = 'cross-origin';

/**
 * If-Range with a weak validator (`W/"…"`) never matches (RFC 9110 §13.1.5: only a strong validator can), so the
 * answer is the whole file with 200, not a range of it; send (@fastify/static) would compare it as if it were strong.
 * A client may not send one, but a broken one that does must not get pieces of two versions glued together.
 */
export function weakIfRange(headers: { 'if-range'?: string; range?: string }): boolean {
  const ifRange = headers['if-range'];
  return ifRange !== undefined && headers.range !== undefined && /^\s*W\//.test(ifRange);
}

export async function registerStatic(app: FastifyInstance, store: MediaStore): Promise<void> {
  app.addHook('onRequest', (req, _reply, done) => {
    if (weakIfRange(req.headers) && (req.url.startsWith('/assets/') || req.url.startsWith('/media/')))
      delete req.headers.range;
    done();
  });
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
      setHeaders: (reply) => void reply.header('cross-origin-resource-policy', CROSS_ORIGIN),
    });
    return;
  }
  app.get<{ Params: { id: string; file: string } }>('/media/:id/:file', async (req, reply) => {
    const { id, file } = req.params;
    if (!MEDIA_ID.test(id) || !MEDIA_FILE.test(file)) return reply.callNotFound();
    let obj;
    try {
      obj = await store.get(id, file);
    } catch (err) {
      // The bucket is unreachable or refused: say so (and that it will pass), never a 500; nothing is cached.
      req.log.warn({ err, id, file }, 'media storage unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .header('cache-control', 'no-store')
        .send({ message: MESSAGES.unavailable, code: 'UNAVAILABLE', requestId: String(req.id) });
    }
    if (!obj) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).header('cross-origin-resource-policy', CROSS_ORIGIN);
    if (obj.etag) reply.header('etag', obj.etag);
    if (obj.etag && req.headers['if-none-match'] === obj.etag) {
      obj.body.destroy(); // nothing of the body is sent: stop reading it from the bucket
      return reply.status(304).send();
    }
    reply.header('content-type', obj.contentType);
    if (obj.length !== undefined) reply.header('content-length', obj.length);
    return reply.send(obj.body);
  });
}
