/** Business constants from SPEC.md §3 and §9. One place; client and server import them. */

export const SITE_NAME_DEFAULT = 'صحيفة';

/** The city prayer times and weather are for unless a reader chooses another (src/shared/cities.ts). */
export const DEFAULT_CITY = 'tripoli';

export const TRIPOLI = {
  city: 'طرابلس',
  latitude: 32.8872,
  longitude: 13.1913,
  timeZone: 'Africa/Tripoli',
} as const;

/** The fixed chip list (SPEC §3). `home` is a chip meaning "all sections", not a stored category. */
export const CATEGORY_CHIPS = [
  { slug: 'home', name: 'الرئيسية', color: '#1e3a8a' },
  { slug: 'libya', name: 'ليبيا', color: '#dc2626' },
  { slug: 'international', name: 'عربي ودولي', color: '#2563eb' },
  { slug: 'economy', name: 'اقتصاد', color: '#047857' },
  { slug: 'sports', name: 'رياضة', color: '#7c3aed' },
  { slug: 'variety', name: 'منوعات', color: '#f59e0b' },
] as const;

export const HOME_SLUG = 'home';
export const CATEGORY_FALLBACK = { name: 'عام', color: '#1e3a8a' } as const;
export const CATEGORY_DEFAULT_COLOR = '#3b82f6';

export const PRAYER_NAMES = {
  fajr: 'الفجر',
  dhuhr: 'الظهر',
  asr: 'العصر',
  maghrib: 'المغرب',
  isha: 'العشاء',
} as const;
export type PrayerKey = keyof typeof PRAYER_NAMES;
export const PRAYER_KEYS = Object.keys(PRAYER_NAMES) as PrayerKey[];

/** Last-resort prayer times (SPEC §9), used only when neither a record nor a computation is available. */
export const DEFAULT_PRAYER_TIMES: Record<PrayerKey, string> = {
  fajr: '04:25',
  dhuhr: '13:01',
  asr: '16:42',
  maghrib: '20:05',
  isha: '21:32',
};

export const WEATHER_FALLBACK = { temp: 23, humidity: 45, wind: 10 } as const;

export const LIMITS = {
  latestTicker: 10,
  homeList: 20,
  homeTab: 6,
  categoryBlock: 3,
  mostRead: 5,
  newsListMax: 100,
  forecastDays: 3,
  priorityMin: 0,
  priorityMax: 100,
  usernameMin: 3,
  passwordMin: 6,
  /** An article's title, description and byline (characters, after trimming): stated beside the fields. */
  newsTitleMax: 300,
  newsDescriptionMax: 1000,
  bylineMax: 200,
} as const;

export const TIMINGS_MS = {
  slider: 5000,
  ticker: 8000,
  tickerFade: 300,
  routeFade: 300,
  startup: 300,
  dateStripRefresh: 60_000,
  statisticsRefresh: 60_000,
  copiedFlag: 2000,
  tooltipDelay: 700,
} as const;

export const HEADER_SCROLLED_PX = 50;

/**
 * The id of the JSON a reader page carries after its HTML (the answers it was drawn from, for the browser's query
 * cache): the server's document writes it, the client's entry reads it, and the first paint waits until it is reached,
 * i.e. for the page's whole HTML (src/server/ssr/document.ts).
 */
export const PAGE_DATA_ID = '__QUERY_STATE__';
