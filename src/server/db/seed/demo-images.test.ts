/**
 * The demo pictures, drawn and stored through the real local media store in a temporary folder: every motif makes a
 * 1200×675 picture at every width, pictures are not blank, two stories with one motif differ, a stored picture is
 * found rather than drawn again, and the map's cities lie inside Libya's outline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS, mediaUrl } from '../../../shared/media';
import { localMediaStore, type MediaStore } from '../../modules/media/media.store';
import { DEMO_CATEGORIES } from './demo-categories';
import { demoIllustrationSvg } from './demo-art-motifs';
import { LIBYA_CITIES, LIBYA_OUTLINE, cityCoordinates, projectLibya } from './demo-libya';
import { DEMO_MOTIFS, type DemoMotif } from './demo-motifs';
import { demoImageId, ensureDemoImage } from './demo-images';

const MOTIFS = Object.keys(DEMO_MOTIFS) as DemoMotif[];
/** The spread of brightness (0-255) below which a picture counts as near-uniform. */
const MIN_STDEV = 12;
let dir: string;
let store: MediaStore;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-demo-images-'));
  store = localMediaStore(dir);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const read = async (id: string, name: string): Promise<Buffer> => {
  const obj = await store.get(id, name);
  if (!obj) throw new Error(`${id}/${name} is missing`);
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};

const illustration = (motif: DemoMotif, i: number) => {
  const section = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length]!;
  return { motif, section: section.slug, color: section.color, city: 'Benghazi', alt: `صورة ${motif}` };
};

/** Raw RGB pixels of an image at a small size, for comparing two pictures. */
const pixels = async (input: Buffer) => sharp(input).resize(160, 90, { fit: 'fill' }).removeAlpha().raw().toBuffer();
const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('demo pictures', () => {
  it('draws every motif as a 1200×675 picture stored at every width, none of them blank', async () => {
    const results = await Promise.all(
      MOTIFS.map(async (motif, i) => ({ motif, i, image: await ensureDemoImage(store, i, illustration(motif, i)) })),
    );
    for (const { motif, i, image } of results) {
      expect(image.id, motif).toBe(demoImageId(i));
      expect(image.url).toBe(mediaUrl(image.id, 1200));
      expect([image.width, image.height]).toEqual([1200, 675]);
      expect(image.bytes).toBeGreaterThan(0);
      let bytes = 0;
      for (const w of MEDIA_WIDTHS) {
        const file = await read(image.id, `${w}.webp`);
        bytes += file.length;
        const meta = await sharp(file).metadata();
        expect([meta.format, meta.width, meta.height], `${motif} at ${w}`).toEqual([
          'webp',
          w,
          Math.round((w * 675) / 1200),
        ]);
      }
      const og = await read(image.id, 'og.jpg');
      bytes += og.length;
      expect(await sharp(og).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(image.bytes).toBe(bytes);
      // Not blank or near-uniform: the brightness of the pixels spreads widely.
      const stats = await sharp(await read(image.id, '800.webp'))
        .greyscale()
        .stats();
      expect(stats.channels[0]!.stdev, motif).toBeGreaterThan(MIN_STDEV);
    }
  }, 180_000);

  it('finds a stored picture again without drawing it', async () => {
    const first = await ensureDemoImage(store, 200, illustration('trophy', 3));
    const file = path.join(dir, first.id, '1200.webp');
    const before = fs.statSync(file).mtimeMs;
    const stored = await read(first.id, '1200.webp');
    // Asked again, even for another subject: the same picture, untouched, with the same size.
    const again = await ensureDemoImage(store, 200, illustration('globe', 1));
    expect(again).toEqual(first);
    expect(fs.statSync(file).mtimeMs).toBe(before);
    expect((await read(first.id, '1200.webp')).equals(stored)).toBe(true);
    expect(demoImageId(200)).toBe('00000000-0000-4000-8000-0000000000c8');
  });

  it('gives two stories with the same motif clearly different pictures', async () => {
    const a = await ensureDemoImage(store, 300, illustration('libya-map', 0));
    const b = await ensureDemoImage(store, 301, illustration('libya-map', 0));
    expect(a.id).not.toBe(b.id);
    const diff = meanDifference(await pixels(await read(a.id, '400.webp')), await pixels(await read(b.id, '400.webp')));
    expect(diff).toBeGreaterThan(25);
  }, 60_000);

  it('varies every motif from story to story, in the same section too', async () => {
    const render = async (motif: DemoMotif, index: number) =>
      // Rendered small (18 dpi: 300×169) to keep the test quick.
      pixels(
        await sharp(Buffer.from(demoIllustrationSvg(index, { motif, color: '#047857', city: 'Sabha' })), {
          density: 18,
        })
          .png()
          .toBuffer(),
      );
    const smallest: [string, number][] = [];
    for (const motif of MOTIFS) {
      // Neighbours, the same side of the picture (index + 3) and the same side and scheme (index + 12).
      const base = await render(motif, 5);
      for (const other of [6, 8, 17])
        smallest.push([`${motif} 5/${other}`, meanDifference(base, await render(motif, other))]);
    }
    for (const [pair, diff] of smallest) expect(diff, pair).toBeGreaterThan(12);
  }, 120_000);
});

describe('the map of Libya', () => {
  /** Ray casting: whether a point lies inside the (projected) outline. */
  const inside = ([x, y]: [number, number], poly: [number, number][]) => {
    let hit = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i]!;
      const [xj, yj] = poly[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
    }
    return hit;
  };

  it('puts every city inside the country, and knows them by English and Arabic names', () => {
    const outline = LIBYA_OUTLINE.map((p) => projectLibya(p, 28));
    for (const city of LIBYA_CITIES) {
      expect(inside(projectLibya(city.at, 28), outline), city.en).toBe(true);
      expect(cityCoordinates(city.ar), city.ar).toEqual(city.at);
      expect(cityCoordinates(city.en.toUpperCase()), city.en).toEqual(city.at);
    }
    expect(cityCoordinates('مدينة لا وجود لها')).toBeUndefined();
    // North is up and east is right: Tripoli lies west of Benghazi, Sabha south of both.
    const [tx, ty] = projectLibya(cityCoordinates('Tripoli')!, 28);
    const [bx, by] = projectLibya(cityCoordinates('بنغازي')!, 28);
    const [, sy] = projectLibya(cityCoordinates('Sabha')!, 28);
    expect(tx).toBeLessThan(bx);
    expect(sy).toBeGreaterThan(Math.max(ty, by));
  });

  it('marks the story city: the same map with another city differs only around the markers', async () => {
    const render = async (city?: string) =>
      sharp(Buffer.from(demoIllustrationSvg(7, { motif: 'libya-map', color: '#dc2626', city })))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    const tripoli = await render('طرابلس');
    const kufra = await render('Kufra');
    const none = await render(undefined);
    expect(meanDifference(tripoli.data, kufra.data)).toBeGreaterThan(0.5);
    expect(meanDifference(tripoli.data, none.data)).toBeGreaterThan(0.2);
    // Everything else (palette, layout, background) stays: only a small part of the picture changes.
    let changed = 0;
    for (let i = 0; i < tripoli.data.length; i += 3)
      if (Math.abs(tripoli.data[i]! - kufra.data[i]!) + Math.abs(tripoli.data[i + 1]! - kufra.data[i + 1]!) > 6)
        changed++;
    expect(changed / (tripoli.data.length / 3)).toBeLessThan(0.06);
  });
});
