/**
 * Viewable impressions and clicks, absorbed in memory and written in batches, as article views are
 * (views/view-counter.ts): a beacon costs a Map update, and every flush interval the counts go to PostgreSQL in one
 * statement. A graceful stop writes the last batch; a crash loses at most one interval's acknowledged counts; a failed
 * flush keeps its counts for the next one. When a flush takes a campaign to its daily cap, the served answer is
 * dropped everywhere (once per campaign and day), so the campaign leaves pages within seconds.
 */
import { tripoliDate } from '../../../shared/dates';
import type { AdDevice, AdPlacement } from '../../../shared/ads';
import type { AdsRepository, CountKey, Counts, DayCountKey } from './ads.repository';

export const AD_FLUSH_MS = 1000;

export function adCounter(deps: {
  repo: Pick<AdsRepository, 'add'>;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
  /** Drops the served answers here, in other instances and at the CDN. */
  capped: () => Promise<void>;
  flushMs?: number;
}) {
  const { repo, now, log } = deps;
  let pending = new Map<DayCountKey, Counts>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> | undefined;
  /** `day|campaign` already announced as capped. */
  const announced = new Set<string>();

  function add(campaignId: number, creativeId: number, placement: AdPlacement, device: AdDevice, field: keyof Counts) {
    // The day it happened on, kept with the count: a batch written after midnight (or after a failed flush) stays on it.
    const key: DayCountKey = `${tripoliDate(now())}|${campaignId}|${creativeId}|${placement}|${device}`;
    let c = pending.get(key);
    if (!c) pending.set(key, (c = { impressions: 0, clicks: 0 }));
    c[field]++;
  }

  async function writeBatch(): Promise<void> {
    if (!pending.size) return;
    const all = pending;
    pending = new Map();
    const byDay = new Map<string, Map<CountKey, Counts>>();
    for (const [key, n] of all) {
      const cut = key.indexOf('|');
      const day = key.slice(0, cut);
      let batch = byDay.get(day);
      if (!batch) byDay.set(day, (batch = new Map()));
      batch.set(key.slice(cut + 1) as CountKey, n);
    }
    let fresh = false;
    for (const [day, batch] of byDay) {
      let capped: number[];
      try {
        capped = await repo.add(day, batch);
      } catch (err) {
        log.warn({ err, rows: batch.size }, 'could not write ad counts; keeping them for the next flush');
        for (const [key, n] of batch) {
          const c = pending.get(`${day}|${key}`);
          if (c) {
            c.impressions += n.impressions;
            c.clicks += n.clicks;
          } else pending.set(`${day}|${key}`, n);
        }
        continue;
      }
      for (const id of capped)
        if (!announced.has(`${day}|${id}`)) {
          announced.add(`${day}|${id}`);
          fresh = true;
        }
    }
    if (announced.size > 10_000) announced.clear();
    if (fresh) await deps.capped().catch((err) => log.warn({ err }, 'could not drop the ads answer after a daily cap'));
  }

  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = writeBatch().finally(() => (flushing = undefined));
    await flushing;
  }

  return {
    impression: (campaignId: number, creativeId: number, placement: AdPlacement, device: AdDevice) =>
      add(campaignId, creativeId, placement, device, 'impressions'),
    click: (campaignId: number, creativeId: number, placement: AdPlacement, device: AdDevice) =>
      add(campaignId, creativeId, placement, device, 'clicks'),
    /** Impressions and clicks counted but not yet written (tests; metrics). */
    get unflushed(): number {
      let n = 0;
      for (const c of pending.values()) n += c.impressions + c.clicks;
      return n;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), deps.flushMs ?? AD_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type AdCounter = ReturnType<typeof adCounter>;
