/**
 * The drawing kit of the demo illustrations (demo-images.ts): a seeded random, colours, palettes that harmonise with a
 * section's colour, and the frame every picture shares (background, pattern, soft shapes, placement of the subject,
 * secondary elements). The subjects themselves are drawn in demo-art-motifs.ts. Pure string building: no I/O.
 */

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 675;

// ---------------------------------------------------------------- random

export interface Rng {
  /** [0, 1) */
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------- colour

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const rgbToHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;

/** Hue in degrees, saturation and lightness in 0..100. */
export function hexToHsl(hex: string): [number, number, number] {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return [h, s * 100, l * 100];
}

export function hsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = clamp(s, 0, 100) / 100;
  const ll = clamp(l, 0, 100) / 100;
  if (ss === 0) return rgbToHex(ll * 255, ll * 255, ll * 255);
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const f = (t: number) => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  return rgbToHex(f(hh + 1 / 3) * 255, f(hh) * 255, f(hh - 1 / 3) * 255);
}

/** a → b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t);
}

/** Relative luminance (0 black … 1 white). */
export function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

// ---------------------------------------------------------------- palettes

export type Scheme = 'light' | 'dark' | 'vivid' | 'soft';
export const SCHEMES: readonly Scheme[] = ['light', 'dark', 'vivid', 'soft'];

export interface Palette {
  scheme: Scheme;
  /** Background gradient, from → to. */
  bg: [string, string];
  /** Pattern and soft shapes over the background. */
  deco: string;
  decoOpacity: number;
  /** The subject's own colours (the section's hue). */
  main: string;
  mainDark: string;
  mainLight: string;
  /** A second hue that sets the subject off. */
  accent: string;
  accentDark: string;
  accentLight: string;
  /** Near-white and near-black in the palette's hue. */
  paper: string;
  ink: string;
  /** Colour of cast shadows (used with opacity). */
  shadow: string;
  /** Backdrop disc behind a floating subject. */
  halo: string;
  skin: [string, string];
}

const SKINS: readonly [string, string][] = [
  ['#c68a5a', '#a56c43'],
  ['#a8714a', '#875634'],
  ['#e0ac7e', '#c18a5c'],
  ['#8d5a3b', '#6e4329'],
];

/**
 * One of several palettes for a section: its hue (from `color`) stays the subject's, the scheme (light, dark, vivid,
 * soft), the accent hue and the exact tones vary.
 */
export function makePalette(color: string, scheme: Scheme, r: Rng): Palette {
  const [h0, s0] = hexToHsl(color);
  const h = h0 + r.range(-8, 8);
  const sat = clamp(s0, 55, 90);
  // Accents that sit well with any hue: the complement's neighbours, or warm gold/coral, or teal.
  const accentHue = r.pick([h + 180, h + 150, h - 150, 42, 14, 186, h + 40]);
  const farEnough = Math.abs(((accentHue - h + 540) % 360) - 180) > 30 ? accentHue : accentHue + 160;
  const ah = farEnough;
  const skin = r.pick(SKINS);
  const bgShift = r.range(-25, 25);
  switch (scheme) {
    case 'light': {
      const bg: [string, string] = [hsl(h + bgShift, 55, r.range(93, 96)), hsl(h + bgShift + 25, 50, r.range(82, 87))];
      return {
        scheme,
        bg,
        deco: hsl(h + bgShift, 45, 55),
        decoOpacity: 0.14,
        main: hsl(h, sat, 46),
        mainDark: hsl(h, sat, 30),
        mainLight: hsl(h, sat * 0.8, 74),
        accent: hsl(ah, 85, 55),
        accentDark: hsl(ah, 75, 38),
        accentLight: hsl(ah, 85, 80),
        paper: hsl(h, 40, 99),
        ink: hsl(h, 45, 15),
        shadow: hsl(h, 50, 25),
        halo: hsl(h + bgShift, 60, 99),
        skin,
      };
    }
    case 'dark': {
      const bg: [string, string] = [hsl(h + bgShift, 45, r.range(11, 15)), hsl(h + bgShift + 30, 50, r.range(22, 27))];
      return {
        scheme,
        bg,
        deco: hsl(h + bgShift, 60, 70),
        decoOpacity: 0.1,
        main: hsl(h, sat, 57),
        mainDark: hsl(h, sat, 38),
        mainLight: hsl(h, sat, 78),
        accent: hsl(ah, 90, 60),
        accentDark: hsl(ah, 75, 42),
        accentLight: hsl(ah, 90, 82),
        paper: hsl(h, 35, 97),
        ink: hsl(h, 50, 8),
        shadow: hsl(h, 60, 4),
        halo: hsl(h + bgShift, 45, 30),
        skin,
      };
    }
    case 'vivid': {
      const bg: [string, string] = [hsl(h, sat, r.range(50, 56)), hsl(h + bgShift, sat, r.range(36, 42))];
      return {
        scheme,
        bg,
        deco: hsl(h, 80, 92),
        decoOpacity: 0.13,
        main: hsl(h, sat, 26),
        mainDark: hsl(h, sat, 16),
        mainLight: hsl(h, 70, 86),
        accent: hsl(ah, 92, 62),
        accentDark: hsl(ah, 80, 42),
        accentLight: hsl(ah, 92, 84),
        paper: hsl(h, 50, 98),
        ink: hsl(h, 60, 12),
        shadow: hsl(h, 70, 12),
        halo: hsl(h, sat, 64),
        skin,
      };
    }
    case 'soft': {
      const bg: [string, string] = [hsl(h + bgShift, 45, r.range(76, 82)), hsl(ah, 55, r.range(80, 86))];
      return {
        scheme,
        bg,
        deco: hsl(h, 50, 35),
        decoOpacity: 0.1,
        main: hsl(h, sat, 40),
        mainDark: hsl(h, sat, 24),
        mainLight: hsl(h, sat * 0.7, 88),
        accent: hsl(ah, 85, 52),
        accentDark: hsl(ah, 70, 34),
        accentLight: hsl(ah, 85, 78),
        paper: hsl(h, 30, 99),
        ink: hsl(h, 50, 14),
        shadow: hsl(h, 45, 20),
        halo: hsl(h + bgShift, 60, 92),
        skin,
      };
    }
  }
}

// ---------------------------------------------------------------- svg helpers

/** Numbers written short (one decimal). */
export const n = (v: number) => String(Math.round(v * 10) / 10);

type Attrs = Record<string, string | number | undefined>;
const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('');

export const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, fill, ...a })}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  `<circle${attrs({ cx, cy, r, fill, ...a })}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  `<ellipse${attrs({ cx, cy, rx, ry, fill, ...a })}/>`;
export const path = (d: string, fill: string, a: Attrs = {}) => `<path${attrs({ d, fill, ...a })}/>`;
export const poly = (pts: readonly (readonly [number, number])[], fill: string, a: Attrs = {}) =>
  `<polygon${attrs({ points: pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' '), fill, ...a })}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, a: Attrs = {}) =>
  `<line${attrs({ x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...a })}/>`;
/** An open stroked path. */
export const stroke = (d: string, color: string, width: number, a: Attrs = {}) =>
  `<path${attrs({ d, fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...a })}/>`;
export const g = (children: string | readonly string[], a: Attrs = {}) =>
  `<g${attrs(a)}>${typeof children === 'string' ? children : children.join('')}</g>`;
export const tr = (x: number, y: number, s = 1, rot = 0) =>
  `translate(${n(x)} ${n(y)})${rot ? ` rotate(${n(rot)})` : ''}${s !== 1 ? ` scale(${Math.round(s * 1000) / 1000})` : ''}`;
/** A smooth closed blob through points around (cx, cy). */
export function blob(cx: number, cy: number, radius: number, r: Rng, points = 7, wobble = 0.25): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const rr = radius * (1 + r.range(-wobble, wobble));
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  // Catmull-Rom through the points, as cubic Béziers.
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % points]!;
    const p3 = pts[(i + 2) % points]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0]!)} ${n(c1[1]!)} ${n(c2[0]!)} ${n(c2[1]!)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

// ---------------------------------------------------------------- the frame

/** Where the subject stands, in picture pixels: its centre, scale and half extents. */
export interface Layout {
  cx: number;
  cy: number;
  scale: number;
  /** Half width and half height of the subject once scaled. */
  hw: number;
  hh: number;
  /** Horizontal slot: 0 one side, 1 centre, 2 the other side. */
  slot: 0 | 1 | 2;
}

export interface DrawContext {
  p: Palette;
  r: Rng;
  city?: string;
  /**
   * Which of k versions of a subject this story draws (a desk globe or one with an orbit…): turns with the story's
   * index so that neighbouring stories, and stories three apart (the same side of the picture), differ.
   */
  variant(k: number): number;
  /** Ids for <defs> that never clash within one picture. */
  uid(prefix: string): string;
  defs: string[];
}

/** What a motif draws: the subject around (0, 0), its half extents, and optional scene parts in picture pixels. */
export interface Subject {
  body: string;
  w: number;
  h: number;
  /** Stands on the ground (a cast shadow) rather than floating (a halo behind). */
  grounded?: boolean;
  /** Scene behind the subject (sea, pitch, field…), drawn over the background, given the layout. */
  scene?: (l: Layout) => string;
  /** Small related items scattered beside the subject, each drawn around (0, 0) at about ±40. */
  props?: readonly ((c: DrawContext) => string)[];
  /** Where the subject prefers its vertical centre (fraction of the height); default the middle. */
  cyFrac?: number;
  /** Largest fraction of the height the subject may take. */
  maxH?: number;
  /** Props only in the upper part of the picture (the lower part is sea, field, road…). */
  propsSky?: boolean;
  /** May be drawn mirrored (it has no left and right of its own, unlike a map or a chart). */
  mirror?: boolean;
}

export type Background = 'gradient' | 'grid' | 'dots' | 'waves' | 'skyline' | 'rays' | 'dunes';
export const BACKGROUNDS: readonly Background[] = ['gradient', 'grid', 'dots', 'waves', 'skyline', 'rays', 'dunes'];

function backgroundLayer(kind: Background, c: DrawContext, l: Layout): string {
  const { p, r } = c;
  const W = ART_WIDTH;
  const H = ART_HEIGHT;
  const deco = p.deco;
  const op = p.decoOpacity;
  const out: string[] = [];
  switch (kind) {
    case 'gradient':
      break;
    case 'grid': {
      const step = r.pick([40, 48, 60]);
      const id = c.uid('grid');
      c.defs.push(
        `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><path d="M${step} 0H0V${step}" fill="none" stroke="${deco}" stroke-width="2"/></pattern>`,
      );
      out.push(rect(0, 0, W, H, `url(#${id})`, { opacity: op * 1.1 }));
      break;
    }
    case 'dots': {
      const step = r.pick([28, 34, 40]);
      const id = c.uid('dots');
      c.defs.push(
        `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse">${circle(step / 2, step / 2, 3.2, deco)}</pattern>`,
      );
      out.push(rect(0, 0, W, H, `url(#${id})`, { opacity: op * 1.6 }));
      break;
    }
    case 'waves': {
      const base = r.range(430, 520);
      const amp = r.range(14, 28);
      const len = r.range(180, 280);
      for (let i = 0; i < 4; i++) {
        const y = base + i * 52;
        let d = `M0 ${n(y)}`;
        for (let x = 0; x <= W; x += len) {
          d += `Q${n(x + len / 4)} ${n(y - amp)} ${n(x + len / 2)} ${n(y)}T${n(x + len)} ${n(y)}`;
        }
        d += `V${H}H0Z`;
        out.push(path(d, deco, { opacity: op * (0.7 + i * 0.25) }));
      }
      break;
    }
    case 'skyline': {
      // A Libyan city's roofline: blocks, domes and minarets.
      const base = r.range(520, 580);
      let x = -20;
      const parts: string[] = [];
      while (x < W) {
        const w = r.range(40, 110);
        const h = r.range(40, 150);
        parts.push(rect(x, base - h, w, H - base + h, deco));
        if (r.chance(0.22)) parts.push(circle(x + w / 2, base - h, w * 0.38, deco));
        if (r.chance(0.12)) {
          const mx = x + w * r.range(0.2, 0.8);
          parts.push(
            rect(mx - 7, base - h - 90, 14, 90, deco),
            poly(
              [
                [mx - 10, base - h - 90],
                [mx + 10, base - h - 90],
                [mx, base - h - 118],
              ],
              deco,
            ),
          );
        }
        x += w + r.range(-10, 6);
      }
      out.push(g(parts, { opacity: op * 1.5 }));
      break;
    }
    case 'rays': {
      const parts: string[] = [];
      const count = 18;
      const R = 1600;
      for (let i = 0; i < count; i += 2) {
        const a1 = (i / count) * Math.PI * 2;
        const a2 = ((i + 1) / count) * Math.PI * 2;
        parts.push(
          poly(
            [
              [l.cx, l.cy],
              [l.cx + Math.cos(a1) * R, l.cy + Math.sin(a1) * R],
              [l.cx + Math.cos(a2) * R, l.cy + Math.sin(a2) * R],
            ],
            deco,
          ),
        );
      }
      out.push(g(parts, { opacity: op * 0.8 }));
      break;
    }
    case 'dunes': {
      for (let i = 0; i < 3; i++) {
        const y = r.range(470, 540) + i * 45;
        const peak = r.range(0, W);
        out.push(
          path(
            `M0 ${n(y + r.range(-30, 30))}Q${n(peak)} ${n(y - r.range(60, 120))} ${W} ${n(y + r.range(-20, 40))}V${H}H0Z`,
            deco,
            { opacity: op * (0.8 + i * 0.35) },
          ),
        );
      }
      break;
    }
  }
  return out.join('');
}

/** Big soft circles and blobs, the quiet texture of the frame. */
function softShapes(c: DrawContext): string {
  const { p, r } = c;
  const out: string[] = [];
  const count = r.int(2, 4);
  for (let i = 0; i < count; i++) {
    const cx = r.range(-100, ART_WIDTH + 100);
    const cy = r.range(-100, ART_HEIGHT + 100);
    const rad = r.range(120, 300);
    out.push(path(blob(cx, cy, rad, r, 8, 0.18), r.chance(0.5) ? p.deco : p.paper, { opacity: r.range(0.05, 0.1) }));
  }
  return out.join('');
}

/** Small confetti: rings, plus signs, dots, arcs, in the palette. */
export function confetti(c: DrawContext, avoid: Layout, count: number): string {
  const { p, r } = c;
  const out: string[] = [];
  let tries = 0;
  while (out.length < count && tries++ < 60) {
    const x = r.range(40, ART_WIDTH - 40);
    const y = r.range(40, ART_HEIGHT - 40);
    if (Math.abs(x - avoid.cx) < avoid.hw + 20 && Math.abs(y - avoid.cy) < avoid.hh + 20) continue;
    const col = r.pick([p.accent, p.paper, p.mainLight, p.main]);
    const kind = r.int(0, 4);
    const s = r.range(8, 16);
    if (kind === 0) out.push(circle(x, y, s, 'none', { stroke: col, 'stroke-width': 5 }));
    else if (kind === 1) out.push(stroke(`M${n(x - s)} ${n(y)}H${n(x + s)}M${n(x)} ${n(y - s)}V${n(y + s)}`, col, 6));
    else if (kind === 2) out.push(circle(x, y, s * 0.5, col));
    else if (kind === 3)
      out.push(stroke(`M${n(x - s)} ${n(y + s / 2)}Q${n(x)} ${n(y - s)} ${n(x + s)} ${n(y + s / 2)}`, col, 5));
    else out.push(rect(x - s / 2, y - s / 2, s, s, col, { transform: `rotate(${n(r.range(0, 90))} ${n(x)} ${n(y)})` }));
  }
  return g(out, { opacity: 0.85 });
}

export interface FrameOptions {
  color: string;
  index: number;
  city?: string;
}

/**
 * One picture: the palette, background and placement follow from the story's index (a seeded random; the
 * scheme, slot and background also turn with the index so that neighbouring and same-motif stories differ).
 */
export function drawFrame(opts: FrameOptions, motif: (c: DrawContext) => Subject): string {
  const r = seededRandom(Math.imul(opts.index + 1, 0x9e3779b1) ^ 0x5bd1e995);
  const scheme = SCHEMES[opts.index % SCHEMES.length]!;
  const p = makePalette(opts.color, scheme, r);
  let seq = 0;
  const turn = opts.index + Math.floor(opts.index / 3);
  const c: DrawContext = {
    p,
    r,
    city: opts.city,
    defs: [],
    uid: (prefix) => `${prefix}${++seq}`,
    variant: (k) => turn % k,
  };
  const subject = motif(c);

  const slot = (opts.index % 3) as 0 | 1 | 2;
  const maxH = subject.maxH ?? 0.88;
  const targetH = ART_HEIGHT * r.range(maxH - 0.12, maxH);
  const xs = [r.range(0.26, 0.32), r.range(0.47, 0.53), r.range(0.68, 0.74)];
  const scale = Math.min(targetH / (2 * subject.h), (ART_WIDTH - 80) / (2 * subject.w));
  const hw = subject.w * scale;
  const hh = subject.h * scale;
  // A wide subject on one side moves towards the middle rather than shrinking.
  const cx = clamp(xs[slot]! * ART_WIDTH, hw + 24, ART_WIDTH - hw - 24);
  const cy = clamp((subject.cyFrac ?? 0.5) * ART_HEIGHT + r.range(-15, 15), hh + 12, ART_HEIGHT - hh - 12);
  const layout: Layout = { cx, cy, scale, hw, hh, slot };

  const background = BACKGROUNDS[(opts.index * 3) % BACKGROUNDS.length]!;
  const angle = r.range(0, 360);
  const gx = Math.cos((angle * Math.PI) / 180) / 2;
  const gy = Math.sin((angle * Math.PI) / 180) / 2;
  c.defs.push(
    `<linearGradient id="bg" x1="${n(0.5 - gx)}" y1="${n(0.5 - gy)}" x2="${n(0.5 + gx)}" y2="${n(0.5 + gy)}"><stop offset="0" stop-color="${p.bg[0]}"/><stop offset="1" stop-color="${p.bg[1]}"/></linearGradient>`,
  );

  const layers: string[] = [rect(0, 0, ART_WIDTH, ART_HEIGHT, 'url(#bg)')];
  layers.push(softShapes(c));
  layers.push(backgroundLayer(background, c, layout));
  if (subject.scene) layers.push(subject.scene(layout));

  // Behind the subject: a halo (a disc, a ring or a soft blob) for floating subjects, a cast shadow for grounded ones.
  if (subject.grounded) {
    layers.push(ellipse(cx, cy + hh * 0.97, hw * 0.95, Math.max(10, hh * 0.07), p.shadow, { opacity: 0.22 }));
  } else {
    const haloKind = r.int(0, 3);
    const rad = Math.max(hw, hh) * r.range(0.92, 1.08);
    if (haloKind === 0) layers.push(circle(cx, cy, rad, p.halo, { opacity: 0.75 }));
    else if (haloKind === 1)
      layers.push(
        circle(cx, cy, rad, 'none', { stroke: p.halo, 'stroke-width': 26, opacity: 0.6 }),
        circle(cx, cy, rad * 0.78, p.halo, { opacity: 0.35 }),
      );
    else if (haloKind === 2) layers.push(path(blob(cx, cy, rad, r, 7, 0.12), p.halo, { opacity: 0.7 }));
  }

  // Secondary elements beside the subject, on the free side (or both sides when it stands in the middle).
  if (subject.props?.length) {
    const spots: [number, number][] = [];
    const free = slot === 0 ? [cx + hw + 40, ART_WIDTH - 40] : slot === 2 ? [40, cx - hw - 40] : null;
    const count = r.int(2, 3);
    for (let i = 0; i < count; i++) {
      if (free) {
        if (free[1]! - free[0]! < 90) break;
        const band = subject.propsSky ? ART_HEIGHT * 0.42 : ART_HEIGHT;
        spots.push([r.range(free[0]! + 50, free[1]! - 50), ((i + 0.5) / count) * band + r.range(-30, 30)]);
      } else {
        const side = i % 2 === 0 ? -1 : 1;
        const x = cx + side * (hw + r.range(70, 120));
        if (x < 60 || x > ART_WIDTH - 60) continue;
        spots.push([x, subject.propsSky ? r.range(70, ART_HEIGHT * 0.4) : r.range(120, ART_HEIGHT - 120)]);
      }
    }
    const first = r.int(0, subject.props.length - 1);
    spots.forEach(([x, y], i) => {
      const prop = subject.props![(first + i) % subject.props!.length]!;
      layers.push(g(prop(c), { transform: tr(x, y, r.range(1.2, 1.7), r.range(-12, 12)) }));
    });
  }

  // Asymmetric subjects face the middle of the picture.
  const mirrored = subject.mirror === true && (slot === 2 || (slot === 1 && r.chance(0.5)));
  layers.push(g(subject.body, { transform: `${tr(cx, cy, scale)}${mirrored ? ' scale(-1 1)' : ''}` }));
  layers.push(confetti(c, layout, r.int(3, 7)));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}"><defs>${c.defs.join('')}</defs>${layers.join('')}</svg>`;
}
