/**
 * Counts reader page views, visits and unique visitors. A visitor is sha256(day's salt, address, user agent):
 * no address is ever stored, and once the day's salt is deleted the hash cannot be linked back. Counts are
 * kept in memory and written every few seconds in one transaction (and on a graceful stop); a crash can lose
 * those few seconds of statistics, never an article's view count (that one is written at once).
 */
import { createHash } from 'node:crypto';
import { tripoliDate } from '../../../shared/dates';
import type { StatsRepository, PendingDay } from './stats.repository';
import { deviceOf, isBot } from './visitor';

export const STATS_FLUSH_MS = 5000;

export function statsRecorder(repo: StatsRepository, now: () => Date, log: { warn: (o: object, m: string) => void }) {
  let pending = new Map<string, PendingDay>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const salts = new Map<string, Promise<string>>();

  const salt = (day: string) => {
    let s = salts.get(day);
    if (!s) {
      s = repo.saltFor(day);
      salts.clear();
      salts.set(day, s);
      s.catch(() => salts.delete(day));
    }
    return s;
  };

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    for (const [day, counts] of batch) {
      try {
        await repo.add(day, counts);
      } catch (err) {
        log.warn({ err }, 'could not write statistics; keeping them for the next flush');
        const again = pending.get(day) ?? { pageViews: 0, visits: 0, visitors: new Map() };
        again.pageViews += counts.pageViews;
        again.visits += counts.visits;
        counts.visitors.forEach((d, h) => again.visitors.set(h, d));
        pending.set(day, again);
      }
    }
  }

  return {
    /** One reader page view. `entry` is true when the visitor arrived from outside the site (a visit). */
    /**
     * Never fails (callers fire and forget it): while the database cannot give the day's salt, the view and the visit
     * are still counted, only the visitor is not told apart.
     */
    async record(address: string, userAgent: string | undefined, entry: boolean): Promise<void> {
      if (isBot(userAgent)) return;
      const day = tripoliDate(now());
      let hash: string | undefined;
      try {
        hash = createHash('sha256')
          .update(`${await salt(day)}|${address}|${userAgent}`)
          .digest('base64url');
      } catch (err) {
        log.warn({ err }, "statistics: the day's salt is unavailable; counting the view without its visitor");
      }
      const counts = pending.get(day) ?? { pageViews: 0, visits: 0, visitors: new Map() };
      counts.pageViews++;
      if (entry) counts.visits++;
      if (hash) counts.visitors.set(hash, deviceOf(userAgent));
      pending.set(day, counts);
    },
    /** Page views counted but not yet written (metrics). */
    get unflushed(): number {
      let n = 0;
      for (const counts of pending.values()) n += counts.pageViews;
      return n;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), STATS_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type StatsRecorder = ReturnType<typeof statsRecorder>;
