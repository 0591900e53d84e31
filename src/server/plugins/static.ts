/**
 * Files from disk: the built browser bundle (hashed names, precompressed .br/.gz beside each file at build time,
 * served with the encoding the browser accepts and cached for a year) and uploaded images.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLIENT_DIST } from '../ssr/assets';
import { mediaDir } from '../modules/media/media.storage';

export async function registerStatic(app: FastifyInstance, dataDir: string): Promise<void> {
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
  fs.mkdirSync(mediaDir(dataDir), { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir(dataDir),
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
  });
}
