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

  /** Visitors not yet hashed, by day: `address|user agent` → user agent. */
  let unhashed = new Map<string, Map<string, string | undefined>>();

  /** Hashes the visitors seen since the last flush into their day's counts (each distinct one once). */
  async function hashVisitors(batch: Map<string, PendingDay>) {
    const seen = unhashed;
    unhashed = new Map();
    for (const [day, visitors] of seen) {
      let daySalt: string;
      try {
        daySalt = await salt(day);
      } catch (err) {
        log.warn({ err }, "statistics: the day's salt is unavailable; counting the views without their visitors");
        continue;
      }
      const counts = batch.get(day);
      if (!counts) continue;
      for (const [key, agent] of visitors)
        counts.visitors.set(createHash('sha256').update(`${daySalt}|${key}`).digest('base64url'), deviceOf(agent));
    }
  }

  let flushing: Promise<void> | undefined;
  /**
   * One flush at a time (as the view counter): a flush asked for while the timer's runs waits for it, then writes what
   * came since, so that when it resolves everything recorded before the call is written (a graceful stop relies on it).
   */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = writeBatch().finally(() => (flushing = undefined));
    await flushing;
  }

  async function writeBatch(): Promise<void> {
    const batch = pending;
    pending = new Map();
    await hashVisitors(batch);
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

  /** The day (Tripoli) of a view, worked out once a second rather than per view. */
  let dayAt = 0;
  let dayOf = '';
  const today = () => {
    const t = now().getTime();
    if (t - dayAt >= 1000 || t < dayAt) {
      dayAt = t;
      dayOf = tripoliDate(new Date(t));
    }
    return dayOf;
  };
  /** Whether the last user agent seen is a bot (a page's hits mostly repeat the same few). */
  let lastAgent: string | undefined;
  let lastIsBot = false;

  return {
    /**
     * One reader page view. `entry` is true when the visitor arrived from outside the site (a visit). Synchronous and
     * cheap (it runs on every cached hit of a page): the visitor's address and user agent wait in memory until the
     * next flush (at most STATS_FLUSH_MS), which hashes each distinct one once with the day's salt; they are never
     * written. While the database cannot give the day's salt, the view and the visit are still counted, only the
     * visitor is not told apart.
     */
    record(address: string, userAgent: string | undefined, entry: boolean): void {
      if (userAgent !== lastAgent) {
        lastAgent = userAgent;
        lastIsBot = isBot(userAgent);
      }
      if (lastIsBot) return;
      const day = today();
      let counts = pending.get(day);
      if (!counts) pending.set(day, (counts = { pageViews: 0, visits: 0, visitors: new Map() }));
      counts.pageViews++;
      if (entry) counts.visits++;
      let seen = unhashed.get(day);
      if (!seen) unhashed.set(day, (seen = new Map()));
      seen.set(`${address}|${userAgent}`, userAgent);
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
