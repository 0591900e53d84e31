/**
 * Libyan cities a reader can choose for prayer times and weather (the prayer card's «تغيير»). Tripoli is the
 * default and the one whose official table the newsroom imports; the others are computed for their coordinates
 * (adhan, the same method). All of Libya keeps Tripoli's time zone (UTC+2, no daylight saving). Coordinates of the
 * city centres, to three decimals.
 */
export interface LibyanCity {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

import { DEFAULT_CITY, TRIPOLI } from './constants';

export { DEFAULT_CITY };

export const LIBYAN_CITIES: readonly LibyanCity[] = [
  { slug: DEFAULT_CITY, name: TRIPOLI.city, latitude: TRIPOLI.latitude, longitude: TRIPOLI.longitude },
  { slug: 'benghazi', name: 'بنغازي', latitude: 32.1167, longitude: 20.0667 },
  { slug: 'misrata', name: 'مصراتة', latitude: 32.3754, longitude: 15.0925 },
  { slug: 'sabha', name: 'سبها', latitude: 27.0377, longitude: 14.4283 },
  { slug: 'zawiya', name: 'الزاوية', latitude: 32.7571, longitude: 12.7278 },
  { slug: 'bayda', name: 'البيضاء', latitude: 32.7627, longitude: 21.7551 },
  { slug: 'tobruk', name: 'طبرق', latitude: 32.0836, longitude: 23.9764 },
  { slug: 'derna', name: 'درنة', latitude: 32.767, longitude: 22.6367 },
  { slug: 'sirte', name: 'سرت', latitude: 31.2089, longitude: 16.5887 },
  { slug: 'ajdabiya', name: 'أجدابيا', latitude: 30.7554, longitude: 20.2263 },
  { slug: 'zliten', name: 'زليتن', latitude: 32.4674, longitude: 14.5687 },
  { slug: 'khoms', name: 'الخمس', latitude: 32.6486, longitude: 14.2619 },
  { slug: 'gharyan', name: 'غريان', latitude: 32.1722, longitude: 13.0203 },
  { slug: 'zuwara', name: 'زوارة', latitude: 32.9312, longitude: 12.082 },
  { slug: 'sabratha', name: 'صبراتة', latitude: 32.7933, longitude: 12.4885 },
  { slug: 'bani-walid', name: 'بني وليد', latitude: 31.7566, longitude: 13.9942 },
  { slug: 'marj', name: 'المرج', latitude: 32.4929, longitude: 20.8303 },
  { slug: 'brega', name: 'البريقة', latitude: 30.4075, longitude: 19.5803 },
  { slug: 'nalut', name: 'نالوت', latitude: 31.8685, longitude: 10.9812 },
  { slug: 'ghadames', name: 'غدامس', latitude: 30.1333, longitude: 9.5 },
  { slug: 'hun', name: 'هون', latitude: 29.1268, longitude: 15.9477 },
  { slug: 'ubari', name: 'أوباري', latitude: 26.5903, longitude: 12.7751 },
  { slug: 'murzuq', name: 'مرزق', latitude: 25.9155, longitude: 13.9184 },
  { slug: 'ghat', name: 'غات', latitude: 24.9647, longitude: 10.1728 },
  { slug: 'kufra', name: 'الكفرة', latitude: 24.1833, longitude: 23.2833 },
];

export const CITY_SLUGS = LIBYAN_CITIES.map((c) => c.slug) as [string, ...string[]];

export const cityBySlug = (slug: string | null | undefined): LibyanCity =>
  LIBYAN_CITIES.find((c) => c.slug === slug) ?? LIBYAN_CITIES[0]!;
