/**
 * POST /api/admin/media: one image (JPEG, PNG, GIF or WebP, checked by its content, not its name), at most
 * 10 MB; stored re-encoded as WebP at several widths. SVG and everything else are refused.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { mediaResponse } from '../../../shared/schemas/admin';
import { srcSetFor } from '../../../shared/media';
import type { Db } from '../../db/client';
import { media } from '../../db/schema/content';
import { AppError } from '../../errors';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import { storeImage } from './media.storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
const TOO_LARGE = 'حجم الصورة أكبر من 10 ميغابايت';
const WRONG_TYPE = 'نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP';
const NO_FILE = 'لم يتم إرسال أي صورة';

export function mediaRoutes(db: Db, dataDir: string) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

    app.post('/api/admin/media', { schema: { response: { 201: mediaResponse } } }, async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NO_FILE);
      const file = await req.file();
      if (!file) throw new AppError(400, 'NO_FILE', NO_FILE);
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'FILE_TOO_LARGE', TOO_LARGE);
        throw err;
      }
      const format = await sharp(buffer)
        .metadata()
        .then(
          (m) => m.format,
          () => undefined,
        );
      if (!format || !ACCEPTED.has(format)) throw new AppError(415, 'UNSUPPORTED_IMAGE', WRONG_TYPE);
      let stored;
      try {
        stored = await storeImage(buffer, dataDir);
      } catch {
        throw new AppError(422, 'IMAGE_UNREADABLE', 'تعذّرت قراءة الصورة؛ قد يكون الملف تالفاً');
      }
      await db.transaction(async (tx) => {
        await tx.insert(media).values({
          id: stored.id,
          originalName: file.filename.slice(0, 200),
          sourceType: format,
          width: stored.width,
          height: stored.height,
          widths: stored.widths,
          bytes: stored.bytes,
          createdBy: actorOf(req).id,
        });
        await audit(tx, actorOf(req), 'create', 'media', stored.id, { name: file.filename.slice(0, 200) });
      });
      return reply.status(201).send({
        id: stored.id,
        url: stored.url,
        width: stored.width,
        height: stored.height,
        srcset: srcSetFor(stored.url) ?? '',
      });
    });
  };
}
