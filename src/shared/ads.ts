/**
 * Advertising's fixed vocabulary: the named placements with their boxes for phones and desktops (a box is reserved
 * before anything loads, so an ad never moves the page), a campaign's states, and how the browser picks a creative.
 */
export const AD_PLACEMENTS = ['header', 'sidebar', 'in-article', 'between-cards', 'sticky'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

export const AD_DEVICES = ['phone', 'desktop'] as const;
export type AdDevice = (typeof AD_DEVICES)[number];

/** Wider than this is a desktop (the same break as the layout's `md`). */
export const AD_DESKTOP_MIN_PX = 768;

export interface AdSize {
  w: number;
  h: number;
}

export interface AdPlacementSpec {
  label: string;
  /** Where it is, for the sales desk. */
  where: string;
  /** The box on phones and on desktops; null where the placement is not shown. */
  phone: AdSize | null;
  desktop: AdSize | null;
}

export const AD_PLACEMENT_SPECS: Record<AdPlacement, AdPlacementSpec> = {
  header: {
    label: 'أعلى الصفحة',
    where: 'شريط عريض تحت رأس الصفحة في كل الصفحات',
    phone: { w: 320, h: 100 },
    desktop: { w: 728, h: 90 },
  },
  sidebar: {
    label: 'العمود الجانبي',
    where: 'بجانب الأخبار في الصفحة الرئيسية وبجانب نص الخبر',
    phone: { w: 300, h: 250 },
    desktop: { w: 300, h: 250 },
  },
  'in-article': {
    label: 'داخل الخبر',
    where: 'بعد الفقرة المحددة من نص الخبر (لا يظهر في خبر أقصر منها)',
    phone: { w: 300, h: 250 },
    desktop: { w: 300, h: 250 },
  },
  'between-cards': {
    label: 'بين البطاقات',
    where: 'بين أقسام الصفحة الرئيسية وبين بطاقات صفحة القسم',
    phone: { w: 300, h: 250 },
    desktop: { w: 728, h: 90 },
  },
  sticky: {
    label: 'شريط ثابت أسفل الهاتف',
    where: 'شريط ثابت أسفل الشاشة على الهواتف فقط، يغلقه القارئ',
    phone: { w: 320, h: 50 },
    desktop: null,
  },
};

/** What every ad box says, whatever fills it. */
export const AD_LABEL = 'إعلان';
/** The in-article placement's default paragraph, and the range an admin may set. */
export const AD_AFTER_PARAGRAPH_DEFAULT = 3;
export const AD_AFTER_PARAGRAPH_MAX = 20;

export const AD_CAMPAIGN_STATES = ['scheduled', 'running', 'ended', 'paused'] as const;
export type AdCampaignState = (typeof AD_CAMPAIGN_STATES)[number];
export const AD_CAMPAIGN_STATE_LABELS: Record<AdCampaignState, string> = {
  scheduled: 'مجدولة',
  running: 'جارية',
  ended: 'انتهت',
  paused: 'موقوفة',
};

export function campaignState(c: { paused: boolean; startsAt: Date; endsAt: Date }, at: Date): AdCampaignState {
  if (c.paused) return 'paused';
  if (at < c.startsAt) return 'scheduled';
  if (at >= c.endsAt) return 'ended';
  return 'running';
}

/** The image a creative shows on a device: its own for that device, or the other one where both boxes are equal. */
export function creativeImageFor<T>(
  placement: AdPlacement,
  device: AdDevice,
  images: { phone: T | null; desktop: T | null },
): T | null {
  const spec = AD_PLACEMENT_SPECS[placement];
  const size = spec[device];
  if (!size) return null;
  const other = device === 'phone' ? spec.desktop : spec.phone;
  const same = !!other && other.w === size.w && other.h === size.h;
  return images[device] ?? (same ? images[device === 'phone' ? 'desktop' : 'phone'] : null);
}

/**
 * Picks one of several items by weight (a campaign's weight shared by its creatives): `r` in [0, 1), Math.random()
 * in the browser. Undefined for an empty list or one without weight.
 */
export function pickByWeight<T extends { weight: number }>(items: readonly T[], r: number): T | undefined {
  let total = 0;
  for (const it of items) total += Math.max(0, it.weight);
  if (total <= 0) return undefined;
  let at = r * total;
  for (const it of items) {
    at -= Math.max(0, it.weight);
    if (at < 0) return it;
  }
  return items[items.length - 1];
}

/** Impressions one beacon may carry (a page has at most a few boxes; a tab kept open sends more beacons). */
export const AD_BEACON_MAX = 20;
/** What counts as a viewable impression (IAB/MRC display): half the box in view for one continuous second. */
export const AD_VIEWABLE_RATIO = 0.5;
export const AD_VIEWABLE_MS = 1000;

const VOID = new Set(['br', 'hr', 'img', 'source', 'wbr', 'input', 'col', 'area', 'embed', 'track', 'meta', 'link']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>|<!--[\s\S]*?-->/g;

/**
 * An article's body cut after its n-th paragraph for the in-article box: only a paragraph of the body itself counts
 * (never one inside a figure, list, quote or table), and only when more of the body follows it. Undefined when the
 * body is shorter than that. The body is the server's sanitised HTML (balanced tags).
 */
export function splitAfterParagraph(html: string, n: number): [string, string] | undefined {
  let depth = 0;
  let count = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (!m[2]) continue;
    const name = m[2].toLowerCase();
    if (VOID.has(name) || m[3]) continue;
    if (!m[1]) {
      depth++;
      continue;
    }
    depth--;
    if (depth === 0 && name === 'p' && ++count === n) {
      const at = m.index + m[0].length;
      const rest = html.slice(at);
      return rest.trim() ? [html.slice(0, at), rest] : undefined;
    }
  }
  return undefined;
}
