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

/** The box on phones and on desktops; null where the placement is not shown (names and texts: ads-desk.ts). */
export interface AdPlacementSpec {
  phone: AdSize | null;
  desktop: AdSize | null;
}

export const AD_PLACEMENT_SPECS: Record<AdPlacement, AdPlacementSpec> = {
  header: {
    phone: { w: 320, h: 100 },
    desktop: { w: 728, h: 90 },
  },
  sidebar: {
    phone: { w: 300, h: 250 },
    desktop: { w: 300, h: 250 },
  },
  'in-article': {
    phone: { w: 300, h: 250 },
    desktop: { w: 300, h: 250 },
  },
  'between-cards': {
    phone: { w: 300, h: 250 },
    desktop: { w: 728, h: 90 },
  },
  sticky: {
    phone: { w: 320, h: 50 },
    desktop: null,
  },
};

/** What every ad box says, whatever fills it. */
export const AD_LABEL = 'إعلان';
/** The in-article placement's default paragraph, and the range an admin may set. */
export const AD_AFTER_PARAGRAPH_DEFAULT = 3;
export const AD_AFTER_PARAGRAPH_MAX = 20;

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
