/**
 * Uploaded images: one image (JPEG, PNG, GIF or WebP, judged by its content, not its name), at most 10 MB, stored
 * re-encoded as WebP at several widths plus a share image. SVG and everything else are refused. A row exists only
 * with its files: files are written first (all or none) and removed again if the row cannot be written; a delete
 * removes the row, then the files.
 */
import sharp from 'sharp';
import type { Writer, Actor } from '../../lib/write';
import { mediaErrors } from './media.errors';
import type { MediaRepository } from './media.repository';
import { renderImage, type StoredImage } from './media.storage';
import type { MediaStore } from './media.store';
/**
 * 40 megapixels (a 7,700 × 5,200 photograph): a small file can describe a huge canvas (a 47 KB PNG of 7,000 × 7,000
 * took three seconds of CPU), so the pixel count is checked from the header before anything is decoded.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);

export function mediaService(deps: {
  repo: MediaRepository;
  write: Writer;
  store: MediaStore;
  now: () => Date;
  log?: { warn: (o: object, m: string) => void };
}) {
  const { repo, write, store, now } = deps;
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
      let rendered: Awaited<ReturnType<typeof renderImage>>;
      try {
        rendered = await renderImage(buffer);
      } catch {
        throw mediaErrors.unreadable();
      }
      const { image: stored, files } = rendered;
      try {
        await store.putImage(stored.id, files);
      } catch (err) {
        deps.log?.warn({ err, driver: store.kind }, 'media storage refused an upload');
        throw mediaErrors.storageUnavailable();
      }
      const name = filename.slice(0, 200);
      try {
        return await write(actor, async (tx) => {
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
      } catch (err) {
        // No files without their row.
        await store.deleteImage(stored.id).catch(() => {});
        throw err;
      }
    },

    /** Deletes an image no article, revision, autosave or staff photo uses (409 otherwise), then its files. */
    async remove(actor: Actor, id: string): Promise<void> {
      await write(actor, async (tx) => {
        const row = await repo.findForUpdate(id, tx);
        if (!row) throw mediaErrors.notFound();
        if (await repo.isUsed(id, tx)) throw mediaErrors.inUse();
        await repo.delete(id, tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'media', entityId: id, details: { name: row.originalName } },
          tags: [],
        };
      });
      // After the commit: if this fails the files stay as unreferenced leftovers, never a row without its files.
      await store.deleteImage(id).catch((err) => deps.log?.warn({ err, id }, 'media files left after a delete'));
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
