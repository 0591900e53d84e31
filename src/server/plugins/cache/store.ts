/**
 * The response cache's memory: a byte-bounded LRU of entries (lru-cache's maxSize) with an index by tag, the
 * invalidation log that tells a render whether what it read changed meanwhile, and the background brotli upgrade.
 */
import { LRUCache } from 'lru-cache';
import {
  BROTLI_QUALITY_BEST,
  brotli,
  brotliOptions,
  MAX_PENDING_UPGRADES,
  readyHeads,
  UPGRADE_AFTER_MS,
  type Encoding,
} from './encoding';

export interface CacheEntry {
  key: string;
  /** The normalised URL (path and the parameters the route reads): what a refresh asks for. */
  url: string;
  origin: string;
  status: number;
  /** Headers sent with every copy: content type, cache control, vary, tags and the security headers. */
  headers: Record<string, string>;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  hash: string;
  tags: readonly string[];
  freshUntil: number;
  staleUntil: number;
  errorUntil: number;
  pageView: boolean;
  refreshing: boolean;
  /** A write changed what it shows (see invalidate): kept only to stand in for a failed render. */
  retired?: boolean;
  /**
   * When a write retired it (cache clock, ms); unset when it was retired for another reason (the listener missed
   * announcements). Readers may be given it for a moment after this while its one re-render runs.
   */
  retiredAt?: number;
  /**
   * When a render meant to replace it last failed (a 5xx: the database down or stalled; cache clock, ms). For a while
   * after, readers get it at once while one re-render tries again, rather than each waiting out the time bound.
   */
  failedAt?: number;
  size: number;
  /** When a read last moved it to the LRU's recent end (cache clock, ms): at most once a second (see get). */
  touchedAt?: number;
  /** A JSON answer, parsed once when filled: the server's own page renders read it without a request. */
  json?: unknown;
  /** For the fast path: per encoding, the ETag and the whole header list of a hit (and of its 304), made once. */
  ready: Partial<
    Record<Encoding, { etag: string; head: string[]; notModified: string[]; rawHead: string; rawNotModified: string }>
  >;
}

/** Out of service as content: never served again except as the last good copy when a render fails. */
function retire(e: CacheEntry, at?: number): void {
  e.retired = true;
  e.retiredAt = at;
  e.freshUntil = 0;
  e.staleUntil = 0;
}

export interface CacheCounters {
  /** Brotli bodies recompressed at the best quality in the background. */
  upgrades: number;
  /** Requests answered from a fresh entry (the fast path and the Fastify hook alike). */
  hits: number;
  /** Requests answered from an entry past its TTL while it is refreshed. */
  staleHits: number;
  /** Readers answered with the copy a write just replaced, while its re-render ran (CACHE_SERVE_PREVIOUS_MS). */
  previousHits: number;
  /** Readers answered with the last good copy after a render of it failed (FAILED_HOLD_MS), while one re-render retries. */
  lastGoodHits: number;
  /** Requests that had to be rendered. */
  misses: number;
  /** Requests that waited for another request's render of the same key and got its answer. */
  coalesced: number;
  /** API answers a page render read straight from the cache (lookupJson), without a request. */
  lookups: number;
  fills: number;
  compressions: number;
  invalidations: number;
}

export class ResponseCache {
  private readonly lru: LRUCache<string, CacheEntry>;
  private readonly byTag = new Map<string, Set<string>>();
  /** Invalidations so far, and the tags of the recent ones: a render that began before an invalidation of one of
   * its tags may hold old content, so it is not kept (see invalidatedSince). */
  seq = 0;
  private recent: { seq: number; at: number; tags: Set<string> }[] = [];
  readonly inflight = new Map<string, Promise<CacheEntry | undefined>>();
  readonly counters: CacheCounters = {
    upgrades: 0,
    hits: 0,
    staleHits: 0,
    previousHits: 0,
    lastGoodHits: 0,
    misses: 0,
    coalesced: 0,
    lookups: 0,
    fills: 0,
    compressions: 0,
    invalidations: 0,
  };
  /**
   * When a render last failed for want of the database (a 503: down, stalled, or slower than the time bound; cache
   * clock, ms). For FAILED_HOLD_MS after it every page's last good copy stands in at once (plugin.ts).
   */
  unavailableAt?: number;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, CacheEntry>({
      maxSize: Math.max(1, maxBytes), // 0 turns the cache off (see registerResponseCache)
      sizeCalculation: (e) => e.size,
      dispose: (e, key) => this.untag(key, e),
    });
  }

  private untag(key: string, e: CacheEntry): void {
    for (const t of e.tags) {
      const keys = this.byTag.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(t);
    }
  }

  /**
   * The entry for a key, fresh or stale; undefined once it is too old even to stand in for an error. It is read with
   * lru-cache's peek, and moved to the recent end (lru-cache's get) on its first read and then at most once a second:
   * get's bookkeeping on every one of tens of thousands of hits a second was, after fastPath itself, the most of our
   * code on the hit path (about 1.5 µs of a hit's ~80), and what it keeps exact, the order of entries read within the
   * same second, changes nothing about which are worth keeping.
   */
  get(key: string): CacheEntry | undefined {
    const e = this.lru.peek(key);
    if (!e) return undefined;
    const t = this.now();
    if (e.errorUntil <= t) {
      this.lru.delete(key);
      return undefined;
    }
    if (e.touchedAt === undefined || t - e.touchedAt >= 1000) {
      e.touchedAt = t;
      this.lru.get(key);
    }
    return e;
  }

  set(entry: CacheEntry): void {
    this.lru.delete(entry.key);
    if (entry.size > this.maxBytes) return;
    this.lru.set(entry.key, entry);
    if (!this.lru.has(entry.key)) return;
    for (const t of entry.tags) {
      let keys = this.byTag.get(t);
      if (!keys) this.byTag.set(t, (keys = new Set()));
      keys.add(entry.key);
    }
  }

  /**
   * Retires every entry carrying any of the tags: from now on none is served as it is (no hit, no
   * stale-while-revalidate), the next request renders afresh. The entry stays only as the last good copy for
   * stale-if-error, so a reader still gets it if that render fails (the database down or stalled) rather than a 503;
   * a CDN in front does the same with the stale-if-error it is sent.
   */
  invalidate(tags: readonly string[]): number {
    const at = this.now();
    this.recent.push({ seq: ++this.seq, at, tags: new Set(tags) });
    while (this.recent.length > 1000 || (this.recent[0] && this.recent[0].at < at - 120_000)) this.recent.shift();
    let retired = 0;
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (!keys) continue;
      for (const key of keys) {
        const e = this.lru.peek(key);
        if (!e) continue;
        // Retired again by a later write: its moment as the previous copy counts from this write.
        if (!e.retired) retired++;
        if (!e.retired || e.retiredAt !== undefined) retire(e, at);
      }
    }
    this.counters.invalidations++;
    return retired;
  }

  /**
   * Keeps a render that something it shows changed during (a write committed while it was being made) as the last
   * good copy only: never served as it is, but newer than the copy it replaces, and there to stand in if the next
   * render fails. Under a stream of writes a slow page may never finish between two of them; without this it would
   * have no copy at all when the database then stops answering. A current entry made since is left alone.
   */
  keepAsLastGood(entry: CacheEntry): void {
    const held = this.lru.peek(entry.key);
    if (held && !held.retired) return;
    retire(entry, held?.retiredAt);
    this.set(entry);
  }

  /**
   * A render meant to replace `stale` failed at `at` (see CacheEntry.failedAt): marked on it and on the entry now held
   * for its key when that is the same content (the background brotli upgrade may have replaced the object meanwhile).
   */
  markFailed(stale: CacheEntry, at: number): void {
    stale.failedAt = at;
    const held = this.lru.peek(stale.key);
    if (held && held !== stale && held.hash === stale.hash) held.failedAt = at;
  }

  /** The entry for a key only if it is this very one (not replaced, dropped or retired since). */
  isCurrent(entry: CacheEntry): boolean {
    return this.lru.peek(entry.key) === entry && !entry.retired;
  }

  private upgrades: CacheEntry[] = [];
  private upgrading = false;

  /** Recompresses an entry's brotli body at the best quality, later, one at a time, if it is still current. */
  upgrade(entry: CacheEntry, afterMs = UPGRADE_AFTER_MS): void {
    if (!entry.bodies.br) return;
    const later = setTimeout(() => {
      if (!this.isCurrent(entry) || this.upgrades.length >= MAX_PENDING_UPGRADES) return;
      this.upgrades.push(entry);
      if (!this.upgrading) void this.drainUpgrades();
    }, afterMs);
    later.unref();
  }

  private async drainUpgrades(): Promise<void> {
    this.upgrading = true;
    try {
      for (let e = this.upgrades.shift(); e; e = this.upgrades.shift()) {
        if (!this.isCurrent(e)) continue;
        const br = await brotli(e.bodies.identity, brotliOptions(BROTLI_QUALITY_BEST, e.bodies.identity.length));
        if (!this.isCurrent(e) || br.length >= e.bodies.br!.length) continue;
        const bodies = { ...e.bodies, br };
        const size = e.size - e.bodies.br!.length + br.length;
        const upgraded = { ...e, bodies, size, ready: readyHeads({ ...e, bodies, size }) };
        this.set(upgraded);
        this.counters.upgrades++;
      }
    } finally {
      this.upgrading = false;
    }
  }

  /**
   * Retires everything (the listener missed announcements while it was away, so any entry may be out of date): each
   * is rendered afresh when next asked for, and kept only as a last good copy should that render fail.
   */
  retireAll(): void {
    this.recent = [];
    this.seq++;
    for (const e of this.lru.values()) retire(e);
    this.counters.invalidations++;
  }

  /** True when any of `tags` was invalidated after `seq` (or too long ago to tell). */
  invalidatedSince(seq: number, tags: readonly string[]): boolean {
    if (seq === this.seq) return false;
    if (!this.recent.length || this.recent[0]!.seq > seq + 1) return true;
    return this.recent.some((r) => r.seq > seq && tags.some((t) => r.tags.has(t)));
  }

  get size(): number {
    return this.lru.size;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }
}
