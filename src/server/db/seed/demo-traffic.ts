/**
 * The demo's readership: how many times each story was read on each Tripoli day since it appeared, and the site's
 * daily visits, page views, unique visitors and devices, made from one model so that every figure agrees with the
 * others (the statistics chart, the dashboard, the most-read lists of 24 hours, 7 days and all time).
 *
 * The site's page views follow a steady daily rhythm (quiet at night, a morning and a larger evening peak), fewer on
 * Friday and Saturday, the Libyan weekend, and today only for the hours gone by. A share of them are stories read;
 * the rest are other pages (home, sections, search, tags). A day's story reads are shared among the stories online
 * that day by how much attention each still gets: most in its first hours, then less every hour, with a long tail.
 * (The demo's 60 stories stand for a newsroom's whole output, so an older day with few of them gives each a larger
 * share, up to a bound; the rest of that day's reads went to archive pages.) A visit is a few page views; most
 * visitors read on a phone. Deterministic: the same stories at the same moment give the same figures.
 */
import { addDays, tripoliDate, tripoliInstant } from '../../../shared/dates';
import type { Device } from '../../modules/stats/visitor';

export interface TrafficStory {
  publishedAt: Date;
  section: string;
  featured: boolean;
}

export interface DemoDay {
  day: string;
  visits: number;
  pageViews: number;
  uniqueVisitors: number;
  devices: Record<Device, number>;
}

export interface DemoTraffic {
  /** Per story (in the order given): views per Tripoli day (only days with views) and their sum. */
  stories: { daily: Map<string, number>; total: number }[];
  /** The site's figures per Tripoli day: the last 30 days, and any earlier day a story was read on. */
  days: DemoDay[];
}

const HOUR_MS = 3_600_000;
const STEP_H = 1 / 6;

/** Readers per hour of the Tripoli day (relative): asleep at night, a morning peak and a larger evening one. */
const HOURLY = [
  0.9, 0.55, 0.35, 0.25, 0.25, 0.4, 0.9, 1.8, 2.9, 3.6, 3.8, 3.7, 3.5, 3.3, 3.2, 3.1, 3.1, 3.3, 3.6, 4.0, 4.4, 4.3, 3.4,
  2.0,
];
const HOURLY_SUM = HOURLY.reduce((a, b) => a + b, 0);
/** Sunday … Saturday: the Libyan weekend (Friday, Saturday) is quieter. */
const WEEKDAY = [1.04, 1.03, 1.0, 1.0, 0.96, 0.8, 0.88];
/** How widely each section is read. */
const SECTION: Record<string, number> = { libya: 1.25, international: 0.85, economy: 1.1, sports: 1.15, variety: 0.75 };

/** Page views of a whole weekday (before the day's own ups and downs). */
const PAGE_VIEWS_PER_DAY = 8500;
/** Reads per unit of modelled attention on an ordinary day (about two new demo stories a day)… */
const READS_PER_WEIGHT = 40;
/** …and at most this many times that on a day with few demo stories online. */
const MAX_BOOST = 1.75;

/** How much of a story's audience is still reading it, `ageH` hours after publication. */
const attention = (ageH: number) => Math.exp(-ageH / 18) + 0.035 * Math.exp(-ageH / 200);

/** A small deterministic pseudo-random number in [0, 1) from integers (so the demo is the same every time). */
function noise(...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) {
    h ^= k + 0x9e3779b9;
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
const weekday = (day: string) => WEEKDAY[new Date(`${day}T12:00:00Z`).getUTCDay()]!;

/** The share of a whole day's readers who came in the first `hours` hours of it. */
function shareOfDay(hours: number): number {
  let sum = 0;
  for (let h = 0; h < 24; h++) sum += HOURLY[h]! * Math.max(0, Math.min(1, hours - h));
  return sum / HOURLY_SUM;
}

export function demoTraffic(stories: readonly TrafficStory[], now: Date): DemoTraffic {
  const today = tripoliDate(now);
  const oldest = stories.reduce((t, s) => Math.min(t, s.publishedAt.getTime()), now.getTime());
  const first = [tripoliDate(new Date(oldest)), addDays(today, -29)].sort()[0]!;
  const days: { day: string; start: number; end: number }[] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const start = tripoliInstant(day, '00:00').getTime();
    days.push({ day, start, end: Math.min(tripoliInstant(addDays(day, 1), '00:00').getTime(), now.getTime()) });
  }

  // How much each story is read on each day, relatively: its appeal, the hours of the day, its age.
  const weights = stories.map((story, i) => {
    const appeal = (SECTION[story.section] ?? 1) * (story.featured ? 1.7 : 1) * (0.55 + 1.2 * noise(i, 1));
    const published = story.publishedAt.getTime();
    return days.map((d) => {
      const from = Math.max(d.start, published);
      let w = 0;
      // Ten minutes at a time, from the later of midnight and publication to the end of the day (or now).
      for (let t = from; t < d.end; t += STEP_H * HOUR_MS) {
        const span = Math.min(STEP_H, (d.end - t) / HOUR_MS);
        const mid = t + (span * HOUR_MS) / 2;
        const hour = Math.min(23, Math.floor((mid - d.start) / HOUR_MS));
        w += HOURLY[hour]! * attention((mid - published) / HOUR_MS) * span;
      }
      return w * appeal * (0.88 + 0.24 * noise(i, dayNumber(d.day)));
    });
  });

  const site = days.map(({ day, start, end }, k) => {
    const n = dayNumber(day);
    const pageViews =
      PAGE_VIEWS_PER_DAY * weekday(day) * shareOfDay((end - start) / HOUR_MS) * (0.92 + 0.16 * noise(n, 2));
    const storyReads = pageViews * (0.55 + 0.1 * noise(n, 3));
    const sum = weights.reduce((a, w) => a + w[k]!, 0);
    return { day, n, pageViews, perWeight: sum > 0 ? Math.min(storyReads / sum, MAX_BOOST * READS_PER_WEIGHT) : 0 };
  });

  const storyViews = weights.map((w, i) => {
    const daily = new Map<string, number>();
    site.forEach(({ day, perWeight }, k) => {
      const views = Math.round(w[k]! * perWeight);
      if (views > 0) daily.set(day, views);
    });
    // Someone has always read a story that is on the site, even one published a minute ago.
    if (daily.size === 0) daily.set(tripoliDate(stories[i]!.publishedAt), 1);
    return { daily, total: [...daily.values()].reduce((a, b) => a + b, 0) };
  });

  const siteDays = site
    .filter(({ day }) => day >= addDays(today, -29) || storyViews.some((s) => s.daily.has(day)))
    .map(({ day, n, pageViews: modelled }): DemoDay => {
      const read = storyViews.reduce((sum, s) => sum + (s.daily.get(day) ?? 0), 0);
      const pageViews = Math.max(Math.round(modelled), read);
      const visits = Math.round(pageViews / (2.05 + 0.35 * noise(n, 4)));
      const uniqueVisitors = Math.round(visits * (0.7 + 0.08 * noise(n, 5)));
      const mobile = Math.round(uniqueVisitors * (0.63 + 0.06 * noise(n, 6)));
      const tablet = Math.round(uniqueVisitors * (0.05 + 0.02 * noise(n, 7)));
      return {
        day,
        visits,
        pageViews,
        uniqueVisitors,
        devices: { mobile, tablet, desktop: uniqueVisitors - mobile - tablet },
      };
    });

  return { stories: storyViews, days: siteDays };
}
