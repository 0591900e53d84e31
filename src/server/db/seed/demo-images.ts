/**
 * Demo pictures, drawn locally (no internet, no stock photography): one editorial illustration per demo story, of
 * the subject its motif names (demo-motifs.ts), with a palette, composition and background of its own derived from
 * the story's index (demo-art.ts, demo-art-motifs.ts). SVG rendered by sharp (librsvg), then stored like an upload.
 */
import sharp from 'sharp';
import { MEDIA_WIDTHS, mediaUrl } from '../../../shared/media';
import { storeImage } from '../../modules/media/media.storage';
import type { MediaStore } from '../../modules/media/media.store';
import { ART_HEIGHT, ART_WIDTH } from './demo-art';
import { demoIllustrationSvg } from './demo-art-motifs';
import type { DemoMotif } from './demo-motifs';

/** Stable ids so the seed is idempotent: the picture of the n-th demo story always has the same id. */
export function demoImageId(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`bad demo image index ${index}`);
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/** Draws and stores a story's picture, or finds it already stored (then nothing is drawn). */
export async function ensureDemoImage(
  store: MediaStore,
  index: number,
  illustration: { motif: DemoMotif; section: string; color: string; city?: string; alt: string },
): Promise<{ id: string; url: string; bytes: number; width: number; height: number }> {
  const id = demoImageId(index);
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
  if (await store.has(id, 'og.jpg')) {
    return {
      id,
      url: mediaUrl(id, largest),
      bytes: await storedBytes(store, id),
      width: ART_WIDTH,
      height: ART_HEIGHT,
    };
  }
  const svg = demoIllustrationSvg(index, illustration);
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const stored = await storeImage(png, store, id);
  return { id, url: stored.url, bytes: stored.bytes, width: stored.width, height: stored.height };
}

/** The size of an image's stored files (every width and the share image), without reading them. */
async function storedBytes(store: MediaStore, id: string): Promise<number> {
  let total = 0;
  for (const name of [...MEDIA_WIDTHS.map((w) => `${w}.webp`), 'og.jpg']) {
    const obj = await store.get(id, name);
    if (!obj) continue;
    // Only the size is wanted: the stream is closed unread (an error while closing it does not matter).
    obj.body.on('error', () => {});
    obj.body.destroy();
    total += obj.length ?? 0;
  }
  return total;
}
