/**
 * Article views, absorbed in memory and written in batches: a beacon costs a Map update, and every VIEW_FLUSH_MS the
 * counts go to PostgreSQL in one transaction (views.repository.ts: add). On a graceful stop the last batch is written
 * before the pool closes. What a crash can lose: the views acknowledged since the last flush, at most one flush
 * interval's worth (view-counter.test.ts holds that bound). A failed flush keeps its counts for the next one.
 *
 * Whether an article may be counted (it is visible) is looked up once and remembered: forgotten when a write drops
 * the article's cache tag (here or in another instance), and re-checked after KNOWN_TTL_MS in any case.
 */
import { LRUCache } from 'lru-cache';
import { tripoliDate } from '../../../shared/dates';
import { newsErrors } from '../news/news.errors';
import type { ViewsRepository } from './views.repository';

export const VIEW_FLUSH_MS = 1000;
const KNOWN_TTL_MS = 60_000;
const KNOWN_MAX = 100_000;

interface Known {
  /** The all-time count in the database when last read or written. */
  stored: number;
  /** Counted here since then. */
  local: number;
}

export function viewCounter(deps: {
  repo: ViewsRepository;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
  flushMs?: number;
}) {
  const { repo, now, log } = deps;
  const flushMs = deps.flushMs ?? VIEW_FLUSH_MS;
  const known = new LRUCache<number, Known>({ max: KNOWN_MAX, ttl: KNOWN_TTL_MS, updateAgeOnGet: false });
  const lookups = new Map<number, Promise<number | undefined>>();
  let pending = new Map<number, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let flushing: Promise<void> | undefined;

  function lookup(id: number): Promise<number | undefined> {
    let p = lookups.get(id);
    if (!p) {
      p = repo.stored(id).finally(() => lookups.delete(id));
      lookups.set(id, p);
    }
    return p;
  }

  async function writeBatch(): Promise<void> {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    try {
      const totals = await repo.add(tripoliDate(now()), batch);
      for (const [id, flushed] of batch) {
        const k = known.get(id, { allowStale: true });
        const total = totals.get(id);
        if (k && total !== undefined) {
          k.stored = total;
          k.local -= flushed;
        }
      }
    } catch (err) {
      log.warn({ err, articles: batch.size }, 'could not write article views; keeping them for the next flush');
      for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
    }
  }

  /** One flush at a time; a flush asked for while one runs waits for it, then writes what came since. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = writeBatch().finally(() => (flushing = undefined));
    await flushing;
  }

  function count(id: number, k: Known): number {
    k.local++;
    pending.set(id, (pending.get(id) ?? 0) + 1);
    return k.stored + k.local;
  }

  return {
    /** Counts one view of a visible article; its count as this instance knows it. 404 when it is not visible. */
    async view(id: number): Promise<number> {
      let k = known.get(id);
      if (!k) {
        const stored = await lookup(id);
        if (stored === undefined) throw newsErrors.notFound();
        k = known.get(id) ?? { stored, local: 0 };
        known.set(id, k);
      }
      return count(id, k);
    },
    /**
     * Counts one view of an article already known to be visible, at once (the beacons' fast path); undefined, and
     * nothing counted, when it must be looked up first (view() does that).
     */
    viewIfKnown(id: number): number | undefined {
      const k = known.get(id);
      return k ? count(id, k) : undefined;
    },
    /** Forgets what it knew about articles whose cache tags were dropped (they may be hidden now). */
    forget(tags: readonly string[]): void {
      for (const t of tags) {
        if (t === 'news') known.clear();
        else if (t.startsWith('article:')) known.delete(Number(t.slice(8)));
      }
    },
    /** Views counted but not yet written (tests; metrics). */
    get unflushed(): number {
      let n = 0;
      for (const v of pending.values()) n += v;
      return n;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
export type ViewCounter = ReturnType<typeof viewCounter>;
