/**
 * The app's icons, drawn by sharp from the site's mark (lib/brand.ts) at every size the web app manifest
 * lists, once per process: the rounded tile for `any`; for `maskable` and iOS's home screen the glyph inside the safe
 * circle (80% of the width) on a full-bleed tile, since the phone cuts its own shape; a white glyph on transparency for
 * the notification badge (Android draws it in one colour from its alpha).
 */
import sharp from 'sharp';
import { BRAND_BLUE, BRAND_GLYPH, BRAND_MARK_SVG } from '../../lib/brand';

/** `any` icons: the sizes Android, Windows and desktop Chromium ask for. */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
/** `maskable` icons (Android's adaptive icons). */
export const MASKABLE_SIZES = [192, 512] as const;
export const APPLE_TOUCH_ICON = 'apple-touch-icon.png';
export const BADGE_ICON = 'badge-96.png';

const sized = (svg: string, size: number) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
/**
 * The glyph at 90%, its box (18–50 × 20–48) centred: its farthest corner is 19 units from the middle, inside the
 * maskable safe zone (a circle of radius 25.6 in 64).
 */
const centredGlyph = (fill?: string) =>
  `<g transform="translate(1.4 1.4) scale(0.9)">${fill ? BRAND_GLYPH.replace(/fill="#[0-9a-f]+"/g, `fill="${fill}"`) : BRAND_GLYPH}</g>`;
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND_BLUE}"/>${centredGlyph()}</svg>`;
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${centredGlyph('#fff')}</svg>`;

/** The drawing behind each icon file name, with its pixel size; undefined for a name that is no icon. */
function drawingOf(file: string): { svg: string; size: number } | undefined {
  const any = /^icon-(\d+)\.png$/.exec(file);
  if (any && (ICON_SIZES as readonly number[]).includes(Number(any[1])))
    return { svg: BRAND_MARK_SVG, size: Number(any[1]) };
  const maskable = /^maskable-(\d+)\.png$/.exec(file);
  if (maskable && (MASKABLE_SIZES as readonly number[]).includes(Number(maskable[1])))
    return { svg: fullBleed, size: Number(maskable[1]) };
  if (file === APPLE_TOUCH_ICON) return { svg: fullBleed, size: 180 };
  if (file === BADGE_ICON) return { svg: badge, size: 96 };
  return undefined;
}

export function iconRenderer() {
  const made = new Map<string, Promise<Buffer>>();
  return {
    /** The PNG of one icon file (made the first time it is asked for), or undefined when there is no such icon. */
    png(file: string): Promise<Buffer> | undefined {
      const drawing = drawingOf(file);
      if (!drawing) return undefined;
      let png = made.get(file);
      if (!png) {
        const image = sharp(Buffer.from(sized(drawing.svg, drawing.size)));
        // The full-bleed drawings are opaque: stored without an alpha channel (iOS wants its icon so).
        png = (drawing.svg === fullBleed ? image.flatten({ background: BRAND_BLUE }) : image)
          .png({ compressionLevel: 9 })
          .toBuffer();
        made.set(file, png);
        png.catch(() => made.delete(file));
      }
      return png;
    },
  };
}
