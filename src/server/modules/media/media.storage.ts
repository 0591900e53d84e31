/**
 * Image storage: every image is re-encoded to WebP at a few widths (never wider than the original) and
 * written to <dataDir>/media/<id>/<width>.webp, plus og.jpg (1200×630) for share previews. Re-encoding drops metadata (EXIF, GPS) and anything that
 * is not pixels. Files are written to a temporary folder and renamed into place, so a crash leaves no
 * half-written image behind.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_WIDTHS, mediaUrl } from '../../../shared/media';

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  sourceType: string;
  /** URL of the largest rendition: what news.image_url stores. */
  url: string;
}

/** sharp's own bound, a second line behind the upload check (media.service.ts's MAX_UPLOAD_PIXELS). */
const MAX_STORED_PIXELS = 40_000_000;

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export async function storeImage(input: Buffer, dataDir: string, id: string = randomUUID()): Promise<StoredImage> {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_STORED_PIXELS }).rotate();
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw new Error('image has no dimensions');
  const orientedSwap = (meta.orientation ?? 1) >= 5;
  const width = orientedSwap ? meta.height : meta.width;
  const height = orientedSwap ? meta.width : meta.height;
  // Every width is always written (a small original is not enlarged), so any stored image's URLs follow one pattern.
  const widths = [...MEDIA_WIDTHS];
  const finalDir = path.join(mediaDir(dataDir), id);
  const tmpDir = `${finalDir}.tmp-${process.pid}`;
  await fs.rm(tmpDir, { recursive: true, force: true });
  await fs.mkdir(tmpDir, { recursive: true });
  let bytes = 0;
  try {
    for (const w of widths) {
      const out = await image
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      bytes += out.length;
      await fs.writeFile(path.join(tmpDir, `${w}.webp`), out);
    }
    const og = await image
      .clone()
      .resize({ width: 1200, height: 630, fit: 'cover', position: 'attention' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    bytes += og.length;
    await fs.writeFile(path.join(tmpDir, 'og.jpg'), og);
    await fs.rm(finalDir, { recursive: true, force: true });
    await fs.rename(tmpDir, finalDir);
  } catch (err) {
    await fs.rm(tmpDir, { recursive: true, force: true });
    throw err;
  }
  const largest = widths[widths.length - 1]!;
  return { id, width, height, widths, bytes, sourceType: meta.format ?? 'unknown', url: mediaUrl(id, largest) };
}
