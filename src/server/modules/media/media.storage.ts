/**
 * Image processing: every image is re-encoded to WebP at a few widths (never wider than the original), plus og.jpg
 * (1200×630) for share previews, and handed to the media store (media.store.ts: local disk or S3) as <id>/<file>.
 * Re-encoding drops metadata (EXIF, GPS) and anything that is not pixels.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_WIDTHS, mediaUrl } from '../../../shared/media';
import { CONTENT_TYPES, type MediaFile, type MediaStore } from './media.store';

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

/** Every file of one image, made in memory (nothing is written): the store then writes them all or none. */
export async function renderImage(
  input: Buffer,
  id: string = randomUUID(),
): Promise<{ image: StoredImage; files: MediaFile[] }> {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_STORED_PIXELS }).rotate();
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw new Error('image has no dimensions');
  const orientedSwap = (meta.orientation ?? 1) >= 5;
  const width = orientedSwap ? meta.height : meta.width;
  const height = orientedSwap ? meta.width : meta.height;
  // Every width is always written (a small original is not enlarged), so any stored image's URLs follow one pattern.
  const widths = [...MEDIA_WIDTHS];
  const files: MediaFile[] = [];
  for (const w of widths) {
    const body = await image
      .clone()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
    files.push({ name: `${w}.webp`, body, contentType: CONTENT_TYPES.webp });
  }
  const og = await image
    .clone()
    .resize({ width: 1200, height: 630, fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  files.push({ name: 'og.jpg', body: og, contentType: CONTENT_TYPES.jpg });
  const bytes = files.reduce((n, f) => n + f.body.length, 0);
  const largest = widths[widths.length - 1]!;
  return {
    image: { id, width, height, widths, bytes, sourceType: meta.format ?? 'unknown', url: mediaUrl(id, largest) },
    files,
  };
}

/** Renders an image and writes its files (the demo seed; uploads go through media.service.ts). */
export async function storeImage(input: Buffer, store: MediaStore, id?: string): Promise<StoredImage> {
  const { image, files } = await renderImage(input, id);
  await store.putImage(image.id, files);
  return image;
}

/**
 * The 1200×630 share image cut around a focal point (percent of width and height), from the image's 1200-wide
 * rendition (originals are not kept: their metadata never is either). The window is as centred on the point as the
 * picture allows.
 */
export async function renderFocusedOg(rendition: Buffer, focusX: number, focusY: number): Promise<Buffer> {
  const meta = await sharp(rendition).metadata();
  const w = meta.width ?? 1200;
  const h = meta.height ?? 630;
  const scale = Math.max(1200 / w, 630 / h);
  const W = Math.max(1200, Math.round(w * scale));
  const H = Math.max(630, Math.round(h * scale));
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
  const left = clamp((focusX / 100) * W - 600, W - 1200);
  const top = clamp((focusY / 100) * H - 315, H - 630);
  return sharp(rendition)
    .resize(W, H)
    .extract({ left, top, width: 1200, height: 630 })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
