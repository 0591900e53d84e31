/**
 * Uploaded images: one image (JPEG, PNG, GIF or WebP, judged by its content, not its name), at most 10 MB, stored
 * re-encoded as WebP at several widths plus a share image. SVG and everything else are refused.
 */
import sharp from 'sharp';
import type { Writer, Actor } from '../../lib/write';
import { mediaErrors } from './media.errors';
import type { MediaRepository } from './media.repository';
import { storeImage, type StoredImage } from './media.storage';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * 40 megapixels (a 7,700 × 5,200 photograph): a small file can describe a huge canvas (a 47 KB PNG of 7,000 × 7,000
 * took three seconds of CPU), so the pixel count is checked from the header before anything is decoded.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);

export function mediaService(deps: { repo: MediaRepository; write: Writer; dataDir: string; now: () => Date }) {
  const { repo, write, dataDir, now } = deps;
  return {
    async upload(actor: Actor, buffer: Buffer, filename: string): Promise<StoredImage> {
      if (buffer.length === 0) throw mediaErrors.empty();
      // The header alone (no pixel is decoded): type and size are judged before any real work.
      const meta = await Promise.resolve()
        .then(() => sharp(buffer).metadata())
        .catch(() => undefined);
      const format = meta?.format;
      if (!format || !ACCEPTED.has(format)) throw mediaErrors.wrongType();
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) throw mediaErrors.tooManyPixels();
      let stored: StoredImage;
      try {
        stored = await storeImage(buffer, dataDir);
      } catch {
        throw mediaErrors.unreadable();
      }
      const name = filename.slice(0, 200);
      return write(actor, async (tx) => {
        await repo.insert(
          {
            id: stored.id,
            originalName: name,
            sourceType: format,
            width: stored.width,
            height: stored.height,
            widths: stored.widths,
            bytes: stored.bytes,
            createdBy: actor.id,
            createdAt: now(),
          },
          tx,
        );
        return {
          value: stored,
          audit: { action: 'create', entity: 'media', entityId: stored.id, details: { name } },
          tags: [],
        };
      });
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
