/**
 * The subjects of the demo illustrations, one drawing per motif of demo-motifs.ts. Each draws around (0, 0) in its
 * own units and says its half extents; demo-art.ts places, scales and frames it. Flat shapes only, no text.
 */
import type { DemoMotif } from './demo-motifs';
import {
  circle,
  ellipse,
  g,
  line,
  luminance,
  mix,
  n,
  path,
  poly,
  rect,
  stroke,
  tr,
  type DrawContext,
  type Layout,
  type Subject,
  ART_HEIGHT,
  ART_WIDTH,
  drawFrame,
} from './demo-art';
import { LIBYA_CITIES, LIBYA_OUTLINE, cityCoordinates, projectLibya } from './demo-libya';

type Motif = (c: DrawContext) => Subject;
type Prop = (c: DrawContext) => string;

/** A real-world colour (wheat, water, grass…) nudged towards the palette so it sits in the picture. */
const nat = (c: DrawContext, hex: string, t = 0.15) => mix(hex, c.p.main, t);
const GOLD = '#f2b632';
const GOLD_DARK = '#c98a12';
const WATER = '#2b9bd8';
const GRASS = '#3a9a4a';
const WOOD = '#b86b36';
const KRAFT = '#cf9a5f';
const RED = '#d62b3a';

// ---------------------------------------------------------------- small props (about ±40)

const sparkle: Prop = (c) =>
  path('M0 -40Q5 -5 40 0Q5 5 0 40Q-5 5 -40 0Q-5 -5 0 -40Z', c.p.accent) + circle(34, -30, 6, c.p.paper);
const coin: Prop = (_c) =>
  circle(4, 4, 34, GOLD_DARK) +
  circle(0, 0, 34, GOLD) +
  circle(0, 0, 24, 'none', { stroke: GOLD_DARK, 'stroke-width': 4 }) +
  rect(-4, -13, 8, 26, GOLD_DARK, { rx: 3 });
const checkBadge: Prop = (c) => circle(0, 0, 36, c.p.main) + stroke('M-16 1L-4 13L18 -11', c.p.paper, 8);
const cloud: Prop = (c) =>
  path('M-44 16C-60 16 -60 -8 -42 -8C-40 -28 -14 -34 -4 -18C6 -34 36 -30 36 -8C56 -8 58 16 40 16Z', c.p.paper, {
    opacity: 0.95,
  });
const pin: Prop = (c) =>
  path('M0 40C-6 24 -26 10 -26 -10A26 26 0 1 1 26 -10C26 10 6 24 0 40Z', c.p.accent) + circle(0, -10, 10, c.p.paper);
const note: Prop = (c) =>
  ellipse(-12, 24, 16, 12, c.p.ink, { transform: 'rotate(-20 -12 24)' }) +
  rect(0, -36, 6, 60, c.p.ink) +
  path('M3 -36Q30 -26 26 0Q22 -16 3 -18Z', c.p.ink);
const beamedNotes: Prop = (c) =>
  ellipse(-24, 28, 14, 10, c.p.accent, { transform: 'rotate(-20 -24 28)' }) +
  ellipse(24, 20, 14, 10, c.p.accent, { transform: 'rotate(-20 24 20)' }) +
  rect(-14, -30, 6, 58, c.p.accent) +
  rect(34, -38, 6, 58, c.p.accent) +
  poly(
    [
      [-14, -30],
      [40, -38],
      [40, -26],
      [-14, -18],
    ],
    c.p.accent,
  );
const plusBadge: Prop = (c) =>
  rect(-34, -34, 68, 68, c.p.paper, { rx: 14 }) +
  rect(-7, -22, 14, 44, c.p.main, { rx: 3 }) +
  rect(-22, -7, 44, 14, c.p.main, { rx: 3 });
const leaf: Prop = (c) =>
  path('M-30 30C-30 -10 0 -34 34 -34C34 4 10 30 -30 30Z', nat(c, GRASS)) +
  stroke('M-26 26L20 -20', c.p.paper, 3, { opacity: 0.6 });
const drop: Prop = (c) => path('M0 -36C12 -16 26 0 26 14A26 26 0 0 1 -26 14C-26 0 -12 -16 0 -36Z', nat(c, WATER, 0.1));
const star: Prop = (c) => {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? 36 : 15;
    pts.push([Math.cos(a) * rr, Math.sin(a) * rr]);
  }
  return poly(pts, c.p.accent);
};
const bolt: Prop = (c) =>
  poly(
    [
      [8, -40],
      [-22, 6],
      [-2, 6],
      [-10, 40],
      [22, -8],
      [2, -8],
    ],
    c.p.accent,
  );
const arrowUp: Prop = (c) => circle(0, 0, 36, c.p.paper) + stroke('M0 20V-18M-14 -4L0 -18L14 -4', c.p.main, 8);
const arrowDown: Prop = (c) => circle(0, 0, 36, c.p.paper) + stroke('M0 -20V18M-14 4L0 18L14 4', c.p.accent, 8);
const doc: Prop = (c) =>
  rect(-28, -36, 56, 72, c.p.paper, { rx: 6 }) +
  [-20, -8, 4, 16].map((y, i) => rect(-18, y, i === 3 ? 22 : 36, 6, c.p.mainLight, { rx: 3 })).join('');
const ballotPaper: Prop = (c) =>
  rect(-28, -36, 56, 72, c.p.paper, { rx: 5 }) +
  rect(-18, -22, 16, 16, 'none', { stroke: c.p.main, 'stroke-width': 3 }) +
  stroke('M-16 -15L-11 -9L-1 -22', c.p.accent, 4) +
  rect(4, -18, 16, 6, c.p.mainLight) +
  rect(-18, 6, 36, 5, c.p.mainLight) +
  rect(-18, 18, 28, 5, c.p.mainLight);
const speech: Prop = (c) =>
  path('M-40 -28H40V16H-6L-22 34V16H-40Z', c.p.paper, { 'stroke-linejoin': 'round' }) +
  [-18, 0, 18].map((x) => circle(x, -6, 5, c.p.main)).join('');
const flag: Prop = (c) =>
  rect(-26, -40, 5, 80, c.p.ink) + path('M-21 -38Q0 -46 14 -38T40 -38V-6Q26 -14 14 -6T-21 -6Z', c.p.accent);
const gull: Prop = (c) => stroke('M-34 0Q-16 -18 0 0Q16 -18 34 0', c.p.ink, 6, { opacity: 0.7 });
const sun: Prop = (_c) =>
  circle(0, 0, 24, GOLD) +
  Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return line(Math.cos(a) * 32, Math.sin(a) * 32, Math.cos(a) * 42, Math.sin(a) * 42, GOLD, 6);
  }).join('');
const bulb: Prop = (c) =>
  circle(0, -8, 26, GOLD) + rect(-12, 16, 24, 16, c.p.ink, { rx: 4 }) + stroke('M-8 -4L0 6L8 -4', GOLD_DARK, 3);
const compass: Prop = (c) =>
  circle(0, 0, 36, c.p.paper) +
  poly(
    [
      [0, -30],
      [8, 0],
      [0, 30],
      [-8, 0],
    ],
    c.p.main,
  ) +
  poly(
    [
      [0, -30],
      [8, 0],
      [-8, 0],
    ],
    c.p.accent,
  ) +
  circle(0, 0, 4, c.p.paper);
const box: Prop = (c) =>
  rect(-32, -22, 64, 50, nat(c, KRAFT, 0.1), { rx: 3 }) +
  poly(
    [
      [-32, -22],
      [-20, -36],
      [44, -36],
      [32, -22],
    ],
    mix(nat(c, KRAFT, 0.1), '#ffffff', 0.25),
  ) +
  rect(-6, -22, 12, 50, mix(KRAFT, '#000000', 0.2), { opacity: 0.5 });
const heartSmall: Prop = (c) =>
  path('M0 -10C0 -30 -34 -32 -34 -8C-34 10 -12 22 0 34C12 22 34 10 34 -8C34 -32 0 -30 0 -10Z', nat(c, RED, 0.2));
const medal: Prop = (c) =>
  poly(
    [
      [-22, -40],
      [-6, -40],
      [8, -6],
      [-8, -6],
    ],
    c.p.main,
  ) +
  poly(
    [
      [22, -40],
      [6, -40],
      [-8, -6],
      [8, -6],
    ],
    c.p.accent,
  ) +
  circle(0, 12, 24, GOLD) +
  circle(0, 12, 15, 'none', { stroke: GOLD_DARK, 'stroke-width': 4 });
const stackBooks: Prop = (c) =>
  rect(-38, 10, 76, 18, c.p.main, { rx: 3 }) +
  rect(-32, -8, 70, 18, c.p.accent, { rx: 3 }) +
  rect(-36, -26, 66, 18, c.p.mainLight, { rx: 3 }) +
  rect(-30, 14, 60, 4, c.p.paper, { opacity: 0.6 });
const yarn: Prop = (c) =>
  circle(0, 0, 32, c.p.accent) +
  stroke('M-26 -14Q0 4 26 -16M-30 4Q0 20 28 2M-18 24Q4 30 20 22', c.p.accentDark, 4) +
  stroke('M28 16Q44 30 40 40', c.p.accent, 4);
const wifi: Prop = (c) =>
  stroke('M-34 -6A48 48 0 0 1 34 -6M-22 8A30 30 0 0 1 22 8', c.p.main, 8) + circle(0, 24, 8, c.p.main);
const lock: Prop = (c) =>
  stroke('M-16 -6V-18A16 16 0 0 1 16 -18V-6', c.p.ink, 8) +
  rect(-26, -8, 52, 44, c.p.accent, { rx: 8 }) +
  circle(0, 12, 6, c.p.ink);
const polaroid: Prop = (c) =>
  rect(-34, -38, 68, 80, c.p.paper, { rx: 4 }) +
  rect(-26, -30, 52, 50, c.p.mainLight) +
  poly(
    [
      [-26, 20],
      [-8, -4],
      [6, 10],
      [14, 2],
      [26, 20],
    ],
    c.p.main,
  ) +
  circle(14, -16, 7, GOLD);
const teaGlass: Prop = (c) =>
  path('M-20 -30H20L14 34H-14Z', c.p.paper, { opacity: 0.75 }) + path('M-17 -8H17L14 34H-14Z', '#b5541c') + leafMint(c);
const leafMint = (c: DrawContext) => path('M4 -30C4 -44 18 -50 26 -46C24 -36 14 -30 4 -30Z', nat(c, GRASS, 0.1));
const bread: Prop = (_c) =>
  ellipse(0, 6, 40, 24, '#d99a4e') +
  ellipse(0, 0, 40, 22, '#e8b46a') +
  stroke('M-22 -4Q-12 -10 -2 -4M4 2Q14 -4 24 2', '#c07a34', 4);
const trophySmall: Prop = (c) =>
  path('M-20 -30H20C20 -4 12 6 0 8C-12 6 -20 -4 -20 -30Z', GOLD) +
  rect(-4, 8, 8, 14, GOLD_DARK) +
  rect(-16, 22, 32, 10, c.p.ink, { rx: 2 });

// ---------------------------------------------------------------- helpers

/** A closed shape through points, with rounded joins (a limb, a lapel…). */
const limb = (pts: readonly (readonly [number, number])[], color: string, width: number) =>
  stroke(`M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`, color, width);

/** A crescent: the outer circle (radius R at 0,0) less an inner one (radius r at d,0). */
function crescent(R: number, r: number, d: number, fill: string, a: Record<string, string> = {}): string {
  const x = (R * R - r * r + d * d) / (2 * d);
  const y = Math.sqrt(Math.max(0, R * R - x * x));
  const innerLarge = x - d > 0 ? 1 : 0;
  return path(
    `M${n(x)} ${n(-y)}A${R} ${R} 0 1 0 ${n(x)} ${n(y)}A${r} ${r} 0 ${innerLarge} 1 ${n(x)} ${n(-y)}Z`,
    fill,
    a,
  );
}

function star5(cx: number, cy: number, R: number, fill: string): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? R : R * 0.42;
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  return poly(pts, fill);
}

/** A band over the lower part of the picture, from `top` (picture pixels) down. */
const groundBand = (top: number, fill: string, a: Record<string, string | number> = {}) =>
  rect(0, top, ART_WIDTH, ART_HEIGHT - top + 2, fill, a);

// ---------------------------------------------------------------- motifs

const libyaMap: Motif = (c) => {
  const { p, r } = c;
  const k = 28;
  const pts = LIBYA_OUTLINE.map((pt) => projectLibya(pt, k));
  const outline = `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
  const parts: string[] = [];
  // The sea: a few wave strokes north of the coast.
  for (let i = 0; i < 3; i++) {
    const y = -235 + i * 20;
    const x0 = -190 + r.range(-20, 40) + i * 30;
    parts.push(stroke(`M${n(x0)} ${y}q15 -10 30 0t30 0t30 0`, p.deco, 5, { opacity: 0.5 }));
  }
  const shadowColour = p.scheme === 'dark' ? p.ink : p.shadow;
  parts.push(path(outline, shadowColour, { transform: 'translate(12 14)', opacity: 0.3 }));
  parts.push(path(outline, p.main, { stroke: p.paper, 'stroke-width': 5, 'stroke-linejoin': 'round' }));
  // Inside: a gentle relief of dunes or a dotted texture, clipped to the country.
  const clip = c.uid('ly');
  c.defs.push(`<clipPath id="${clip}"><path d="${outline}"/></clipPath>`);
  const inner: string[] = [];
  if (c.variant(2) === 0) {
    for (let i = 0; i < 5; i++) {
      const y = -60 + i * 55 + r.range(-10, 10);
      inner.push(
        path(
          `M-220 ${n(y)}Q${n(r.range(-120, 120))} ${n(y - r.range(40, 80))} 220 ${n(y + r.range(-20, 20))}V${n(y + 40)}H-220Z`,
          p.mainDark,
          { opacity: 0.18 },
        ),
      );
    }
  } else {
    for (let x = -200; x <= 200; x += 22)
      for (let y = -200; y <= 200; y += 22) if ((x + y) % 44 === 0) inner.push(circle(x, y, 3, p.mainLight));
    inner.unshift(g([], {}));
  }
  parts.push(g(inner, { 'clip-path': `url(#${clip})`, opacity: 0.9 }));
  // Other cities as small dots; the story's city with a pin and a pulse.
  const where = c.city ? cityCoordinates(c.city) : undefined;
  for (const city of LIBYA_CITIES.slice(0, 14)) {
    if (where && city.at === where) continue;
    const [x, y] = projectLibya(city.at, k);
    parts.push(circle(x, y, 5, p.paper, { opacity: 0.75 }));
  }
  if (where) {
    const [x, y] = projectLibya(where, k);
    parts.push(ellipse(x, y, 34, 11, 'none', { stroke: p.accent, 'stroke-width': 4, opacity: 0.6 }));
    parts.push(ellipse(x, y, 18, 6, p.accent, { opacity: 0.5 }));
    parts.push(
      g(
        [
          path('M0 0C-10 -24 -36 -42 -36 -68A36 36 0 1 1 36 -68C36 -42 10 -24 0 0Z', p.ink, {
            transform: 'translate(5 5)',
            opacity: 0.25,
          }),
          path('M0 0C-10 -24 -36 -42 -36 -68A36 36 0 1 1 36 -68C36 -42 10 -24 0 0Z', p.accent, {
            stroke: p.paper,
            'stroke-width': 4,
          }),
          circle(0, -68, 14, p.paper),
        ],
        { transform: tr(x, y) },
      ),
    );
  }
  return { body: g(parts, { transform: 'translate(0 45)' }), w: 205, h: 252, maxH: 0.94, props: [compass, flag, sun] };
};

const ballot: Motif = (c) => {
  const { p, r } = c;
  const tilt = r.range(-8, 8);
  const paper = g(
    [
      rect(-75, -215, 150, 140, p.paper, { rx: 8 }),
      rect(-50, -190, 36, 36, 'none', { stroke: p.main, 'stroke-width': 6, rx: 4 }),
      stroke('M-46 -172L-34 -160L-12 -190', p.accent, 10),
      rect(0, -182, 50, 12, p.mainLight, { rx: 6 }),
      rect(-50, -140, 100, 10, p.mainLight, { rx: 5 }),
      rect(-50, -118, 70, 10, p.mainLight, { rx: 5 }),
    ],
    { transform: `rotate(${n(tilt)} 0 -80)` },
  );
  const emblem =
    c.variant(2) === 0
      ? circle(0, 60, 62, p.paper) + stroke('M-28 60L-8 82L30 38', p.accent, 16)
      : rect(-110, 30, 220, 56, p.paper, { rx: 10, opacity: 0.9 }) + rect(-80, 50, 160, 16, p.mainLight, { rx: 8 });
  return {
    body: g([
      rect(-175, -60, 350, 250, p.main, { rx: 12 }),
      rect(130, -60, 45, 250, p.mainDark, { opacity: 0.55 }),
      poly(
        [
          [-150, -105],
          [150, -105],
          [175, -60],
          [-175, -60],
        ],
        p.mainLight,
      ),
      rect(-85, -90, 170, 16, p.ink, { rx: 8 }),
      g(paper, { 'clip-path': `url(#${clipAbove(c, -82)})` }),
      emblem,
      rect(-175, 160, 350, 30, p.mainDark, { rx: 8, opacity: 0.5 }),
    ]),
    w: 180,
    h: 205,
    grounded: true,
    props: [checkBadge, ballotPaper, ballotPaper, sparkle],
  };
};

/** A clip path keeping what lies above y (local units). */
function clipAbove(c: DrawContext, y: number): string {
  const id = c.uid('above');
  c.defs.push(
    `<clipPath id="${id}" clipPathUnits="userSpaceOnUse"><rect x="-400" y="-600" width="800" height="${600 + y}"/></clipPath>`,
  );
  return id;
}

const parliament: Motif = (c) => {
  const { p, r } = c;
  const stone = p.scheme === 'vivid' ? p.paper : p.paper;
  const wall = p.mainLight;
  const cols = r.pick([6, 7, 8]);
  const parts: string[] = [];
  // Flag and dome.
  parts.push(
    rect(-3, -235, 6, 70, p.ink),
    path('M3 -233Q25 -240 40 -233T78 -233V-203Q62 -210 40 -203T3 -203Z', p.accent),
  );
  parts.push(rect(-14, -170, 28, 26, stone), path('M-18 -168A18 14 0 0 1 18 -168Z', p.main));
  parts.push(path('M-95 -40A95 104 0 0 1 95 -40Z', p.main));
  parts.push(path('M-95 -40A95 104 0 0 1 -20 -141L-30 -40Z', p.mainDark, { opacity: 0.25 }));
  for (const x of [-55, -20, 20, 55])
    parts.push(stroke(`M${x} -40Q${x * 0.55} -110 0 -144`, p.mainDark, 4, { opacity: 0.5 }));
  parts.push(rect(-110, -48, 220, 12, stone, { rx: 4 }));
  parts.push(rect(-100, -36, 200, 42, wall));
  for (let i = 0; i < 5; i++) parts.push(rect(-85 + i * 36, -28, 14, 26, p.mainDark, { rx: 7, opacity: 0.6 }));
  // Entablature, pediment band, columns, steps.
  parts.push(
    rect(-195, 6, 390, 30, stone),
    rect(-205, 0, 410, 10, stone, { rx: 3 }),
    rect(-185, 16, 370, 8, p.mainLight, { opacity: 0.6 }),
  );
  parts.push(rect(-180, 36, 360, 120, wall));
  const span = 340 / (cols - 1);
  for (let i = 0; i < cols; i++) {
    const x = -170 + i * span;
    parts.push(
      rect(x - 13, 44, 26, 108, stone),
      rect(x - 18, 36, 36, 10, stone, { rx: 2 }),
      rect(x - 3, 50, 6, 96, p.mainLight, { opacity: 0.35 }),
    );
  }
  parts.push(
    rect(-195, 152, 390, 14, stone, { rx: 2 }),
    rect(-210, 166, 420, 14, mix(stone, p.mainLight, 0.35), { rx: 2 }),
    rect(-225, 180, 450, 14, mix(stone, p.mainLight, 0.6), { rx: 2 }),
  );
  parts.push(rect(-24, 80, 48, 72, p.mainDark, { rx: 24, opacity: 0.8 }));
  return { body: g(parts), w: 225, h: 235, grounded: true, props: [flag, speech, doc] };
};

const handshake: Motif = (c) => {
  const { p } = c;
  const skinA = p.skin[0];
  const skinB = mix(skinA, '#f3d2b0', 0.45);
  const lineA = mix(skinA, '#000000', 0.25);
  const lineB = mix(skinB, '#000000', 0.25);
  const sleeveA = p.main;
  const sleeveB = p.scheme === 'dark' ? p.paper : p.ink;
  const cuffA = p.scheme === 'vivid' ? p.accentLight : p.paper;
  const parts = [
    // The left arm: sleeve, cuff, and the hand behind (its palm edge shows under the other hand's fingers).
    poly(
      [
        [-275, 28],
        [-160, -40],
        [-130, 60],
        [-245, 128],
      ],
      sleeveA,
    ),
    poly(
      [
        [-172, -38],
        [-136, -48],
        [-106, 52],
        [-142, 62],
      ],
      cuffA,
    ),
    path('M-140 -44L-20 -58Q20 -60 22 -20L26 60Q24 84 -6 82L-118 60Z', skinA, { stroke: lineA, 'stroke-width': 4 }),
    // The right arm.
    poly(
      [
        [275, 28],
        [160, -40],
        [130, 60],
        [245, 128],
      ],
      sleeveB,
    ),
    poly(
      [
        [172, -38],
        [136, -48],
        [106, 52],
        [142, 62],
      ],
      cuffA,
    ),
    // The right hand, back towards us, its four fingers curled down around the left hand.
    path('M140 -48L0 -62Q-40 -62 -60 -40L-80 40L120 58Z', skinB, { stroke: lineB, 'stroke-width': 4 }),
    ...[-112, -80, -48, -16].map((x, i) =>
      rect(x, -40 + i * 4, 34, 112 - i * 10, skinB, { rx: 17, stroke: lineB, 'stroke-width': 4 }),
    ),
    // The left thumb lies over the back of the right hand.
    path('M-130 -46C-100 -80 -10 -92 50 -76C70 -70 70 -50 50 -48C0 -46 -60 -36 -100 -20Z', skinA, {
      stroke: lineA,
      'stroke-width': 4,
    }),
    stroke('M40 -10Q70 0 96 -6', lineB, 4, { opacity: 0.6 }),
  ];
  return {
    body: g(parts, { transform: 'translate(0 -20)' }),
    w: 280,
    h: 115,
    props: [speech, sparkle, doc],
    mirror: true,
    maxH: 0.6,
  };
};

/** Approximate coasts of Africa, Europe and Arabia: [lon, lat], for the globe. */
const AFRICA: [number, number][] = [
  [-17, 21],
  [-16, 28],
  [-10, 30],
  [-6, 35.8],
  [10, 37],
  [11, 33],
  [15, 32],
  [19, 30.3],
  [20, 32],
  [25, 31.6],
  [32, 31.2],
  [34, 27.5],
  [38, 18],
  [43, 12.5],
  [51, 11.8],
  [48, 5],
  [40, -3],
  [39, -10],
  [40, -16],
  [35, -24],
  [32, -29],
  [27, -34],
  [20, -35],
  [18, -32],
  [14, -22],
  [12, -12],
  [13, -5],
  [9, -1],
  [9, 4],
  [4, 6.3],
  [-2, 5],
  [-8, 4.5],
  [-13, 8],
  [-17, 14.5],
];
const EURASIA: [number, number][] = [
  [-9, 37],
  [-9, 43.5],
  [-1.5, 43.5],
  [-4.5, 48.5],
  [2, 51],
  [8, 54],
  [10, 57.5],
  [12, 55],
  [20, 55],
  [24, 60],
  [30, 60],
  [50, 62],
  [70, 62],
  [70, 25],
  [57, 25],
  [56, 18],
  [52, 16],
  [45, 13],
  [43, 13],
  [39, 21],
  [35, 28],
  [34.5, 31.5],
  [36, 36],
  [30, 36.5],
  [27, 37],
  [26, 40],
  [24, 38],
  [22, 37],
  [20, 40],
  [19.5, 42],
  [16, 41.5],
  [18.5, 40],
  [16, 38],
  [12.5, 42],
  [10, 44],
  [6, 43],
  [3, 43.3],
  [3, 42],
  [0, 38.8],
  [-6, 36.5],
];

const globe: Motif = (c) => {
  const { p, r } = c;
  const R = 165;
  const lon0 = r.range(5, 30);
  const lat0 = r.range(5, 25);
  const rad = Math.PI / 180;
  const project = ([lon, lat]: [number, number]) => {
    const dl = (lon - lon0) * rad;
    const la = lat * rad;
    const x = Math.cos(la) * Math.sin(dl);
    const y = Math.cos(lat0 * rad) * Math.sin(la) - Math.sin(lat0 * rad) * Math.cos(la) * Math.cos(dl);
    return `${n(x * R)} ${n(-y * R)}`;
  };
  const land = (pts: [number, number][]) => `M${pts.map(project).join('L')}Z`;
  const clip = c.uid('globe');
  c.defs.push(`<clipPath id="${clip}"><circle r="${R}"/></clipPath>`);
  const ocean = p.scheme === 'dark' ? p.mainDark : p.main;
  const landFill = p.scheme === 'dark' ? p.main : p.mainLight;
  const grid: string[] = [];
  for (const k of [0.35, 0.7])
    grid.push(ellipse(0, 0, R * k, R, 'none', { stroke: p.paper, 'stroke-width': 3, opacity: 0.45 }));
  grid.push(line(0, -R, 0, R, p.paper, 3, { opacity: 0.45 }));
  for (const y of [-0.5, 0, 0.5]) {
    const half = Math.sqrt(1 - y * y) * R;
    grid.push(ellipse(0, y * R, half, half * 0.18, 'none', { stroke: p.paper, 'stroke-width': 3, opacity: 0.45 }));
  }
  const sphere = g(
    [
      circle(0, 0, R, ocean),
      path(land(AFRICA), landFill),
      path(land(EURASIA), landFill),
      ...grid,
      circle(-R * 0.9, -R * 0.5, R * 1.05, p.paper, { opacity: 0.08 }),
      crescent(R, R * 0.96, R * 0.18, p.ink, { opacity: '0.18', transform: 'rotate(180)' }),
    ],
    { 'clip-path': `url(#${clip})` },
  );
  const parts: string[] = [];
  let h = 185;
  if (c.variant(2) === 0) {
    // A desk globe: meridian ring and stand.
    parts.push(g(sphere, { transform: 'rotate(-18)' }));
    parts.push(
      stroke(`M${n(-R - 22)} 30A${R + 24} ${R + 24} 0 1 1 ${n(R * 0.55)} ${n(R + 12)}`, p.accent, 12, {
        transform: 'rotate(-18)',
      }),
    );
    parts.push(
      rect(-8, R + 8, 16, 36, p.accentDark),
      ellipse(0, R + 50, 80, 16, p.accentDark),
      ellipse(0, R + 44, 80, 14, p.accent),
    );
    h = R + 66;
  } else {
    // An orbit ring with a satellite dot.
    parts.push(
      ellipse(0, 0, R * 1.45, R * 0.42, 'none', {
        stroke: p.accent,
        'stroke-width': 10,
        transform: 'rotate(-20)',
        opacity: 0.9,
      }),
    );
    parts.push(sphere);
    parts.push(
      path(`M${n(-R * 1.45)} 0A${n(R * 1.45)} ${n(R * 0.42)} 0 0 0 ${n(R * 1.45)} 0`, 'none', {
        stroke: p.accent,
        'stroke-width': 10,
        transform: 'rotate(-20)',
      }),
    );
    parts.push(circle(R * 1.3, -R * 0.65, 16, p.accent), circle(R * 1.3, -R * 0.65, 7, p.paper));
  }
  return { body: g(parts), w: 250, h, props: [pin, speech, flag, gull] };
};

const oilRig: Motif = (c) => {
  const { p } = c;
  const steel = p.scheme === 'dark' ? p.mainLight : p.mainDark;
  const parts: string[] = [];
  if (c.variant(3) !== 2) {
    // A derrick behind.
    const dx = 140;
    const lattice = [`M${dx - 60} 170L${dx - 14} -200M${dx + 60} 170L${dx + 14} -200`];
    for (let i = 0; i < 6; i++) {
      const y1 = 170 - i * 62;
      const y2 = y1 - 62;
      const w1 = 60 - i * 7.7;
      const w2 = w1 - 7.7;
      lattice.push(
        `M${n(dx - w1)} ${y1}L${n(dx + w2)} ${y2}M${n(dx + w1)} ${y1}L${n(dx - w2)} ${y2}M${n(dx - w2)} ${y2}H${n(dx + w2)}`,
      );
    }
    parts.push(
      stroke(lattice.join(''), p.deco, 7, { opacity: 0.5 }),
      rect(dx - 22, -212, 44, 14, p.deco, { opacity: 0.5 }),
    );
  }
  parts.push(rect(-215, 160, 420, 24, steel, { rx: 6 }));
  // Samson post.
  parts.push(
    limb(
      [
        [-45, 160],
        [0, -40],
        [45, 160],
      ],
      steel,
      20,
    ),
    line(-25, 70, 25, 70, steel, 12),
  );
  // Walking beam with the horse head, pitman arm, crank and counterweight.
  const beam = g(
    [
      rect(-185, -18, 340, 34, p.main, { rx: 8 }),
      path('M-160 -40H-195C-232 -20 -236 40 -214 96L-188 90C-204 44 -200 0 -172 -10Z', p.accent),
      circle(0, 0, 16, p.paper),
    ],
    { transform: 'translate(0 -40) rotate(-9)' },
  );
  parts.push(circle(120, 80, 56, p.accent, { opacity: 0.95 }), circle(120, 80, 14, p.paper));
  parts.push(
    limb(
      [
        [150, -62],
        [120, 80],
      ],
      steel,
      14,
    ),
  );
  parts.push(beam);
  parts.push(line(-212, 60, -212, 160, p.ink, 7), rect(-232, 126, 40, 34, p.ink, { rx: 4 }));
  parts.push(rect(160, 106, 50, 54, steel, { rx: 6 }), rect(170, 116, 30, 10, p.paper, { opacity: 0.5 }));
  return { body: g(parts), w: 235, h: 212, grounded: true, mirror: true, props: [drop, coin, arrowUp] };
};

const tanker: Motif = (c) => {
  const { p, r } = c;
  const hullTop = r.pick([p.main, p.mainDark, p.ink]);
  const hullBottom = p.accent;
  const house = p.paper;
  const parts: string[] = [];
  parts.push(path('M-285 -20H240L300 -44L262 70H-262L-285 40Z', hullTop));
  parts.push(path('M-280 32H280L262 70H-262Z', hullBottom));
  parts.push(rect(-285, -26, 560, 10, p.paper, { opacity: 0.5 }));
  // Deck: pipes and domes.
  parts.push(rect(-150, -34, 370, 8, p.mainLight), rect(-150, -46, 370, 6, p.mainLight, { opacity: 0.8 }));
  for (let x = -120; x < 220; x += 70) parts.push(path(`M${x - 18} -26A18 14 0 0 1 ${x + 18} -26Z`, p.mainLight));
  parts.push(rect(40, -70, 12, 44, p.mainLight), rect(20, -74, 52, 8, p.mainLight));
  // Superstructure and funnel.
  parts.push(rect(-262, -130, 100, 106, house, { rx: 4 }), rect(-270, -140, 116, 14, house, { rx: 3 }));
  parts.push(
    rect(-255, -118, 86, 14, p.ink, { rx: 4 }),
    rect(-255, -92, 86, 8, p.mainLight),
    rect(-255, -74, 86, 8, p.mainLight),
  );
  parts.push(rect(-252, -196, 36, 56, p.accent, { rx: 3 }), rect(-252, -180, 36, 10, p.paper));
  return {
    body: g(parts),
    w: 300,
    h: 200,
    cyFrac: 0.5,
    maxH: 0.7,
    mirror: true,
    scene: (l: Layout) => {
      const waterline = l.cy + 40 * l.scale;
      const sea = p.scheme === 'dark' ? mix(nat(c, '#1f6fb0', 0.3), p.ink, 0.35) : nat(c, '#2b86c8', 0.3);
      let d = `M0 ${n(waterline)}`;
      for (let x = 0; x <= ART_WIDTH; x += 80) d += `q20 -12 40 0t40 0`;
      d += `V${ART_HEIGHT}H0Z`;
      return (
        path(d, sea) + stroke(`M0 ${n(waterline + 60)}` + 'q30 -10 60 0t60 0'.repeat(12), p.paper, 4, { opacity: 0.3 })
      );
    },
    props: [gull, cloud, gull],
    propsSky: true,
  };
};

function chart(c: DrawContext, up: boolean): Subject {
  const { p, r } = c;
  const bars = r.int(4, 6);
  const values: number[] = [];
  for (let i = 0; i < bars; i++) {
    const t = i / (bars - 1);
    const v = up ? 0.25 + 0.7 * t : 0.95 - 0.7 * t;
    values.push(Math.max(0.12, Math.min(1, v + r.range(-0.08, 0.08))));
  }
  const parts: string[] = [];
  const panel = c.variant(2) === 0;
  const x0 = -170;
  const x1 = 170;
  const base = 150;
  const top = -120;
  const bw = ((x1 - x0) / bars) * 0.62;
  const highlight = up ? p.accent : p.accent;
  if (panel) {
    parts.push(rect(-210, -200, 420, 390, p.paper, { rx: 22 }));
    parts.push(
      rect(-180, -178, 90, 14, p.mainLight, { rx: 7 }),
      rect(-180, -155, 150, 10, p.mainLight, { rx: 5, opacity: 0.6 }),
    );
    for (let i = 0; i < 4; i++) parts.push(rect(x0, base - i * 70, x1 - x0, 3, p.mainLight, { opacity: 0.7 }));
  } else {
    parts.push(rect(x0 - 20, base, x1 - x0 + 40, 10, p.ink, { rx: 5 }));
  }
  const tops: [number, number][] = [];
  values.forEach((v, i) => {
    const x = x0 + ((i + 0.5) / bars) * (x1 - x0);
    const h = v * (base - top);
    tops.push([x, base - h]);
    const last = up ? i === bars - 1 : i === bars - 1;
    parts.push(rect(x - bw / 2, base - h, bw, h, last ? highlight : i % 2 ? p.main : p.mainLight, { rx: 6 }));
  });
  // The trend line and its arrow.
  const [lx, ly] = tops[tops.length - 1]!;
  const end: [number, number] = up ? [lx + 30, ly - 60] : [lx + 30, ly + 20];
  const linePts = tops.map(([x, y]) => [x, y - 40] as [number, number]);
  linePts[linePts.length - 1] = end;
  const lineColour = panel ? p.ink : p.scheme === 'dark' || p.scheme === 'vivid' ? p.paper : p.ink;
  parts.push(limb(linePts, lineColour, 12));
  const prev = linePts[linePts.length - 2]!;
  const ang = Math.atan2(end[1] - prev[1], end[0] - prev[0]);
  const head = (a: number, len: number): [number, number] => [end[0] + Math.cos(a) * len, end[1] + Math.sin(a) * len];
  parts.push(poly([head(ang, 22), head(ang + 2.5, 36), head(ang - 2.5, 36)], lineColour));
  for (const [x, y] of linePts.slice(0, -1))
    parts.push(circle(x, y, 11, lineColour), circle(x, y, 5, panel ? p.paper : p.bg[0]));
  return { body: g(parts), w: 215, h: 205, props: up ? [arrowUp, coin, sparkle] : [arrowDown, coin, doc] };
}

const banknotes: Motif = (c) => {
  const { p, r } = c;
  const noteColours = [p.main, mix(p.main, p.paper, 0.35), p.mainDark];
  const note = (fill: string) =>
    g([
      rect(-160, -80, 320, 160, fill, { rx: 10 }),
      rect(-146, -66, 292, 132, 'none', { stroke: p.paper, 'stroke-width': 4, opacity: 0.55, rx: 6 }),
      circle(70, 0, 44, p.paper, { opacity: 0.3 }),
      circle(70, 0, 30, 'none', { stroke: p.paper, 'stroke-width': 4, opacity: 0.6 }),
      rect(-120, -40, 90, 14, p.paper, { rx: 7, opacity: 0.5 }),
      rect(-120, -12, 60, 10, p.paper, { rx: 5, opacity: 0.35 }),
      rect(-120, 30, 40, 22, p.paper, { rx: 4, opacity: 0.45 }),
    ]);
  const parts: string[] = [];
  const rots = [r.range(-20, -12), r.range(-6, 2), r.range(6, 14)];
  rots.forEach((rot, i) => parts.push(g(note(noteColours[i]!), { transform: tr(-30 + i * 10, -40 + i * 22, 1, rot) })));
  // A stack of coins in front.
  const coins: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = 150 - i * 16;
    coins.push(
      ellipse(0, y + 8, 60, 18, GOLD_DARK),
      rect(-60, y - 8, 120, 16, GOLD_DARK),
      ellipse(0, y - 8, 60, 18, GOLD),
    );
  }
  coins.push(ellipse(0, 86, 40, 11, 'none', { stroke: GOLD_DARK, 'stroke-width': 4 }));
  parts.push(g(coins, { transform: 'translate(130 0)' }));
  parts.push(g(coin(c), { transform: 'translate(-150 130) scale(1.3)' }));
  return { body: g(parts), w: 230, h: 190, grounded: true, mirror: true, props: [coin, sparkle, arrowUp] };
};

const cardPayment: Motif = (c) => {
  const { p, r } = c;
  const body = p.scheme === 'dark' ? mix(p.ink, p.paper, 0.2) : p.ink;
  const parts: string[] = [];
  // Terminal.
  parts.push(rect(-20, -170, 190, 360, body, { rx: 28 }));
  parts.push(rect(0, -150, 150, 110, p.mainLight, { rx: 10 }), stroke('M45 -95L65 -75L105 -118', p.main, 12));
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 3; j++)
      parts.push(
        rect(8 + j * 48, -20 + i * 44, 38, 32, j === 2 && i === 3 ? p.accent : p.paper, {
          rx: 8,
          opacity: j === 2 && i === 3 ? 1 : 0.25,
        }),
      );
  parts.push(rect(40, 172, 90, 10, p.paper, { opacity: 0.2, rx: 5 }));
  // Contactless waves.
  parts.push(
    stroke('M195 -150A40 40 0 0 1 195 -90M215 -170A68 68 0 0 1 215 -70M235 -190A96 96 0 0 1 235 -50', p.accent, 9),
  );
  // The card, leaning in front.
  const card = g([
    rect(-150, -92, 290, 184, p.main, { rx: 18 }),
    path('M-150 40Q0 -20 140 30V74Q140 92 122 92H-132Q-150 92 -150 74Z', p.mainDark, { opacity: 0.35 }),
    rect(-115, -40, 56, 44, GOLD, { rx: 8 }),
    stroke('M-115 -18H-59M-87 -40V4', GOLD_DARK, 3),
    rect(-115, 38, 150, 14, p.paper, { rx: 7, opacity: 0.7 }),
    circle(90, -55, 18, p.accent, { opacity: 0.9 }),
    circle(112, -55, 18, p.paper, { opacity: 0.6 }),
  ]);
  parts.push(g(card, { transform: tr(-95, 60, 1, r.range(-18, -8)) }));
  return { body: g(parts), w: 250, h: 195, props: [checkBadge, coin, wifi] };
};

const port: Motif = (c) => {
  const { p, r } = c;
  const steel = p.scheme === 'dark' ? p.paper : p.ink;
  const colours = [p.accent, p.main, p.mainLight, p.accentDark, p.mainDark, mix(p.accent, p.main, 0.5)];
  const container = (x: number, y: number, w: number, fill: string) => {
    const ribs: string[] = [rect(x, y, w, 44, fill, { rx: 3 })];
    for (let i = 1; i < w / 14; i++) ribs.push(rect(x + i * 14, y + 5, 3, 34, '#000000', { opacity: 0.15 }));
    ribs.push(rect(x, y, w, 6, '#ffffff', { opacity: 0.2 }));
    return ribs.join('');
  };
  const parts: string[] = [];
  // Crane: legs, top beam with boom, trolley, cables and a hanging container.
  parts.push(
    limb(
      [
        [-200, 190],
        [-190, -150],
      ],
      steel,
      16,
    ),
    limb(
      [
        [-110, 190],
        [-120, -150],
      ],
      steel,
      16,
    ),
  );
  parts.push(
    limb(
      [
        [-200, 40],
        [-110, -40],
      ],
      steel,
      8,
    ),
    limb(
      [
        [-110, 40],
        [-200, -40],
      ],
      steel,
      8,
    ),
  );
  parts.push(
    rect(-240, -170, 480, 24, steel, { rx: 4 }),
    limb(
      [
        [-155, -230],
        [-240, -160],
      ],
      steel,
      8,
    ),
    limb(
      [
        [-155, -230],
        [200, -160],
      ],
      steel,
      8,
    ),
  );
  parts.push(rect(-170, -240, 30, 20, steel));
  parts.push(rect(40, -150, 60, 20, p.accent, { rx: 4 }));
  parts.push(line(55, -130, 55, -40, steel, 4), line(85, -130, 85, -40, steel, 4), rect(30, -44, 80, 8, steel));
  parts.push(container(20, -36, 100, r.pick(colours)));
  // Stacks of containers.
  for (let col = 0; col < 3; col++) {
    const rows = r.int(1, 3);
    for (let row = 0; row < rows; row++) parts.push(container(-60 + col * 96, 146 - row * 46, 92, r.pick(colours)));
  }
  parts.push(rect(-250, 190, 500, 16, steel, { rx: 3 }));
  return { body: g(parts), w: 250, h: 240, grounded: true, mirror: true, props: [gull, box, cloud] };
};

const plane: Motif = (c) => {
  const { p, r } = c;
  const body = p.scheme === 'light' || p.scheme === 'soft' ? p.paper : p.paper;
  const wing = p.scheme === 'vivid' ? p.mainLight : p.main;
  const parts: string[] = [];
  // Contrails.
  for (const y of [-95, 95])
    parts.push(line(-40, y, -520, y + (y > 0 ? 40 : -40) * 0.2, p.paper, 10, { opacity: 0.35 }));
  parts.push(
    poly(
      [
        [50, -18],
        [-40, -215],
        [-85, -215],
        [-30, -18],
      ],
      wing,
    ),
    poly(
      [
        [50, 18],
        [-40, 215],
        [-85, 215],
        [-30, 18],
      ],
      wing,
    ),
  );
  parts.push(rect(-20, -112, 64, 28, p.mainDark, { rx: 12 }), rect(-20, 84, 64, 28, p.mainDark, { rx: 12 }));
  parts.push(
    poly(
      [
        [-180, -16],
        [-225, -92],
        [-245, -92],
        [-225, -16],
      ],
      wing,
    ),
    poly(
      [
        [-180, 16],
        [-225, 92],
        [-245, 92],
        [-225, 16],
      ],
      wing,
    ),
  );
  parts.push(
    path(
      'M-250 0C-250 -14 -230 -24 -190 -24L190 -24C240 -24 262 -10 268 0C262 10 240 24 190 24L-190 24C-230 24 -250 14 -250 0Z',
      body,
    ),
  );
  parts.push(path('M205 -14C226 -12 242 -6 248 0C242 6 226 12 205 14Z', p.ink, { opacity: 0.85 }));
  parts.push(rect(-240, -5, 60, 10, p.accent, { rx: 5 }), rect(-160, -3, 330, 6, p.mainLight, { rx: 3, opacity: 0.7 }));
  const rot = r.range(-32, -18);
  return {
    body: g(parts, { transform: `rotate(${n(rot)})` }),
    w: 270,
    h: 215,
    mirror: true,
    maxH: 0.86,
    props: [cloud, cloud, sun, pin],
  };
};

const train: Motif = (c) => {
  const { p, r } = c;
  const body = r.chance(0.5) ? p.paper : p.mainLight;
  const stripe = p.accent;
  const parts: string[] = [];
  parts.push(path('M-300 -70H140C215 -70 268 -30 290 40V62H-300Z', body));
  parts.push(path('M-300 6H276L282 26H-300Z', stripe));
  parts.push(path('M-300 36H286V62H-300Z', p.main));
  parts.push(path('M170 -58C210 -54 246 -34 266 -6H180Z', p.ink));
  for (let x = -280; x < 140; x += 62) parts.push(rect(x, -50, 44, 36, p.ink, { rx: 8, opacity: 0.85 }));
  parts.push(rect(-300, -76, 440, 8, p.main, { rx: 4 }));
  parts.push(rect(20, -50, 6, 100, p.main, { opacity: 0.4 }));
  for (const x of [-250, -170, 150, 220]) parts.push(circle(x, 72, 20, p.ink), circle(x, 72, 7, p.mainLight));
  return {
    body: g(parts),
    w: 300,
    h: 95,
    maxH: 0.42,
    cyFrac: 0.55,
    mirror: true,
    scene: (l: Layout) => {
      const rail = l.cy + 92 * l.scale;
      const sleepers: string[] = [];
      for (let x = -20; x < ART_WIDTH; x += 46) sleepers.push(rect(x, rail + 4, 22, 16, p.mainDark, { opacity: 0.55 }));
      return (
        groundBand(rail + 12, mix(p.bg[1], p.ink, 0.25)) +
        sleepers.join('') +
        rect(0, rail - 4, ART_WIDTH, 10, p.ink) +
        // A line of poles along the track.
        Array.from({ length: 6 }, (_, i) =>
          rect(60 + i * 220, rail - 230 * l.scale, 8, 230 * l.scale, p.deco, { opacity: 0.35 }),
        ).join('') +
        line(0, rail - 220 * l.scale, ART_WIDTH, rail - 220 * l.scale, p.deco, 3, { opacity: 0.35 })
      );
    },
    props: [cloud, sun, pin],
    propsSky: true,
  };
};

const solarPanels: Motif = (c) => {
  const { p, r } = c;
  const cell = nat(c, '#1f4e9a', 0.2);
  const panel = (pts: [number, number][], cols: number, rows: number) => {
    const [a, b, cc, d] = pts as [[number, number], [number, number], [number, number], [number, number]];
    const lerp = (u: [number, number], v: [number, number], t: number): [number, number] => [
      u[0] + (v[0] - u[0]) * t,
      u[1] + (v[1] - u[1]) * t,
    ];
    const lines: string[] = [];
    for (let i = 1; i < cols; i++) {
      const [x1, y1] = lerp(a, b, i / cols);
      const [x2, y2] = lerp(d, cc, i / cols);
      lines.push(`M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`);
    }
    for (let j = 1; j < rows; j++) {
      const [x1, y1] = lerp(a, d, j / rows);
      const [x2, y2] = lerp(b, cc, j / rows);
      lines.push(`M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`);
    }
    return (
      poly(pts, cell, { stroke: p.paper, 'stroke-width': 6, 'stroke-linejoin': 'round' }) +
      stroke(lines.join(''), p.paper, 3, { opacity: 0.55 }) +
      poly([a, lerp(a, b, 0.4), lerp(d, cc, 0.15)], '#ffffff', { opacity: 0.12 })
    );
  };
  const parts: string[] = [];
  const sx = r.pick([-150, 150]);
  parts.push(circle(sx, -150, 62, GOLD));
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    parts.push(
      line(sx + Math.cos(a) * 78, -150 + Math.sin(a) * 78, sx + Math.cos(a) * 100, -150 + Math.sin(a) * 100, GOLD, 9),
    );
  }
  parts.push(line(-120, 60, -120, 190, p.ink, 10), line(60, 60, 60, 190, p.ink, 10));
  parts.push(
    panel(
      [
        [-190, -40],
        [90, -40],
        [130, 80],
        [-230, 80],
      ],
      6,
      3,
    ),
  );
  parts.push(line(110, 140, 110, 190, p.ink, 8), line(220, 140, 220, 190, p.ink, 8));
  parts.push(
    panel(
      [
        [60, 60],
        [230, 60],
        [258, 150],
        [40, 150],
      ],
      4,
      2,
    ),
  );
  return { body: g(parts), w: 255, h: 215, grounded: true, mirror: true, props: [bolt, leaf, bulb] };
};

const powerPylon: Motif = (c) => {
  const { p, r } = c;
  const steel = p.scheme === 'dark' || p.scheme === 'vivid' ? p.paper : p.ink;
  const d: string[] = ['M-95 210L-22 -180M95 210L22 -180M-22 -180L0 -225L22 -180'];
  const levels = [210, 130, 60, -10, -70, -125, -180];
  const half = (y: number) => 22 + ((y + 180) / 390) * 73;
  for (let i = 0; i < levels.length - 1; i++) {
    const y1 = levels[i]!;
    const y2 = levels[i + 1]!;
    d.push(
      `M${n(-half(y1))} ${y1}L${n(half(y2))} ${y2}M${n(half(y1))} ${y1}L${n(-half(y2))} ${y2}M${n(-half(y2))} ${y2}H${n(half(y2))}`,
    );
  }
  const arms = [
    [-125, 170],
    [-60, 130],
  ] as const;
  const parts: string[] = [];
  // Wires first, from the arm tips to beyond the picture.
  const wireColour = steel;
  for (const [y, w] of arms) {
    for (const side of [-1, 1]) {
      const x = side * w;
      parts.push(
        stroke(`M${x} ${y + 34}Q${side * (w + 250)} ${y + 110} ${side * (w + 560)} ${y + 20}`, wireColour, 3, {
          opacity: 0.7,
        }),
      );
    }
  }
  for (const [y, w] of arms) {
    d.push(`M${-w} ${y}H${w}M${-w} ${y}L${n(-half(y + 30))} ${y + 30}M${w} ${y}L${n(half(y + 30))} ${y + 30}`);
  }
  parts.push(stroke(d.join(''), steel, 7));
  for (const [y, w] of arms) for (const side of [-1, 1]) parts.push(rect(side * w - 5, y, 10, 34, p.accent, { rx: 4 }));
  if (r.chance(0.6)) parts.push(g(bolt(c), { transform: 'translate(0 40) scale(1.8)' }));
  return { body: g(parts), w: 180, h: 225, grounded: true, props: [bolt, bulb, cloud] };
};

const waterDrop: Motif = (c) => {
  const { p } = c;
  const water = nat(c, WATER, 0.12);
  const light = mix(water, '#ffffff', 0.45);
  const parts: string[] = [];
  if (c.variant(2) === 0) {
    parts.push(
      ellipse(0, 200, 150, 24, 'none', { stroke: water, 'stroke-width': 6, opacity: 0.5 }),
      ellipse(0, 200, 90, 14, 'none', { stroke: water, 'stroke-width': 6, opacity: 0.7 }),
    );
    parts.push(path('M0 -210C60 -120 150 -30 150 50A150 150 0 0 1 -150 50C-150 -30 -60 -120 0 -210Z', water));
    parts.push(
      path(
        'M0 -210C60 -120 150 -30 150 50A150 150 0 0 1 40 194C110 150 130 60 90 -20C60 -80 30 -140 0 -210Z',
        mix(water, '#000000', 0.18),
        { opacity: 0.45 },
      ),
    );
    parts.push(
      path('M-95 40C-95 -10 -70 -60 -40 -100', 'none', {
        stroke: light,
        'stroke-width': 18,
        'stroke-linecap': 'round',
      }),
      circle(-96, 84, 10, light),
    );
    return { body: g(parts), w: 170, h: 225, props: [drop, leaf, sparkle] };
  }
  // A tap with a drop falling into ripples.
  const metal = p.scheme === 'dark' ? p.mainLight : p.mainDark;
  parts.push(rect(-230, -170, 30, 110, metal, { rx: 8 }));
  parts.push(rect(-205, -140, 190, 50, metal, { rx: 14 }));
  parts.push(path('M-60 -140H10C40 -140 60 -120 60 -90V-40H10V-90H-60Z', metal));
  parts.push(rect(0, -50, 70, 18, mix(metal, '#000000', 0.2), { rx: 6 }));
  parts.push(rect(-70, -175, 20, 40, metal), rect(-130, -192, 140, 22, p.accent, { rx: 11 }));
  parts.push(rect(-190, -130, 160, 10, '#ffffff', { opacity: 0.25, rx: 5 }));
  parts.push(path('M35 -10C50 15 68 35 68 55A33 33 0 0 1 2 55C2 35 20 15 35 -10Z', water));
  parts.push(
    ellipse(35, 175, 120, 24, 'none', { stroke: water, 'stroke-width': 6, opacity: 0.5 }),
    ellipse(35, 175, 60, 12, water, { opacity: 0.8 }),
  );
  return { body: g(parts, { transform: 'translate(38 0)' }), w: 200, h: 200, mirror: true, props: [drop, drop, leaf] };
};

const wheat: Motif = (c) => {
  const { p, r } = c;
  const gold = nat(c, GOLD, 0.1);
  const dark = nat(c, GOLD_DARK, 0.1);
  const ear = (len: number) => {
    const out: string[] = [stroke(`M0 0V${-len}`, dark, 7)];
    for (let i = 0; i < 7; i++) {
      const y = -len + 20 + i * 22;
      out.push(ellipse(-13, y, 12, 22, gold, { transform: `rotate(-28 -13 ${y})` }));
      out.push(ellipse(13, y, 12, 22, i % 2 ? gold : dark, { transform: `rotate(28 13 ${y})` }));
      out.push(line(-18, y - 16, -34, y - 56, dark, 2.5), line(18, y - 16, 34, y - 56, dark, 2.5));
    }
    out.push(ellipse(0, -len + 4, 11, 22, gold));
    return out.join('');
  };
  const parts: string[] = [];
  const angles = [-24, -8, 8, 24];
  angles.forEach((a, i) => {
    const len = 330 - Math.abs(a) * 2 + r.range(-10, 10);
    parts.push(
      g(
        [
          stroke(`M0 0Q${n(a * 0.6)} ${n(-len * 0.4)} 0 ${n(-len * 0.55)}`, dark, 7),
          g(ear(170), { transform: `translate(0 ${n(-len * 0.55)})` }),
        ],
        { transform: `translate(${n((i - 1.5) * 18)} 210) rotate(${a})` },
      ),
    );
  });
  parts.push(
    path('M-40 210C-90 120 -130 80 -170 60C-120 100 -90 150 -60 210Z', nat(c, GRASS, 0.2)),
    path('M40 210C90 130 140 100 175 90C130 130 100 170 70 210Z', nat(c, GRASS, 0.3)),
  );
  return {
    body: g(parts),
    w: 180,
    h: 215,
    maxH: 0.86,
    cyFrac: 0.52,
    scene: (l: Layout) => {
      const top = l.cy + 150 * l.scale;
      const rows: string[] = [];
      for (let i = 0; i < 5; i++) rows.push(rect(0, top + 12 + i * 22, ART_WIDTH, 6, dark, { opacity: 0.25 }));
      return groundBand(top, mix(gold, p.bg[1], 0.35)) + rows.join('');
    },
    props: [sun, leaf, drop],
    propsSky: true,
  };
};

const road: Motif = (c) => {
  const { p, r } = c;
  const asphalt = p.scheme === 'dark' ? mix(p.ink, p.paper, 0.18) : mix(p.ink, p.main, 0.15);
  const parts: string[] = [];
  // The road runs from the horizon (y = -200) to beyond the bottom of the picture, straight or bending.
  const vx = r.range(-140, 140);
  const bend = c.variant(2) === 1 ? r.range(-260, 260) : 0;
  const at = (t: number, side: number) => {
    // t: 0 at the horizon, 1 at the bottom; side: -1 … 1 across the road.
    const y = -200 + t * 620;
    const half = 6 + t * 520;
    const centre = vx * (1 - t) + bend * t * (1 - t) * 2;
    return [centre + side * half, y] as [number, number];
  };
  const edge = (side: number) => Array.from({ length: 13 }, (_, i) => at(i / 12, side));
  const left = edge(-1);
  const right = edge(1);
  parts.push(poly([...left, ...right.reverse()], asphalt));
  for (const side of [-0.93, 0.93]) {
    const e = edge(side);
    parts.push(stroke(`M${e.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`, p.paper, 10, { opacity: 0.85 }));
  }
  for (let i = 0; i < 8; i++) {
    const t1 = (i / 8) ** 1.5;
    const t2 = ((i + 0.45) / 8) ** 1.5;
    const [x1, y1] = at(t1, 0);
    const [x2, y2] = at(t2, 0);
    const w1 = 2 + t1 * 16;
    const w2 = 2 + t2 * 16;
    parts.push(
      poly(
        [
          [x1 - w1, y1],
          [x1 + w1, y1],
          [x2 + w2, y2],
          [x2 - w2, y2],
        ],
        GOLD,
      ),
    );
  }
  const cone = (x: number, y: number, s: number) =>
    g(
      [
        rect(-38, 60, 76, 14, '#333333', { rx: 4 }),
        poly(
          [
            [-10, -70],
            [10, -70],
            [32, 62],
            [-32, 62],
          ],
          '#f07d22',
        ),
        poly(
          [
            [-15, -36],
            [15, -36],
            [19, -12],
            [-19, -12],
          ],
          '#ffffff',
        ),
        poly(
          [
            [-23, 12],
            [23, 12],
            [27, 36],
            [-27, 36],
          ],
          '#ffffff',
        ),
      ],
      { transform: tr(x, y, s) },
    );
  const side = r.pick([-1, 1]);
  const extras = c.variant(3);
  if (extras === 0) {
    // Road works: a row of cones along one lane and a barrier.
    for (const [t, s] of [
      [0.55, 1.3],
      [0.38, 0.85],
      [0.26, 0.55],
    ] as const) {
      const [x, y] = at(t, side * 0.45);
      parts.push(cone(x, y - 40 * s, s));
    }
    const [bx, by] = at(0.5, -side * 0.95);
    parts.push(
      g(
        [
          rect(-90, -30, 180, 40, '#ffffff', { rx: 4 }),
          ...[-70, -20, 30].map((x) =>
            poly(
              [
                [x, -30],
                [x + 30, -30],
                [x + 10, 10],
                [x - 20, 10],
              ],
              '#e23b2e',
            ),
          ),
          rect(-80, 10, 12, 70, p.ink),
          rect(68, 10, 12, 70, p.ink),
        ],
        { transform: tr(bx - side * 40, by - 60, 0.9) },
      ),
    );
  } else if (extras === 1) {
    // Street lamps along the road.
    for (const t of [0.2, 0.35, 0.6]) {
      const [x, y] = at(t, side * 1.12);
      const h = 40 + t * 300;
      const arm = -side * h * 0.3;
      parts.push(
        line(x, y, x, y - h, p.ink, 3 + t * 10),
        line(x, y - h, x + arm, y - h, p.ink, 3 + t * 10),
        ellipse(x + arm, y - h + 4 + t * 6, 6 + t * 22, 3 + t * 9, GOLD),
      );
    }
  } else {
    // A warning sign on a post, and a single cone.
    const [x, y] = at(0.42, side * 1.15);
    parts.push(
      line(x, y, x, y - 170, p.ink, 10),
      poly(
        [
          [x, y - 275],
          [x + 66, y - 160],
          [x - 66, y - 160],
        ],
        '#ffffff',
      ),
      poly(
        [
          [x, y - 254],
          [x + 48, y - 170],
          [x - 48, y - 170],
        ],
        '#f4b400',
      ),
      rect(x - 7, y - 236, 14, 38, p.ink, { rx: 5 }),
      circle(x, y - 186, 8, p.ink),
    );
    const [cx, cy] = at(0.75, -side * 0.5);
    parts.push(cone(cx, cy - 60, 1.4));
  }
  return {
    body: g(parts),
    w: 300,
    h: 220,
    maxH: 0.8,
    cyFrac: 0.64,
    scene: (l: Layout) =>
      groundBand(l.cy - 200 * l.scale, mix(p.bg[1], p.mainLight, 0.5)) +
      rect(0, l.cy - 200 * l.scale - 3, ART_WIDTH, 6, p.deco, { opacity: 0.3 }),
    props: [cloud, sun],
    propsSky: true,
  };
};

const rain: Motif = (c) => {
  const { p, r } = c;
  const onDark = p.scheme === 'dark' || p.scheme === 'vivid';
  const cloudColour = onDark ? p.paper : mix('#7f92ab', p.main, 0.12);
  const back = onDark ? mix(p.paper, p.main, 0.4) : mix(cloudColour, p.ink, 0.35);
  const water = nat(c, WATER, 0.1);
  const cloudPath =
    'M-170 40C-215 40 -215 -30 -165 -34C-170 -100 -90 -120 -55 -80C-30 -150 80 -150 100 -70C160 -90 200 -30 175 10C210 30 195 40 170 40Z';
  const parts: string[] = [];
  parts.push(path(cloudPath, back, { transform: 'translate(60 -60) scale(0.75)' }));
  parts.push(path(cloudPath, cloudColour));
  parts.push(
    path('M-170 40C-205 40 -210 10 -195 -6C-160 20 120 20 190 0C200 20 195 40 170 40Z', p.mainLight, { opacity: 0.45 }),
  );
  for (let i = 0; i < 14; i++) {
    const x = -160 + (i % 7) * 52 + (i >= 7 ? 26 : 0);
    const y = 75 + (i >= 7 ? 70 : 0) + r.range(-10, 10);
    parts.push(line(x, y, x - 14, y + 44, water, 11));
  }
  if (r.chance(0.5))
    parts.push(
      poly(
        [
          [30, 20],
          [-20, 110],
          [10, 110],
          [-20, 200],
          [60, 90],
          [28, 90],
          [60, 20],
        ],
        GOLD,
      ),
    );
  parts.push(ellipse(0, 225, 180, 18, water, { opacity: 0.45 }));
  return { body: g(parts), w: 215, h: 240, mirror: true, props: [drop, cloud, bolt] };
};

const school: Motif = (c) => {
  const { p } = c;
  const parts: string[] = [];
  if (c.variant(2) === 0) {
    const wall = p.scheme === 'vivid' ? p.paper : p.mainLight;
    parts.push(rect(-215, -20, 430, 200, wall));
    parts.push(rect(-225, -34, 450, 18, p.mainDark, { rx: 4 }));
    parts.push(rect(-70, -120, 140, 300, p.main));
    parts.push(
      poly(
        [
          [-90, -110],
          [90, -110],
          [0, -200],
        ],
        p.mainDark,
      ),
    );
    parts.push(circle(0, -55, 34, p.paper), line(0, -55, 0, -78, p.ink, 6), line(0, -55, 16, -46, p.ink, 6));
    parts.push(
      rect(-3, -260, 6, 60, p.ink),
      path('M3 -258Q20 -264 36 -258T68 -258V-232Q52 -238 36 -232T3 -232Z', p.accent),
    );
    for (const side of [-1, 1])
      for (let i = 0; i < 2; i++)
        for (let j = 0; j < 2; j++)
          parts.push(
            rect(side > 0 ? 95 + j * 60 : -145 + j * 60, 10 + i * 80, 44, 52, p.accent, { rx: 4, opacity: 0.9 }),
            rect(side > 0 ? 115 + j * 60 : -125 + j * 60, 10 + i * 80, 4, 52, p.paper),
          );
    parts.push(path('M-36 180V90A36 36 0 0 1 36 90V180Z', p.ink));
    parts.push(rect(-240, 180, 480, 16, p.mainDark, { rx: 4 }));
    return { body: g(parts), w: 240, h: 260, grounded: true, props: [stackBooks, doc, sun] };
  }
  // A book and a pencil.
  parts.push(rect(-190, -10, 300, 64, p.mainDark, { rx: 8 }), rect(-180, -2, 284, 12, p.paper, { opacity: 0.85 }));
  parts.push(rect(-170, 54, 320, 70, p.accent, { rx: 8 }), rect(-160, 62, 300, 12, p.paper, { opacity: 0.85 }));
  parts.push(rect(-200, 124, 360, 76, p.main, { rx: 8 }), rect(-190, 132, 340, 14, p.paper, { opacity: 0.85 }));
  const pencil = g([
    rect(-180, -22, 300, 44, GOLD),
    rect(-180, -22, 300, 14, '#ffffff', { opacity: 0.25 }),
    rect(-220, -22, 40, 44, '#e8788a', { rx: 8 }),
    rect(-190, -22, 18, 44, '#b0b7c0'),
    poly(
      [
        [120, -22],
        [185, 0],
        [120, 22],
      ],
      '#f1d3a1',
    ),
    poly(
      [
        [164, -7],
        [185, 0],
        [164, 7],
      ],
      p.ink,
    ),
  ]);
  parts.push(g(pencil, { transform: 'translate(20 -110) rotate(-18)' }));
  return { body: g(parts), w: 230, h: 210, grounded: true, mirror: true, props: [stackBooks, star, doc] };
};

const graduationCap: Motif = (c) => {
  const { p } = c;
  const cap = p.scheme === 'dark' ? mix(p.main, p.ink, 0.3) : p.ink;
  const top = mix(cap, '#ffffff', 0.12);
  const parts = [
    path('M-130 -30V70Q0 130 130 70V-30Q0 10 -130 -30Z', mix(cap, '#000000', 0.2)),
    path('M-130 50Q0 110 130 50V70Q0 130 -130 70Z', p.main, { opacity: 0.8 }),
    poly(
      [
        [0, -170],
        [240, -80],
        [0, 10],
        [-240, -80],
      ],
      top,
    ),
    poly(
      [
        [0, 10],
        [240, -80],
        [240, -68],
        [0, 24],
        [-240, -68],
        [-240, -80],
      ],
      mix(cap, '#000000', 0.3),
    ),
    circle(0, -80, 14, GOLD),
    stroke('M0 -80L170 -40V70', GOLD, 7),
    path('M156 70H184L196 140H144Z', GOLD),
    rect(156, 60, 28, 16, GOLD_DARK, { rx: 4 }),
  ];
  return { body: g(parts), w: 245, h: 175, mirror: true, props: [doc, star, stackBooks] };
};

const hospital: Motif = (c) => {
  const { p } = c;
  const cross = nat(c, RED, 0.06);
  const parts: string[] = [];
  if (c.variant(2) === 0) {
    parts.push(circle(0, 0, 190, p.paper), circle(0, 0, 190, 'none', { stroke: p.mainLight, 'stroke-width': 16 }));
    parts.push(rect(-48, -130, 96, 260, cross, { rx: 16 }), rect(-130, -48, 260, 96, cross, { rx: 16 }));
    parts.push(stroke('M-250 80H-140L-115 40L-85 110L-60 80H-20', p.main, 10, { opacity: 0.9 }));
    return { body: g(parts), w: 200, h: 200, props: [plusBadge, heartSmall, sparkle] };
  }
  const wall = p.paper;
  parts.push(rect(-210, -120, 420, 300, wall, { rx: 6 }));
  parts.push(
    rect(-80, -190, 160, 80, wall, { rx: 6 }),
    rect(-22, -178, 44, 56, cross, { rx: 6 }),
    rect(-50, -166, 100, 32, cross, { rx: 6 }),
  );
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 6; j++)
      if (!(i === 2 && (j === 2 || j === 3)))
        parts.push(rect(-185 + j * 64, -90 + i * 75, 44, 48, p.mainLight, { rx: 4 }));
  parts.push(
    rect(-70, 104, 140, 76, p.main, { rx: 4 }),
    rect(-90, 90, 180, 18, cross, { rx: 4 }),
    rect(-4, 110, 8, 70, p.paper, { opacity: 0.6 }),
  );
  parts.push(rect(-230, 176, 460, 14, p.mainDark, { rx: 4 }));
  return { body: g(parts), w: 235, h: 195, grounded: true, props: [plusBadge, heartSmall, cloud] };
};

const syringe: Motif = (c) => {
  const { p, r } = c;
  const liquid = p.accent;
  const glass = p.paper;
  const parts = [
    line(150, 0, 265, 0, p.ink, 6),
    rect(120, -16, 34, 32, p.mainDark, { rx: 4 }),
    rect(-120, -44, 245, 88, glass, { rx: 10, opacity: 0.95 }),
    rect(-40, -34, 158, 68, liquid, { rx: 6 }),
    ...[-90, -60, -30, 0, 30, 60, 90].map((x, i) => rect(x, -44, 4, i % 2 ? 22 : 32, p.mainDark)),
    rect(-136, -64, 18, 128, p.main, { rx: 6 }),
    rect(-48, -30, 10, 60, p.mainDark),
    rect(-240, -12, 200, 24, p.main, { rx: 6 }),
    rect(-260, -50, 22, 100, p.mainDark, { rx: 8 }),
    rect(-110, -36, 220, 10, '#ffffff', { opacity: 0.5, rx: 5 }),
  ];
  const drops = [path('M290 -30C296 -20 302 -14 302 -6A12 12 0 0 1 278 -6C278 -14 284 -20 290 -30Z', liquid)];
  return {
    body: g([...parts, ...drops], { transform: `rotate(${n(-r.range(28, 40))})` }),
    w: 245,
    h: 190,
    mirror: true,
    props: [plusBadge, drop, checkBadge],
  };
};

const aidBox: Motif = (c) => {
  const { p, r } = c;
  const kraft = nat(c, KRAFT, 0.1);
  const side = mix(kraft, '#000000', 0.22);
  const lid = mix(kraft, '#ffffff', 0.18);
  const parts = [
    poly(
      [
        [120, -60],
        [210, -110],
        [210, 120],
        [120, 180],
      ],
      side,
    ),
    poly(
      [
        [-190, -60],
        [120, -60],
        [210, -110],
        [-100, -110],
      ],
      lid,
    ),
    rect(-190, -60, 310, 240, kraft),
    poly(
      [
        [-60, -110],
        [0, -110],
        [-70, -60],
        [-130, -60],
      ],
      p.paper,
      { opacity: 0.5 },
    ),
    rect(-130, -60, 60, 240, mix(kraft, '#ffffff', 0.3), { opacity: 0.45 }),
    circle(-35, 60, 82, p.paper),
    g(crescent(62, 52, 26, RED), { transform: 'translate(-45 60) rotate(180)' }),
  ];
  if (r.chance(0.5)) parts.push(g(box(c), { transform: 'translate(200 150) scale(1.4)' }));
  return { body: g(parts), w: 230, h: 190, grounded: true, props: [heartSmall, drop, box] };
};

const football: Motif = (c) => {
  const { r } = c;
  const R = 150;
  const pent = (cx: number, cy: number, rr: number, rot: number) => {
    const pts: [number, number][] = [];
    for (let i = 0; i < 5; i++) {
      const a = rot + (i * 2 * Math.PI) / 5;
      pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
    }
    return pts;
  };
  const clip = c.uid('ball');
  c.defs.push(`<clipPath id="${clip}"><circle r="${R}"/></clipPath>`);
  const ink = r.chance(0.6) ? '#1d2330' : c.p.mainDark;
  const inner: string[] = [circle(0, 0, R, '#ffffff')];
  const centre = pent(0, 0, 50, -Math.PI / 2);
  inner.push(poly(centre, ink));
  centre.forEach(([x, y]) => {
    const a = Math.atan2(y, x);
    const far = pent(Math.cos(a) * 150, Math.sin(a) * 150, 52, a);
    inner.push(poly(far, ink));
    inner.push(line(x, y, Math.cos(a) * 100, Math.sin(a) * 100, ink, 6));
  });
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + ((i + 0.5) * 2 * Math.PI) / 5;
    inner.push(line(Math.cos(a) * 82, Math.sin(a) * 82, Math.cos(a) * 150, Math.sin(a) * 150, ink, 6));
  }
  inner.push(crescent(R, R * 0.95, R * 0.2, '#9aa3b5', { opacity: '0.45', transform: 'rotate(40)' }));
  const ball = g(inner, { 'clip-path': `url(#${clip})`, transform: `rotate(${n(r.range(0, 72))})` });
  const grass = nat(c, GRASS, 0.12);
  const chalk = (d: string) => stroke(d, '#ffffff', 6, { opacity: 0.8 });
  const view = c.variant(3);
  let scene: (l: Layout) => string;
  if (view === 0) {
    // The pitch in perspective, from the halfway line.
    scene = (l) => {
      const top = r.range(0.3, 0.4) * ART_HEIGHT;
      const stripes: string[] = [];
      for (let i = 0; i < 8; i++) {
        const x1 = -200 + i * 220;
        stripes.push(
          poly(
            [
              [x1, top],
              [x1 + 110, top],
              [(x1 + 110 - 600) * 1.4 + 600, ART_HEIGHT],
              [(x1 - 600) * 1.4 + 600, ART_HEIGHT],
            ],
            '#ffffff',
            { opacity: 0.07 },
          ),
        );
      }
      const mid = ART_WIDTH - l.cx;
      return (
        groundBand(top, grass) +
        stripes.join('') +
        ellipse(mid, l.cy + l.hh * 0.9, 240, 60, 'none', { stroke: '#ffffff', 'stroke-width': 6, opacity: 0.8 }) +
        chalk(`M${n(mid)} ${n(top)}V${ART_HEIGHT}M0 ${n(top)}H${ART_WIDTH}`)
      );
    };
  } else if (view === 1) {
    // The pitch from above: mown stripes, the centre circle round the ball, a penalty area at one end.
    scene = (l) => {
      const stripes: string[] = [];
      for (let x = 0; x < ART_WIDTH; x += 160) stripes.push(rect(x, 0, 80, ART_HEIGHT, '#ffffff', { opacity: 0.06 }));
      const end = l.cx < ART_WIDTH / 2 ? ART_WIDTH - 40 : 40;
      const dir = end > ART_WIDTH / 2 ? -1 : 1;
      return (
        rect(0, 0, ART_WIDTH, ART_HEIGHT, grass) +
        stripes.join('') +
        circle(l.cx, l.cy, l.hh * 1.6, 'none', { stroke: '#ffffff', 'stroke-width': 6, opacity: 0.8 }) +
        chalk(
          `M${n(l.cx)} 0V${ART_HEIGHT}M${end} 30V${ART_HEIGHT - 30}M${end} 150H${end + dir * 170}V${ART_HEIGHT - 150}H${end}`,
        ) +
        circle(end + dir * 120, ART_HEIGHT / 2, 7, '#ffffff')
      );
    };
  } else {
    // In front of the goal: posts, crossbar and net behind the ball.
    scene = (l) => {
      const ground = l.cy + l.hh * 0.75;
      const half = Math.min(380, ART_WIDTH / 2 - 40);
      const gx = Math.max(half + 30, Math.min(ART_WIDTH - half - 30, l.cx));
      const bar = Math.max(40, ground - 420);
      const net: string[] = [];
      for (let x = gx - half; x <= gx + half; x += 34) net.push(`M${n(x)} ${n(bar)}V${n(ground)}`);
      for (let y = bar; y <= ground; y += 34) net.push(`M${n(gx - half)} ${n(y)}H${n(gx + half)}`);
      return (
        groundBand(ground, grass) +
        stroke(net.join(''), '#ffffff', 3, { opacity: 0.35 }) +
        stroke(`M${n(gx - half)} ${n(ground)}V${n(bar)}H${n(gx + half)}V${n(ground)}`, '#ffffff', 18) +
        chalk(`M0 ${n(ground + 40)}H${ART_WIDTH}`)
      );
    };
  }
  return {
    body: g([ball, circle(0, 0, R, 'none', { stroke: ink, 'stroke-width': 5 })]),
    w: 155,
    h: 155,
    grounded: view !== 1,
    maxH: 0.62,
    cyFrac: view === 1 ? 0.5 : 0.58,
    scene,
    props: [star, trophySmall, sparkle],
    propsSky: view === 0,
  };
};

const trophy: Motif = (c) => {
  const { p, r } = c;
  const silver = c.variant(2) === 1;
  const gold = silver ? '#d5dbe3' : GOLD;
  const dark = silver ? '#9aa5b4' : GOLD_DARK;
  const parts = [
    stroke('M-112 -150C-200 -150 -190 -40 -70 -20', dark, 24),
    stroke('M112 -150C200 -150 190 -40 70 -20', dark, 24),
    path('M-120 -200H120C120 -70 80 -5 0 5C-80 -5 -120 -70 -120 -200Z', gold),
    path('M40 -200H120C120 -70 80 -5 0 5C50 -30 60 -110 40 -200Z', dark, { opacity: 0.35 }),
    ellipse(0, -200, 120, 16, mix(gold, '#ffffff', 0.3)),
    rect(-70, -170, 16, 120, '#ffffff', { opacity: 0.35, rx: 8 }),
    r.chance(0.5) ? star5(0, -100, 40, p.paper) : circle(0, -100, 38, p.accent) + star5(0, -100, 24, p.paper),
    rect(-22, 5, 44, 70, dark),
    ellipse(0, 75, 50, 14, gold),
    poly(
      [
        [-95, 90],
        [95, 90],
        [115, 190],
        [-115, 190],
      ],
      p.scheme === 'dark' ? p.mainDark : p.ink,
    ),
    rect(-60, 120, 120, 40, gold, { rx: 4 }),
    rect(-62, 80, 124, 14, dark, { rx: 4 }),
  ];
  return { body: g(parts), w: 200, h: 210, grounded: true, props: [star, medal, sparkle] };
};

const basketball: Motif = (c) => {
  const { p } = c;
  const orange = '#ec7a22';
  const ink = '#2a1a10';
  const board = p.paper;
  const rim = p.accent === orange ? p.main : '#e2452b';
  const parts = [
    rect(40, -230, 200, 140, board, { rx: 8, stroke: p.mainLight, 'stroke-width': 8 }),
    rect(100, -180, 80, 60, 'none', { stroke: rim, 'stroke-width': 7 }),
    // Net.
    stroke(
      'M80 -90L100 -10M110 -90L115 -10M140 -90L140 -10M170 -90L165 -10M200 -90L180 -10M88 -60L192 -60M96 -32L186 -32',
      p.paper,
      4,
      { opacity: 0.9 },
    ),
    ellipse(140, -90, 64, 12, 'none', { stroke: rim, 'stroke-width': 9 }),
    g(
      [
        circle(0, 0, 130, orange),
        crescent(130, 124, 30, mix(orange, '#000000', 0.25), { opacity: '0.5', transform: 'rotate(30)' }),
        stroke('M0 -130V130M-130 0H130M-92 -92C-40 -40 -40 40 -92 92M92 -92C40 -40 40 40 92 92', ink, 7),
        circle(0, 0, 130, 'none', { stroke: ink, 'stroke-width': 6 }),
      ],
      { transform: 'translate(-80 90) rotate(20)' },
    ),
  ];
  return { body: g(parts), w: 225, h: 230, mirror: true, props: [star, trophySmall, sparkle] };
};

const runner: Motif = (c) => {
  const { p } = c;
  const [skin, skinDark] = p.skin;
  const shirt = p.scheme === 'vivid' ? p.paper : p.main;
  const shorts = p.scheme === 'dark' ? p.paper : p.ink;
  const shoe = p.accent;
  const parts = [
    // Speed lines.
    ...[-80, -20, 40].map((y, i) => line(-260 + i * 20, y, -150 + i * 10, y, p.mainLight, 10, { opacity: 0.7 })),
    // Back arm and leg.
    limb(
      [
        [10, -110],
        [-50, -60],
        [-70, -10],
      ],
      skinDark,
      30,
    ),
    limb(
      [
        [-5, 30],
        [-70, 80],
        [-150, 70],
      ],
      skinDark,
      38,
    ),
    path('M-160 52L-190 60L-186 92L-148 86Z', mix(shoe, '#000000', 0.2)),
    // Torso and shorts.
    limb(
      [
        [25, -120],
        [-5, 20],
      ],
      shirt,
      70,
    ),
    path('M-45 0H40L50 60L10 70L-10 40L-50 50Z', shorts),
    // Front leg and arm.
    limb(
      [
        [5, 40],
        [80, 80],
        [70, 170],
      ],
      skin,
      40,
    ),
    path('M50 165H110L118 195H45Z', shoe),
    limb(
      [
        [30, -100],
        [90, -50],
        [140, -95],
      ],
      skin,
      30,
    ),
    circle(50, -185, 40, skin),
    path('M14 -200C18 -236 70 -240 88 -206C70 -216 40 -214 14 -200Z', p.ink),
  ];
  // The finish line: posts and a tape.
  const finish =
    c.variant(2) === 0
      ? [
          rect(205, -220, 14, 420, p.ink, { rx: 5 }),
          path('M212 -60Q180 -50 150 -70', 'none', { stroke: p.accent, 'stroke-width': 10 }),
          path('M212 -60Q240 -40 270 -55', 'none', { stroke: p.accent, 'stroke-width': 10 }),
        ]
      : [
          rect(-250, 200, 520, 16, p.paper),
          ...Array.from({ length: 13 }, (_, i) => rect(-250 + i * 40, 200 + (i % 2) * 8, 20, 8, p.ink)),
        ];
  return {
    body: g([...finish, ...parts]),
    w: 270,
    h: 230,
    mirror: true,
    grounded: true,
    props: [medal, star, sparkle],
  };
};

const martialArts: Motif = (c) => {
  const { p, r } = c;
  const gi = p.scheme === 'light' || p.scheme === 'soft' ? '#ffffff' : p.paper;
  const giShade = mix(gi, p.shadow, 0.14);
  const [skin] = p.skin;
  const belt = r.pick(['#1c1c1c', '#1c1c1c', p.accentDark]);
  const parts = [
    // Sleeves.
    poly(
      [
        [-150, -170],
        [-215, -130],
        [-250, 60],
        [-170, 80],
        [-140, -40],
      ],
      giShade,
    ),
    poly(
      [
        [150, -170],
        [215, -130],
        [250, 60],
        [170, 80],
        [140, -40],
      ],
      giShade,
    ),
    // Jacket.
    path('M-150 -180L-60 -200H60L150 -180L160 210H-160Z', gi),
    poly(
      [
        [-50, -200],
        [50, -200],
        [0, -100],
      ],
      skin,
    ),
    // Lapels, the left over the right.
    limb(
      [
        [50, -200],
        [-60, 40],
      ],
      giShade,
      44,
    ),
    limb(
      [
        [-50, -200],
        [70, 40],
      ],
      mix(gi, p.shadow, 0.08),
      44,
    ),
    line(-50, -200, 70, 40, p.mainLight, 4, { opacity: 0.5 }),
    // Belt with its knot and hanging ends.
    rect(-165, 40, 330, 46, belt, { rx: 6 }),
    poly(
      [
        [-20, 70],
        [10, 70],
        [-40, 210],
        [-80, 200],
      ],
      belt,
    ),
    poly(
      [
        [-10, 70],
        [20, 70],
        [80, 200],
        [40, 210],
      ],
      belt,
    ),
    rect(-38, 26, 76, 70, belt, { rx: 10, transform: 'rotate(8)' }),
    rect(-30, 34, 60, 10, '#ffffff', { opacity: 0.15, rx: 5, transform: 'rotate(8)' }),
    rect(-80, 188, 44, 14, GOLD, { transform: 'rotate(15 -60 195)' }),
    rect(40, 188, 44, 14, GOLD, { transform: 'rotate(-15 60 195)' }),
  ];
  return { body: g(parts), w: 255, h: 215, props: [medal, star, trophySmall] };
};

const stadium: Motif = (c) => {
  const { p } = c;
  const grass = nat(c, GRASS, 0.12);
  const parts: string[] = [];
  // Floodlights behind.
  for (const x of [-230, 230]) {
    parts.push(
      poly(
        [
          [x, -170],
          [x - 120 * Math.sign(x), 80],
          [x + 20 * Math.sign(-x), 80],
        ],
        '#ffffff',
        { opacity: 0.12 },
      ),
    );
    parts.push(rect(x - 5, -170, 10, 200, p.ink), rect(x - 40, -205, 80, 44, p.ink, { rx: 6 }));
    for (let i = 0; i < 3; i++) for (let j = 0; j < 2; j++) parts.push(circle(x - 24 + i * 24, -194 + j * 22, 8, GOLD));
  }
  parts.push(path('M-260 20V80A260 100 0 0 0 260 80V20Z', p.mainDark));
  for (let x = -240; x <= 240; x += 40)
    parts.push(rect(x - 4, 40 + Math.sqrt(Math.max(0, 1 - (x / 260) ** 2)) * 0, 8, 60, p.main, { opacity: 0.5 }));
  parts.push(ellipse(0, 20, 260, 100, p.main));
  parts.push(ellipse(0, 20, 230, 82, p.mainLight));
  for (const k of [0.85, 0.7])
    parts.push(
      ellipse(0, 20 + (1 - k) * 10, 230 * k + 20, 82 * k + 6, 'none', {
        stroke: p.main,
        'stroke-width': 4,
        opacity: 0.5,
      }),
    );
  parts.push(ellipse(0, 30, 150, 48, grass));
  parts.push(
    ellipse(0, 30, 150, 48, 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.7 }),
    line(0, -18, 0, 78, '#ffffff', 3, { opacity: 0.7 }),
    ellipse(0, 30, 30, 10, 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.7 }),
  );
  // Roof canopy over the far stand.
  parts.push(path('M-250 0A250 92 0 0 1 250 0L230 20A230 82 0 0 0 -230 20Z', p.paper, { opacity: 0.9 }));
  return { body: g(parts), w: 275, h: 205, grounded: true, maxH: 0.76, props: [star, trophySmall, flag] };
};

const book: Motif = (c) => {
  const { p, r } = c;
  const page = p.paper;
  const pageShade = mix(p.paper, p.shadow, 0.1);
  const textLines = (x0: number, dir: number) => {
    const out: string[] = [];
    for (let i = 0; i < 7; i++) {
      const y = -80 + i * 28;
      const len = i === 6 ? 80 : r.range(120, 160);
      out.push(rect(dir > 0 ? x0 : x0 - len, y + (dir > 0 ? 8 : 8) * (1 - i / 7), len, 8, p.mainLight, { rx: 4 }));
    }
    return out.join('');
  };
  const parts = [
    path('M-235 -90V150C-150 132 -60 140 0 170C60 140 150 132 235 150V-90Z', p.main),
    path('M-225 -100V136C-150 120 -60 128 0 158V-70C-60 -110 -150 -118 -225 -100Z', pageShade),
    path('M-215 -112V126C-150 110 -60 118 0 148V-78C-60 -118 -150 -128 -215 -112Z', page),
    path('M225 -100V136C150 120 60 128 0 158V-70C60 -110 150 -118 225 -100Z', pageShade),
    path('M215 -112V126C150 110 60 118 0 148V-78C60 -118 150 -128 215 -112Z', page),
    textLines(-190, 1),
    rect(30, -70, 160, 90, p.accentLight, { rx: 6 }),
    poly(
      [
        [40, 10],
        [90, -40],
        [120, -10],
        [140, -30],
        [180, 10],
      ],
      p.accent,
    ),
    ...[40, 68, 96].map((y) => rect(30, y, r.range(110, 160), 8, p.mainLight, { rx: 4 })),
    path('M0 -78V148', 'none', { stroke: p.shadow, 'stroke-width': 3, opacity: 0.25 }),
    path('M150 -122V-40L170 -58L190 -40V-126Z', p.accent),
  ];
  return { body: g(parts), w: 240, h: 175, grounded: true, mirror: true, props: [stackBooks, star, leaf] };
};

const music: Motif = (c) => {
  const { p } = c;
  const face = nat(c, '#e3b27a', 0.08);
  const back = nat(c, WOOD, 0.12);
  const darkWood = mix(back, '#000000', 0.35);
  const parts = [
    // The bowl, seen from the front with its rim showing.
    path('M-40 0C-40 -120 80 -140 170 -96C240 -60 240 60 170 96C80 140 -40 120 -40 0Z', back, {
      transform: 'translate(6 10)',
    }),
    path('M-40 0C-40 -120 80 -140 170 -96C240 -60 240 60 170 96C80 140 -40 120 -40 0Z', face),
    // Neck and the bent-back pegbox.
    rect(-250, -18, 222, 36, darkWood, { rx: 6 }),
    g(
      [
        rect(-70, -16, 70, 32, darkWood, { rx: 6 }),
        ...[-56, -36, -16].flatMap((x) => [line(x, -16, x - 6, -38, p.ink, 6), line(x, 16, x - 6, 38, p.ink, 6)]),
      ],
      { transform: 'translate(-250 0) rotate(-50)' },
    ),
    // Rosette and strings.
    circle(70, 0, 34, darkWood),
    circle(70, 0, 26, 'none', { stroke: face, 'stroke-width': 3, 'stroke-dasharray': '6 5' }),
    circle(70, 0, 12, face, { opacity: 0.8 }),
    rect(165, -36, 16, 72, darkWood, { rx: 4 }),
    stroke('M-250 -9H173M-250 -3H173M-250 3H173M-250 9H173', '#f6e7c8', 2),
    path('M120 -95C150 -80 175 -60 180 -40', 'none', {
      stroke: '#ffffff',
      'stroke-width': 6,
      opacity: 0.35,
      'stroke-linecap': 'round',
    }),
  ];
  return {
    body: g(parts, { transform: 'rotate(-32) translate(10 0)' }),
    w: 230,
    h: 210,
    mirror: true,
    props: [note, beamedNotes, note, sparkle],
  };
};

const theater: Motif = (c) => {
  const { p, r } = c;
  const maskPath = 'M-95 -110Q0 -140 95 -110Q108 20 45 100Q0 128 -45 100Q-108 20 -95 -110Z';
  const hole = p.scheme === 'dark' ? p.ink : mix(p.ink, p.main, 0.2);
  const comedy = g(
    [
      path(maskPath, GOLD),
      path('M-60 -40Q-40 -64 -20 -40Q-40 -50 -60 -40Z', hole, {
        stroke: hole,
        'stroke-width': 10,
        'stroke-linejoin': 'round',
      }),
      path('M20 -40Q40 -64 60 -40Q40 -50 20 -40Z', hole, {
        stroke: hole,
        'stroke-width': 10,
        'stroke-linejoin': 'round',
      }),
      path('M-55 25Q0 100 55 25Q0 50 -55 25Z', hole),
      circle(-62, 10, 12, '#ffffff', { opacity: 0.25 }),
      circle(62, 10, 12, '#ffffff', { opacity: 0.25 }),
    ],
    { transform: 'translate(-80 -30) rotate(-14)' },
  );
  const tragedyFill = p.scheme === 'light' || p.scheme === 'soft' ? p.main : p.paper;
  const tragedy = g(
    [
      path(maskPath, tragedyFill),
      path('M-62 -30Q-40 -54 -20 -44Q-40 -36 -62 -30Z', hole, {
        stroke: hole,
        'stroke-width': 10,
        'stroke-linejoin': 'round',
      }),
      path('M20 -44Q40 -54 62 -30Q40 -36 20 -44Z', hole, {
        stroke: hole,
        'stroke-width': 10,
        'stroke-linejoin': 'round',
      }),
      path('M-45 70Q0 10 45 70Q0 50 -45 70Z', hole),
      path('M-44 -12C-48 0 -50 8 -44 12C-38 8 -40 0 -44 -12Z', p.accentLight),
    ],
    { transform: 'translate(90 40) rotate(12)' },
  );
  const ribbon = stroke('M-150 60Q-100 140 -20 120T120 160', p.accent, 12);
  const curtain = nat(c, '#a3162a', 0.2);
  return {
    body: g([ribbon, tragedy, comedy]),
    w: 210,
    h: 190,
    maxH: 0.7,
    scene: () => {
      const fold = mix(curtain, '#000000', 0.25);
      const w = r.range(120, 170);
      const drape = (x0: number, dir: number) => {
        const edge = x0 + dir * w;
        const d = `M${x0} 0H${n(edge)}Q${n(edge - dir * 40)} 340 ${n(edge + dir * 10)} ${ART_HEIGHT}H${x0}Z`;
        const folds: string[] = [];
        for (let i = 1; i < 4; i++)
          folds.push(
            `M${n(x0 + (dir * w * i) / 4)} 0Q${n(x0 + (dir * w * i) / 4 - dir * 30)} 340 ${n(x0 + (dir * w * i) / 4)} ${ART_HEIGHT}`,
          );
        return path(d, curtain) + stroke(folds.join(''), fold, 8, { opacity: 0.6 });
      };
      let valance = `M0 0H${ART_WIDTH}V56`;
      for (let x = ART_WIDTH; x > 0; x -= 100) valance += `Q${x - 50} 100 ${x - 100} 56`;
      valance += 'Z';
      return (
        drape(0, 1) + drape(ART_WIDTH, -1) + path(valance, fold) + rect(0, 0, ART_WIDTH, 14, GOLD, { opacity: 0.9 })
      );
    },
    props: [star, sparkle],
  };
};

const camera: Motif = (c) => {
  const { p } = c;
  const body = p.scheme === 'dark' ? mix(p.ink, p.paper, 0.2) : p.ink;
  const trim = p.scheme === 'vivid' ? p.paper : p.main;
  const parts = [
    path('M-80 -130H80L100 -100H-100Z', body),
    rect(-210, -105, 420, 250, body, { rx: 32 }),
    rect(-210, -55, 420, 150, trim, { opacity: 0.9 }),
    rect(-165, -145, 60, 30, p.accent, { rx: 8 }),
    rect(120, -85, 60, 34, p.paper, { rx: 6, opacity: 0.85 }),
    circle(0, 20, 120, body),
    circle(0, 20, 100, mix(body, '#ffffff', 0.2)),
    circle(0, 20, 78, p.mainDark),
    circle(0, 20, 54, p.ink),
    circle(-22, -2, 20, '#ffffff', { opacity: 0.55 }),
    circle(18, 40, 8, '#ffffff', { opacity: 0.35 }),
  ];
  return { body: g(parts), w: 215, h: 150, maxH: 0.66, props: [polaroid, polaroid, sparkle] };
};

const columns: Motif = (c) => {
  const { p, r } = c;
  // Sandstone, darker on a pale background so the columns stand out.
  const stone = luminance(p.bg[0]) > 0.5 ? nat(c, '#d2a15e', 0.12) : nat(c, '#ecd3a5', 0.1);
  const stoneDark = mix(stone, '#6a4a22', 0.4);
  const column = (x: number, h: number, broken: boolean) => {
    const top = 200 - h;
    const out = [rect(x - 48, 182, 96, 18, stoneDark), rect(x - 40, 168, 80, 16, stone)];
    if (broken)
      out.push(
        path(`M${x - 32} 168V${top + 10}L${x - 10} ${top}L${x + 6} ${top + 18}L${x + 32} ${top + 4}V168Z`, stone),
      );
    else out.push(rect(x - 32, top, 64, 168 - top, stone));
    for (const dx of [-16, 0, 16])
      out.push(
        rect(x + dx - 2, top + (broken ? 24 : 6), 4, 168 - top - (broken ? 30 : 12), stoneDark, { opacity: 0.5 }),
      );
    if (!broken)
      out.push(
        rect(x - 44, top - 18, 88, 20, stone),
        circle(x - 44, top - 8, 12, stoneDark),
        circle(x + 44, top - 8, 12, stoneDark),
      );
    return out.join('');
  };
  const parts = [
    column(-150, 330, false),
    column(-40, 330, false),
    rect(-210, -170, 240, 40, stone),
    rect(-210, -140, 240, 10, stoneDark, { opacity: 0.6 }),
    column(80, r.range(190, 250), true),
    column(180, r.range(100, 150), true),
    poly(
      [
        [120, 200],
        [150, 178],
        [190, 186],
        [210, 200],
      ],
      stoneDark,
    ),
  ];
  return {
    body: g(parts),
    w: 230,
    h: 200,
    grounded: true,
    scene: (l: Layout) => {
      const top = l.cy + 195 * l.scale;
      const tiles: string[] = [];
      const colours = [p.main, p.accent, p.paper, p.mainLight];
      for (let x = 0, i = 0; x < ART_WIDTH; x += 40, i++) {
        tiles.push(
          poly(
            [
              [x + 20, top + 8],
              [x + 36, top + 24],
              [x + 20, top + 40],
              [x + 4, top + 24],
            ],
            colours[i % colours.length]!,
            { opacity: 0.7 },
          ),
        );
      }
      return (
        groundBand(top, mix(stone, p.bg[1], 0.3)) +
        tiles.join('') +
        rect(0, top + 50, ART_WIDTH, 6, stoneDark, { opacity: 0.4 })
      );
    },
    props: [sun, compass],
    propsSky: true,
  };
};

const food: Motif = (c) => {
  const { p, r } = c;
  const couscous = '#eac16b';
  const grains: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = r.range(-140, 140);
    const y = r.range(-70, -6);
    if (y < -80 + (x / 150) ** 2 * 70 + 6) continue;
    grains.push(circle(x, y, 3.5, '#c9963d'));
  }
  const parts = [
    // Steam.
    ...[-70, 0, 70].map((x) => stroke(`M${x} -120q-20 -25 0 -50t0 -50`, p.paper, 10, { opacity: 0.6 })),
    path('M-170 -4C-160 -96 160 -96 170 -4Z', couscous),
    ...grains,
    circle(-60, -40, 20, '#e0742a'),
    rect(20, -62, 60, 22, '#e0742a', { rx: 11, transform: 'rotate(-20 50 -51)' }),
    circle(90, -22, 18, nat(c, GRASS, 0.1)),
    circle(-10, -20, 14, '#b0462a'),
    path('M-190 -8H190C190 100 110 150 0 150C-110 150 -190 100 -190 -8Z', p.main),
    rect(-186, 20, 372, 22, p.accent),
    ...[-140, -90, -40, 10, 60, 110].map((x) =>
      poly(
        [
          [x, 50],
          [x + 25, 50],
          [x + 12, 70],
        ],
        p.accent,
        { opacity: 0.8 },
      ),
    ),
    rect(-70, 148, 140, 24, p.mainDark, { rx: 8 }),
  ];
  return { body: g(parts), w: 200, h: 175, grounded: true, props: [teaGlass, bread, leaf] };
};

const phone: Motif = (c) => {
  const { p } = c;
  const tiles = [p.accent, p.main, p.mainLight, GOLD, p.mainDark, p.accentLight];
  const parts: string[] = [
    rect(-125, -215, 250, 430, p.ink, { rx: 38 }),
    rect(-108, -195, 216, 390, p.mainLight, { rx: 24 }),
    rect(-30, -190, 60, 14, p.ink, { rx: 7 }),
    rect(-90, -160, 180, 40, p.paper, { rx: 12, opacity: 0.85 }),
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 4; j++)
      parts.push(rect(-88 + i * 64, -100 + j * 64, 48, 48, tiles[(i + j * 3) % tiles.length]!, { rx: 12 }));
  parts.push(rect(-40, 175, 80, 8, p.ink, { rx: 4, opacity: 0.5 }));
  // The shield.
  parts.push(
    g(
      [
        path('M0 -90L78 -62V0C78 58 40 92 0 110C-40 92 -78 58 -78 0V-62Z', p.ink, {
          transform: 'translate(6 8)',
          opacity: 0.25,
        }),
        path('M0 -90L78 -62V0C78 58 40 92 0 110C-40 92 -78 58 -78 0V-62Z', p.accent, {
          stroke: p.paper,
          'stroke-width': 8,
        }),
        stroke('M-32 8L-8 32L36 -20', p.paper, 16),
      ],
      { transform: 'translate(120 70)' },
    ),
  );
  return { body: g(parts), w: 205, h: 215, mirror: true, props: [lock, wifi, speech] };
};

const heart: Motif = (c) => {
  const { p } = c;
  const red = p.scheme === 'vivid' ? p.paper : nat(c, RED, 0.2);
  const pulse = p.scheme === 'vivid' ? p.main : p.paper;
  const heartPath =
    'M0 -80C0 -170 -200 -180 -200 -40C-200 60 -60 120 0 175C60 120 200 60 200 -40C200 -180 0 -170 0 -80Z';
  const parts = [
    path(heartPath, p.shadow, { transform: 'translate(10 12)', opacity: 0.2 }),
    path(heartPath, red),
    path('M-150 -110C-120 -140 -80 -130 -60 -110', 'none', {
      stroke: '#ffffff',
      'stroke-width': 16,
      'stroke-linecap': 'round',
      opacity: 0.4,
    }),
    stroke('M-290 10H-100L-70 -50L-25 90L20 -110L55 40L80 10H290', pulse, 16),
  ];
  return { body: g(parts), w: 290, h: 180, maxH: 0.74, props: [plusBadge, heartSmall, sparkle] };
};

const craft: Motif = (c) => {
  const { p, r } = c;
  const field = r.pick([p.main, p.mainDark]);
  const border = p.accent;
  const motif = p.paper;
  const parts: string[] = [
    rect(-170, -200, 340, 400, field, { rx: 4 }),
    rect(-170, -200, 340, 400, 'none', { stroke: border, 'stroke-width': 26 }),
  ];
  // Zigzag bands top and bottom.
  for (const y of [-160, 160]) {
    let d = `M-150 ${y}`;
    for (let x = -150; x < 150; x += 30) d += `L${x + 15} ${y - 12}L${x + 30} ${y}`;
    parts.push(stroke(d, motif, 6));
  }
  // Nested diamonds in the middle and small ones around.
  for (const [s, col] of [
    [130, motif],
    [100, field],
    [74, border],
    [48, field],
    [24, motif],
  ] as const)
    parts.push(
      poly(
        [
          [0, -s],
          [s * 0.8, 0],
          [0, s],
          [-s * 0.8, 0],
        ],
        col,
      ),
    );
  const corners: [number, number][] = [
    [-110, -90],
    [110, -90],
    [-110, 90],
    [110, 90],
  ];
  for (const [x, y] of corners)
    parts.push(
      poly(
        [
          [x, y - 26],
          [x + 20, y],
          [x, y + 26],
          [x - 20, y],
        ],
        border,
      ),
      circle(x, y, 6, motif),
    );
  // Fringe.
  for (let x = -160; x <= 160; x += 16)
    parts.push(
      line(x, -214, x, -240, mix(border, '#ffffff', 0.3), 5),
      line(x, 214, x, 240, mix(border, '#ffffff', 0.3), 5),
    );
  return { body: g(parts, { transform: `rotate(${n(r.range(-10, 10))})` }), w: 215, h: 245, props: [yarn, star, leaf] };
};

const palmTree: Motif = (c) => {
  const { p, r } = c;
  const green = nat(c, '#2f8a4a', 0.15);
  const greenDark = mix(green, '#000000', 0.25);
  const trunk = nat(c, '#9a6a3c', 0.1);
  const wall = mix('#f4ead8', p.paper, 0.3);
  const wallShade = mix(wall, p.shadow, 0.15);
  const palm = (x: number, h: number, lean: number) => {
    const topX = x + lean;
    const topY = 200 - h;
    const out: string[] = [
      path(
        `M${x - 16} 200Q${n(x + lean * 0.2)} ${n(200 - h * 0.5)} ${n(topX - 6)} ${topY}H${n(topX + 6)}Q${n(x + lean * 0.2 + 14)} ${n(200 - h * 0.5)} ${x + 16} 200Z`,
        trunk,
      ),
    ];
    for (let i = 1; i < 8; i++) {
      const t = i / 8;
      const yy = 200 - h * t;
      const xx = x + lean * t * t;
      out.push(line(xx - 12, yy, xx + 12, yy - 6, mix(trunk, '#000000', 0.25), 4));
    }
    for (let i = 0; i < 7; i++) {
      const a = -Math.PI + (i / 6) * Math.PI;
      const len = 120 + (i % 2) * 20;
      const ex = topX + Math.cos(a) * len;
      const ey = topY + Math.sin(a) * len * 0.5 + 40;
      const mx = topX + Math.cos(a) * len * 0.5;
      const my = topY + Math.sin(a) * len * 0.5 - 20;
      out.push(
        path(
          `M${n(topX)} ${n(topY)}Q${n(mx)} ${n(my - 20)} ${n(ex)} ${n(ey)}Q${n(mx)} ${n(my + 16)} ${n(topX)} ${n(topY)}Z`,
          i % 2 ? green : greenDark,
        ),
      );
    }
    out.push(
      circle(topX - 10, topY + 14, 8, '#c0612b'),
      circle(topX + 6, topY + 18, 8, '#d97a2e'),
      circle(topX - 2, topY + 26, 7, '#c0612b'),
    );
    return out.join('');
  };
  // Old-town houses: white blocks with the pointed corners of Ghadames.
  const house = (x: number, w: number, h: number) => {
    const top = 200 - h;
    return [
      rect(x, top, w, h, wall),
      rect(x + w - 16, top, 16, h, wallShade),
      poly(
        [
          [x, top],
          [x + 14, top],
          [x + 7, top - 22],
        ],
        wall,
      ),
      poly(
        [
          [x + w - 14, top],
          [x + w, top],
          [x + w - 7, top - 22],
        ],
        wall,
      ),
      rect(x + w / 2 - 12, 200 - 46, 24, 46, '#6b4a2b', { rx: 12 }),
      rect(x + 16, top + 24, 14, 18, '#6b4a2b', { rx: 2 }),
    ].join('');
  };
  const parts = [
    palm(-150, r.range(300, 360), r.range(10, 50)),
    palm(150, r.range(250, 300), -r.range(10, 50)),
    house(-230, 130, 130),
    house(-120, 110, 170),
    house(-20, 140, 110),
    house(110, 120, 150),
    palm(40, r.range(190, 230), r.range(-20, 20)),
    rect(-250, 196, 500, 12, wallShade),
  ];
  return { body: g(parts), w: 250, h: 215, grounded: true, props: [sun, gull, cloud] };
};

export const MOTIF_DRAWINGS: Record<DemoMotif, Motif> = {
  'libya-map': libyaMap,
  ballot,
  parliament,
  handshake,
  globe,
  'oil-rig': oilRig,
  tanker,
  'chart-up': (c) => chart(c, true),
  'chart-down': (c) => chart(c, false),
  banknotes,
  'card-payment': cardPayment,
  port,
  plane,
  train,
  'solar-panels': solarPanels,
  'power-pylon': powerPylon,
  'water-drop': waterDrop,
  wheat,
  road,
  rain,
  school,
  'graduation-cap': graduationCap,
  hospital,
  syringe,
  'aid-box': aidBox,
  football,
  trophy,
  basketball,
  runner,
  'martial-arts': martialArts,
  stadium,
  book,
  music,
  theater,
  camera,
  columns,
  food,
  phone,
  heart,
  craft,
  'palm-tree': palmTree,
};

/** The SVG of one story's picture: its motif drawn in the frame its index gives. */
export function demoIllustrationSvg(
  index: number,
  illustration: { motif: DemoMotif; color: string; city?: string },
): string {
  const draw = MOTIF_DRAWINGS[illustration.motif];
  if (!draw) throw new Error(`unknown demo motif ${illustration.motif}`);
  return drawFrame({ index, color: illustration.color, city: illustration.city }, draw);
}
