/**
 * What a photograph says about itself, read with exifr (IPTC, XMP and EXIF) to fill the library's fields on upload:
 * agencies (Reuters, AFP, Anadolu) write the caption and the credit into every picture they send, so a photo editor
 * only checks them. Nothing of it is kept in the stored files: they are re-encoded without metadata, so a
 * photographer's GPS position never reaches readers.
 *
 * - caption: IPTC Caption/Abstract, else XMP dc:description, else EXIF ImageDescription;
 * - credit: IPTC Credit Line (photoshop:Credit), else the photographer (IPTC By-line, dc:creator, EXIF Artist);
 * - source: IPTC Source (photoshop:Source), else the copyright notice (IPTC, dc:rights, EXIF Copyright);
 * - alt: only IPTC's own accessibility field (Iptc4xmpCore:AltTextAccessibility): a caption is not a description of
 *   the picture for someone who cannot see it, so the editor writes the alt text.
 */
import exifr from 'exifr';
import { MEDIA_ALT_MAX, MEDIA_CAPTION_MAX, MEDIA_CREDIT_MAX, MEDIA_SOURCE_MAX } from '../../../shared/schemas/media';

export interface PrefilledText {
  alt: string;
  caption: string;
  credit: string;
  source: string;
}

const EMPTY: PrefilledText = { alt: '', caption: '', credit: '', source: '' };

/** One text from a field exifr gives as a string, a number, a list or an XMP language alternative ({ value, lang }). */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join('، ');
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('value' in v) return textOf(v.value);
    // A language alternative keyed by language: Arabic first, then the default, then any.
    return textOf(v.ar ?? v['x-default'] ?? Object.values(v)[0]);
  }
  return '';
}

/** Cleans a text the way the library stores it: no control characters, single spaces, within the field's limit. */
function clean(value: unknown, max: number): string {
  return (
    textOf(value)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

const first = (max: number, ...values: unknown[]) => values.map((v) => clean(v, max)).find(Boolean) ?? '';

/**
 * exifr reads IPTC IIM strings byte by byte (as Latin-1) whatever the file's declared character set; agencies write
 * UTF-8 (record 1:90 says so). A string whose bytes are valid UTF-8 is read as UTF-8; anything else stays as read.
 */
function iptcText(value: unknown): unknown {
  if (typeof value !== 'string') return Array.isArray(value) ? value.map(iptcText) : value;
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? value : utf8;
}

type Block = Record<string, unknown> | undefined;

/** The library's fields from a picture's metadata; empty ones where it says nothing (or cannot be read). */
export async function readPrefill(buffer: Buffer): Promise<PrefilledText> {
  let tags: Record<string, Block> | undefined;
  try {
    tags = (await exifr.parse(buffer, {
      tiff: true,
      ifd0: true,
      exif: false,
      gps: false,
      interop: false,
      ifd1: false,
      iptc: true,
      xmp: true,
      icc: false,
      jfif: false,
      ihdr: false,
      // Each block apart (IPTC's Credit and XMP's photoshop:Credit have one name when merged).
      mergeOutput: false,
    } as never)) as Record<string, Block> | undefined;
  } catch {
    return EMPTY; // unreadable metadata is no reason to refuse a picture
  }
  if (!tags) return EMPTY;
  const iptc = Object.fromEntries(Object.entries(tags.iptc ?? {}).map(([k, v]) => [k, iptcText(v)]));
  const {
    ifd0 = {},
    dc = {},
    photoshop = {},
    Iptc4xmpCore: core = {},
  } = tags as Record<string, Record<string, unknown>>;
  return {
    alt: first(MEDIA_ALT_MAX, core.AltTextAccessibility),
    caption: first(MEDIA_CAPTION_MAX, iptc.Caption, dc.description, ifd0.ImageDescription),
    credit: first(MEDIA_CREDIT_MAX, iptc.Credit, photoshop.Credit, iptc.Byline, dc.creator, ifd0.Artist),
    source: first(MEDIA_SOURCE_MAX, iptc.Source, photoshop.Source, iptc.CopyrightNotice, dc.rights, ifd0.Copyright),
  };
}
