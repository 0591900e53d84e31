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
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);

export function mediaService(deps: { repo: MediaRepository; write: Writer; dataDir: string; now: () => Date }) {
  const { repo, write, dataDir, now } = deps;
  return {
    async upload(actor: Actor, buffer: Buffer, filename: string): Promise<StoredImage> {
      const format = await sharp(buffer)
        .metadata()
        .then(
          (m) => m.format,
          () => undefined,
        );
      if (!format || !ACCEPTED.has(format)) throw mediaErrors.wrongType();
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
