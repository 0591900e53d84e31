/**
 * A test photograph with known metadata, as an agency sends one: a JPEG carrying EXIF (description, artist,
 * copyright and a GPS position), IPTC IIM (caption, credit, source, by-line, in UTF-8) and XMP (description,
 * photoshop:Credit). Each block is written here byte by byte (APP1 Exif, APP13 Photoshop IRB, APP1 XMP), so a test
 * knows exactly what the file says.
 */
import sharp from 'sharp';

export interface PhotoMetadata {
  exif?: { description?: string; artist?: string; copyright?: string; gps?: { lat: number; lon: number } };
  iptc?: { caption?: string; credit?: string; source?: string; byline?: string; copyright?: string };
  xmp?: { description?: string; credit?: string };
}

const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u32 = (n: number) => Buffer.from([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);

/** One JPEG marker segment: FF xx, its length (2 bytes, itself included), its bytes. */
const segment = (marker: number, body: Buffer) =>
  Buffer.concat([Buffer.from([0xff, marker]), u16(body.length + 2), body]);

interface Entry {
  tag: number;
  type: 2 | 4 | 5; // ASCII, LONG, RATIONAL
  value: Buffer | number | [number, number][];
}

/** A big-endian TIFF IFD at `offset`, with its values after it; returns its bytes. */
function ifd(entries: Entry[], offset: number): Buffer {
  const headerSize = 2 + entries.length * 12 + 4;
  let dataOffset = offset + headerSize;
  const head: Buffer[] = [u16(entries.length)];
  const data: Buffer[] = [];
  for (const e of entries.sort((a, b) => a.tag - b.tag)) {
    let bytes: Buffer;
    let count: number;
    if (e.type === 2) {
      bytes = Buffer.concat([e.value as Buffer, Buffer.from([0])]);
      count = bytes.length;
    } else if (e.type === 4) {
      bytes = u32(e.value as number);
      count = 1;
    } else {
      const r = e.value as [number, number][];
      bytes = Buffer.concat(r.flatMap(([n, d]) => [u32(n), u32(d)]));
      count = r.length;
    }
    head.push(u16(e.tag), u16(e.type), u32(count));
    if (bytes.length <= 4) head.push(Buffer.concat([bytes, Buffer.alloc(4 - bytes.length)]));
    else {
      head.push(u32(dataOffset));
      const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.from([0])]) : bytes;
      data.push(padded);
      dataOffset += padded.length;
    }
  }
  head.push(u32(0)); // no next IFD
  return Buffer.concat([...head, ...data]);
}

const dms = (deg: number): [number, number][] => {
  const d = Math.floor(Math.abs(deg));
  const m = Math.floor((Math.abs(deg) - d) * 60);
  const s = Math.round(((Math.abs(deg) - d) * 60 - m) * 60 * 100);
  return [
    [d, 1],
    [m, 1],
    [s, 100],
  ];
};

function exifSegment(exif: NonNullable<PhotoMetadata['exif']>): Buffer {
  const text = (s: string) => Buffer.from(s, 'utf8');
  const entries: Entry[] = [];
  if (exif.description) entries.push({ tag: 0x010e, type: 2, value: text(exif.description) });
  if (exif.artist) entries.push({ tag: 0x013b, type: 2, value: text(exif.artist) });
  if (exif.copyright) entries.push({ tag: 0x8298, type: 2, value: text(exif.copyright) });
  // IFD0 at offset 8 (after the TIFF header); the GPS IFD follows it.
  const withPointer = exif.gps ? [...entries, { tag: 0x8825, type: 4 as const, value: 0 }] : entries;
  const first = ifd(withPointer, 8);
  let tiff = Buffer.concat([Buffer.from('MM'), u16(42), u32(8), first]);
  if (exif.gps) {
    const gpsOffset = tiff.length;
    const pointed = ifd([...entries, { tag: 0x8825, type: 4, value: gpsOffset }], 8);
    const gps = ifd(
      [
        { tag: 0x0001, type: 2, value: Buffer.from(exif.gps.lat >= 0 ? 'N' : 'S') },
        { tag: 0x0002, type: 5, value: dms(exif.gps.lat) },
        { tag: 0x0003, type: 2, value: Buffer.from(exif.gps.lon >= 0 ? 'E' : 'W') },
        { tag: 0x0004, type: 5, value: dms(exif.gps.lon) },
      ],
      gpsOffset,
    );
    tiff = Buffer.concat([Buffer.from('MM'), u16(42), u32(8), pointed, gps]);
  }
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]));
}

function iptcSegment(iptc: NonNullable<PhotoMetadata['iptc']>): Buffer {
  const record = (rec: number, ds: number, value: Buffer) =>
    Buffer.concat([Buffer.from([0x1c, rec, ds]), u16(value.length), value]);
  const fields: [number, string | undefined][] = [
    [80, iptc.byline],
    [110, iptc.credit],
    [115, iptc.source],
    [116, iptc.copyright],
    [120, iptc.caption],
  ];
  const data = Buffer.concat([
    // 1:90 Coded Character Set: ESC % G, UTF-8.
    record(1, 90, Buffer.from([0x1b, 0x25, 0x47])),
    ...fields.filter(([, v]) => v).map(([ds, v]) => record(2, ds, Buffer.from(v!, 'utf8'))),
  ]);
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.from([0])]) : data;
  const resource = Buffer.concat([Buffer.from('8BIM'), u16(0x0404), Buffer.from([0, 0]), u32(data.length), padded]);
  return segment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'binary'), resource]));
}

function xmpSegment(xmp: NonNullable<PhotoMetadata['xmp']>): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const xml = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"${xmp.credit ? ` photoshop:Credit="${esc(xmp.credit)}"` : ''}>${xmp.description ? `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${esc(xmp.description)}</rdf:li></rdf:Alt></dc:description>` : ''}</rdf:Description></rdf:RDF></x:xmpmeta>`;
  return segment(
    0xe1,
    Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'binary'), Buffer.from(xml, 'utf8')]),
  );
}

/** A JPEG of the given size with the metadata blocks asked for, inserted right after its start-of-image marker. */
export async function photoWithMetadata(meta: PhotoMetadata, size = { width: 1600, height: 1000 }): Promise<Buffer> {
  const jpeg = await sharp({ create: { ...size, channels: 3, background: '#7c2d12' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const blocks = [
    meta.exif ? exifSegment(meta.exif) : Buffer.alloc(0),
    meta.iptc ? iptcSegment(meta.iptc) : Buffer.alloc(0),
    meta.xmp ? xmpSegment(meta.xmp) : Buffer.alloc(0),
  ];
  return Buffer.concat([jpeg.subarray(0, 2), ...blocks, jpeg.subarray(2)]);
}
