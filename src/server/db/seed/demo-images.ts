/** Demo pictures drawn locally (no internet): abstract compositions in each section's colour, stored like uploads. */
import sharp from 'sharp';
import { MEDIA_WIDTHS, mediaUrl } from '../../../shared/media';
import { storeImage } from '../../modules/media/media.storage';
import type { MediaStore } from '../../modules/media/media.store';

export const DEMO_IMAGES_PER_CATEGORY = 4;

/** Stable ids so the seed is idempotent: the n-th demo image of a section always has the same id. */
export function demoImageId(categoryIndex: number, n: number): string {
  const hex = (categoryIndex * 16 + n).toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v * factor)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => ch(v).toString(16).padStart(2, '0')).join('')}`;
}

function demoSvg(color: string, seed: number): string {
  const rand = (() => {
    let s = seed * 9301 + 49297;
    return () => (s = (s * 9301 + 49297) % 233280) / 233280;
  })();
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const r = 60 + rand() * 260;
    shapes.push(
      `<circle cx="${Math.round(rand() * 1200)}" cy="${Math.round(rand() * 675)}" r="${Math.round(r)}" fill="#ffffff" fill-opacity="${(0.05 + rand() * 0.12).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < 5; i++) {
    const y = 380 + i * 46;
    shapes.push(
      `<rect x="${120 + Math.round(rand() * 80)}" y="${y}" width="${Math.round(420 + rand() * 520)}" height="18" rx="9" fill="#ffffff" fill-opacity="0.18"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${shade(color, 1.15)}"/><stop offset="1" stop-color="${shade(color, 0.45)}"/>
  </linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>${shapes.join('')}
  <rect x="120" y="150" width="360" height="150" rx="16" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="150" y="185" width="300" height="22" rx="11" fill="${color}"/><rect x="150" y="230" width="220" height="22" rx="11" fill="${shade(color, 0.7)}"/>
</svg>`;
}

/** Makes (or finds) the demo images of one section; returns their URLs. */
export async function ensureDemoImages(
  store: MediaStore,
  categoryIndex: number,
  color: string,
): Promise<{ id: string; url: string; bytes: number }[]> {
  const out: { id: string; url: string; bytes: number }[] = [];
  for (let n = 0; n < DEMO_IMAGES_PER_CATEGORY; n++) {
    const id = demoImageId(categoryIndex, n);
    const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
    if (await store.has(id, 'og.jpg')) {
      out.push({ id, url: mediaUrl(id, largest), bytes: 0 });
      continue;
    }
    const png = await sharp(Buffer.from(demoSvg(color, categoryIndex * 31 + n * 7 + 1)))
      .png()
      .toBuffer();
    const stored = await storeImage(png, store, id);
    out.push({ id, url: stored.url, bytes: stored.bytes });
  }
  return out;
}
