#!/usr/bin/env node
/**
 * `npm run fonts`: the reader's web fonts, made from Google's full Noto fonts (@expo-google-fonts, OFL): subset to
 * what Arabic news text needs (Arabic letters, harakat, Arabic punctuation and digits, the Persian letters used in
 * foreign names, Basic Latin for digits, names and links, quotes and dashes), one WOFF2 per face (about 20 KB instead
 * of 65 KB), with Arabic shaping kept (harfbuzz keeps the layout features). It also measures, by shaping real
 * Arabic text, how much to scale the fallback face so text does not reflow when the web font arrives, and writes
 * src/client/fonts/fonts.css. The output is committed; run this again only to change the fonts or the ranges.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'src/client/fonts');
const pkg = (name) => path.join(root, 'node_modules/@expo-google-fonts', name);

const RANGES = [
  [0x20, 0x7e], // Basic Latin: digits (ar-LY writes Western digits), names, links
  [0xa0, 0xa0],
  [0xab, 0xab], // « »
  [0xbb, 0xbb],
  [0x60c, 0x60c], // ، ؛ ؟
  [0x61b, 0x61b],
  [0x61f, 0x61f],
  [0x621, 0x63a], // letters
  [0x640, 0x652], // tatweel, letters, harakat
  [0x660, 0x66d], // Arabic-Indic digits and separators
  [0x670, 0x670],
  [0x67e, 0x67e], // پ چ ژ ڤ ک گ ی (foreign names)
  [0x686, 0x686],
  [0x698, 0x698],
  [0x6a4, 0x6a4],
  [0x6a9, 0x6a9],
  [0x6af, 0x6af],
  [0x6cc, 0x6cc],
  [0x200c, 0x200f], // joiners and direction marks
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2026, 0x2026],
];
const text = RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join(
  '',
);
const unicodeRange = RANGES.map(([a, b]) =>
  a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`,
).join(', ');

const FACES = [
  {
    family: 'Sahifa Naskh',
    weight: 400,
    file: 'naskh-400.woff2',
    src: pkg('noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf'),
    local: ['Noto Naskh Arabic', 'NotoNaskhArabic-Regular'],
  },
  {
    family: 'Sahifa Naskh',
    weight: 700,
    file: 'naskh-700.woff2',
    src: pkg('noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf'),
    local: ['Noto Naskh Arabic Bold', 'NotoNaskhArabic-Bold'],
  },
  {
    family: 'Sahifa Kufi',
    weight: 700,
    file: 'kufi-700.woff2',
    src: pkg('noto-kufi-arabic/700Bold/NotoKufiArabic_700Bold.ttf'),
    local: ['Noto Kufi Arabic Bold', 'NotoKufiArabic-Bold'],
  },
];

// What the fallback is scaled against: DejaVu Sans, which carries Arabic and is the last resort on Linux.
const FALLBACK = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};
const SAMPLE =
  'المجلس الرئاسي يبحث مع البعثة الأممية خطوات التحضير للانتخابات، ومصرف ليبيا المركزي يعلن إجراءات جديدة لتوفير السيولة في المصارف التجارية خلال 2026.';

function metrics(file) {
  const blob = new hb.Blob(fs.readFileSync(file));
  const face = new hb.Face(blob, 0);
  const font = new hb.Font(face);
  const buffer = new hb.Buffer();
  buffer.addText(SAMPLE);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const width = buffer.getGlyphPositions().reduce((n, p) => n + p.xAdvance, 0) / face.upem;
  const e = font.hExtents();
  return { width, ascent: e.ascender / face.upem, descent: -e.descender / face.upem, lineGap: e.lineGap / face.upem };
}

const pct = (n) => `${(n * 100).toFixed(2)}%`;

fs.mkdirSync(out, { recursive: true });
const rules = [];
for (const f of FACES) {
  const woff2 = await subsetFont(fs.readFileSync(f.src), text, { targetFormat: 'woff2' });
  fs.writeFileSync(path.join(out, f.file), woff2);
  console.log(`${f.file}: ${(woff2.length / 1024).toFixed(1)} KB`);
  rules.push(`@font-face {
  font-family: '${f.family}';
  font-style: normal;
  font-weight: ${f.weight};
  font-display: swap;
  src: ${f.local.map((l) => `local('${l}')`).join(', ')}, url('./${f.file}') format('woff2');
  unicode-range: ${unicodeRange};
}`);
}

// Fallback faces scaled to the web fonts' widths and heights, so swapping in the web font moves nothing. Only what
// can be measured here (DejaVu Sans); other systems fall back to Tahoma unscaled (styles.css).
for (const [family, real, fallback, locals] of [
  ['Sahifa Naskh Fallback', FACES[0].src, FALLBACK.regular, ['DejaVu Sans', 'DejaVuSans']],
  ['Sahifa Kufi Fallback', FACES[2].src, FALLBACK.bold, ['DejaVu Sans Bold', 'DejaVuSans-Bold']],
]) {
  if (!fs.existsSync(fallback))
    throw new Error(`${fallback} is needed to measure the fallback (apt install fonts-dejavu-core)`);
  const r = metrics(real);
  const b = metrics(fallback);
  const size = r.width / b.width;
  rules.push(`/* Scaled from ${path.basename(fallback)} by shaping Arabic text: width ratio ${size.toFixed(4)}. */
@font-face {
  font-family: '${family}';
  src: ${locals.map((l) => `local('${l}')`).join(', ')};
  size-adjust: ${pct(size)};
  ascent-override: ${pct(r.ascent / size)};
  descent-override: ${pct(r.descent / size)};
  line-gap-override: ${pct(r.lineGap / size)};
}`);
}

fs.writeFileSync(
  path.join(out, 'fonts.css'),
  `/* Generated by scripts/fonts.mjs (npm run fonts). Noto Naskh Arabic and Noto Kufi Arabic, SIL Open Font License 1.1
   (OFL.txt). A reader whose device has the font (Android ships Noto Naskh Arabic) downloads nothing. */\n${rules.join('\n')}\n`,
);
fs.copyFileSync(pkg('noto-naskh-arabic/LICENSE_FONT'), path.join(out, 'OFL.txt'));
console.log('fonts.css written');
