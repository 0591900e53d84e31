/**
 * The response cache for public GETs (pages, API, feeds). What it promises:
 * - Bounded by bytes, true LRU (lru-cache's maxSize); every entry keeps its identity, brotli and gzip bodies, made
 *   once when the entry is filled (never on a hit), and its headers (security headers included) precomputed.
 * - Keyed only by what the route reads: its path, the query parameters it declares (unknown ones such as utm_* or
 *   random junk neither make entries nor bypass the cache), and the origin when no PUBLIC_URL fixes it.
 * - Concurrent misses of one key render once (request coalescing); past its TTL an entry is served stale at once
 *   while one refresh runs (stale-while-revalidate); if the refresh fails it is served for a day more
 *   (stale-if-error). A write drops entries by tag: after an invalidation nobody gets the old content.
 * - ETag per encoding and 304; Vary: Accept-Encoding; Cache-Control with s-maxage, stale-while-revalidate and
 *   stale-if-error; Surrogate-Key / Cache-Tag headers so a CDN can be purged by the same tags.
 * Hits are normally answered by `fastPath` in front of Fastify (see app.ts); the hooks here answer the rest.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { LRUCache } from 'lru-cache';
import proxyAddr from 'proxy-addr';
import type { ZodObject } from 'zod';
import { tagsHeader, type CacheTag } from '../lib/cache-tags';

export interface RouteCache {
  /** Tags every response of the route carries; handlers add more with reply.cacheTags(). */
  tags: readonly CacheTag[];
  /** Seconds this instance keeps the response fresh (and a CDN may, via s-maxage). */
  ttl: number;
  /** Seconds a browser may keep it. */
  browserTtl?: number;
  /** Query parameters the response depends on. Default: the keys of the route's querystring schema. */
  query?: readonly string[] | ((pathname: string) => readonly string[]);
  /** A 200 from this route is a reader's page view (counted in statistics on hits too). */
  pageView?: boolean;
  /**
   * Seconds past its TTL an entry is still served at once while one refresh runs (default 300). 0 for answers that
   * are cheap to make and wrong when late (the next prayer's countdown, the weather's own 30-minute cache).
   */
  staleWhileRevalidate?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: RouteCache;
  }
  interface FastifyReply {
    /** Adds tags to the response being cached (what it shows). */
    cacheTags(...tags: CacheTag[]): FastifyReply;
    /** This response must not be cached (its data failed, or it is not the same for everyone). */
    doNotCache(): FastifyReply;
  }
}

/** Seconds a stale entry is served at once while it is refreshed, and the CDN's stale-while-revalidate. */
export const STALE_WHILE_REVALIDATE_S = 300;
/** Seconds a stale entry may stand in for a failing origin (here and, via stale-if-error, at a CDN). */
export const STALE_IF_ERROR_S = 86_400;
/**
 * Brotli for cached entries: quality 5 when the entry is filled (about 1 ms for a 70 KB page, so the reader who
 * caused the fill is not kept waiting), then, for entries still current two seconds later, quality 10 in the
 * background, one at a time (about 20 ms, 10–15% smaller; 11 costs three times as much for the same size here):
 * what every later reader on a slow network gets. Entries replaced within seconds (a story being edited) are never
 * recompressed. Measured on this machine, see docs/ARCHITECTURE.md.
 */
const BROTLI_QUALITY_FILL = 5;
const BROTLI_QUALITY_BEST = 10;
const UPGRADE_AFTER_MS = 2000;
/** Upgrades waiting beyond this are dropped (a storm of invalidations must not queue work without end). */
const MAX_PENDING_UPGRADES = 64;
/** Uncacheable responses are compressed per request, never above quality 5 (issue: CPU under load). */
const BROTLI_QUALITY_LIVE = 4;
/** Live answers up to this size are compressed synchronously (about 0.25 ms for 34 KB of JSON here). */
const LIVE_SYNC_MAX_BYTES = 32 * 1024;
const MIN_COMPRESS_BYTES = 860;

const brotli = promisify(zlib.brotliCompress);
const brotliOptions = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip' | 'identity';

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
  size: number;
  /** A JSON answer, parsed once when filled: the server's own page renders read it without a request. */
  json?: unknown;
  /** For the fast path: per encoding, the ETag and the whole header list of a hit (and of its 304), made once. */
  ready: Partial<Record<Encoding, { etag: string; head: string[]; notModified: string[] }>>;
}

export interface CacheCounters {
  /** Brotli bodies recompressed at the best quality in the background. */
  upgrades: number;
  /** Requests answered from a fresh entry (the fast path and the Fastify hook alike). */
  hits: number;
  /** Requests answered from an entry past its TTL while it is refreshed. */
  staleHits: number;
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
    misses: 0,
    coalesced: 0,
    lookups: 0,
    fills: 0,
    compressions: 0,
    invalidations: 0,
  };

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

  /** The entry for a key, fresh or stale; undefined once it is too old even to stand in for an error. */
  get(key: string): CacheEntry | undefined {
    const e = this.lru.get(key);
    if (e && e.errorUntil <= this.now()) {
      this.lru.delete(key);
      return undefined;
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

  /** Drops every entry carrying any of the tags. */
  invalidate(tags: readonly string[]): number {
    const at = this.now();
    this.recent.push({ seq: ++this.seq, at, tags: new Set(tags) });
    while (this.recent.length > 1000 || (this.recent[0] && this.recent[0].at < at - 120_000)) this.recent.shift();
    let removed = 0;
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (!keys) continue;
      for (const key of [...keys]) if (this.lru.delete(key)) removed++;
    }
    this.counters.invalidations++;
    return removed;
  }

  /** The entry for a key only if it is this very one (not replaced or dropped since). */
  isCurrent(entry: CacheEntry): boolean {
    return this.lru.peek(entry.key) === entry;
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

  /** Drops everything (the listener missed announcements while it was away). */
  clear(): void {
    this.recent = [];
    this.seq++;
    this.lru.clear();
    this.byTag.clear();
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

// ---------------------------------------------------------------------------------------------------------------
// Keys and encodings

/** The normalised URL and key: only the parameters the route reads, sorted; the first of a repeated one. */
export function normalise(
  rawUrl: string,
  allowed: readonly string[],
  origin: string,
): { key: string; url: string; pathname: string } {
  const q = rawUrl.indexOf('?');
  const pathname = q < 0 ? rawUrl : rawUrl.slice(0, q);
  let url = pathname;
  if (q >= 0 && allowed.length) {
    const search = new URLSearchParams(rawUrl.slice(q + 1));
    const kept: string[] = [];
    for (const name of [...allowed].sort()) {
      const value = search.get(name);
      if (value !== null) kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
    if (kept.length) url = `${pathname}?${kept.join('&')}`;
  }
  return { key: `${origin} ${url}`, url, pathname };
}

function acceptedEncoding(header: string | string[] | undefined, e: CacheEntry): Encoding {
  const accept = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (e.bodies.br && /\bbr\b/.test(accept)) return 'br';
  if (e.bodies.gzip && /\bgzip\b/.test(accept)) return 'gzip';
  return 'identity';
}

const etagFor = (hash: string, encoding: Encoding) =>
  `W/"${hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim() === etag);
}

/** Headers never copied into an entry: they belong to one response, not to the content. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'x-cache',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
]);

/** Status, headers and body for one request: the encoding it accepts, or 304 when it has that copy already. */
function representation(
  e: CacheEntry,
  headers: IncomingMessage['headers'],
  state: 'HIT' | 'STALE' | 'MISS',
): { status: number; headers: Record<string, string>; body: Buffer | undefined } {
  const encoding = acceptedEncoding(headers['accept-encoding'], e);
  const etag = etagFor(e.hash, encoding);
  const out: Record<string, string> = { ...e.headers, etag, 'x-cache': state };
  if (e.status === 200 && matches(headers['if-none-match'], etag))
    return { status: 304, headers: out, body: undefined };
  if (encoding !== 'identity') out['content-encoding'] = encoding;
  const body = e.bodies[encoding]!;
  out['content-length'] = String(body.length);
  return { status: e.status, headers: out, body };
}

/** The fast path's header lists (flat [name, value, …], as writeHead takes them) for each encoding. */
function readyHeads(e: Omit<CacheEntry, 'ready'>): CacheEntry['ready'] {
  const ready: CacheEntry['ready'] = {};
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const body = e.bodies[encoding];
    if (!body) continue;
    const etag = etagFor(e.hash, encoding);
    const common = Object.entries({ ...e.headers, etag, 'x-cache': 'HIT' }).flat();
    ready[encoding] = {
      etag,
      head: [
        ...common,
        ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
        'content-length',
        String(body.length),
      ],
      notModified: common,
    };
  }
  return ready;
}

/**
 * An answer the cache does not keep, compressed for this request. Small ones in place: for a few kilobytes the thread
 * pool's round trip costs several times the compression itself (0.03 ms for a 5 KB sitemap index at quality 4, 0.15 ms
 * through the pool), and LIVE_SYNC_MAX_BYTES blocks the event loop about a quarter of a millisecond. Larger ones go
 * to the pool.
 */
async function compressLive(encoding: 'br' | 'gzip', input: Buffer): Promise<Buffer> {
  const small = input.length <= LIVE_SYNC_MAX_BYTES;
  if (encoding === 'gzip') return small ? zlib.gzipSync(input, { level: 6 }) : gzip(input, { level: 6 });
  const options = brotliOptions(BROTLI_QUALITY_LIVE, input.length);
  return small ? zlib.brotliCompressSync(input, options) : brotli(input, options);
}

async function buildEntry(
  base: Omit<CacheEntry, 'bodies' | 'hash' | 'size' | 'refreshing' | 'ready'>,
  identity: Buffer,
  counters: CacheCounters,
): Promise<CacheEntry> {
  const bodies: CacheEntry['bodies'] = { identity };
  if (identity.length >= MIN_COMPRESS_BYTES) {
    counters.compressions++;
    const [br, gz] = await Promise.all([
      brotli(identity, brotliOptions(BROTLI_QUALITY_FILL, identity.length)),
      gzip(identity, { level: 9 }),
    ]);
    bodies.br = br;
    bodies.gzip = gz;
  }
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  const headerBytes = Object.entries(base.headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
  // A parsed JSON answer takes about twice its text in memory.
  const size =
    identity.length * (base.json === undefined ? 1 : 3) +
    (bodies.br?.length ?? 0) +
    (bodies.gzip?.length ?? 0) +
    headerBytes +
    base.key.length +
    512;
  const entry = { ...base, bodies, hash, size, refreshing: false };
  return { ...entry, ready: readyHeads(entry) };
}

const TEXT_TYPE = /^(text\/|application\/(json|xml|rss\+xml|javascript|manifest\+json)|image\/svg\+xml)/;

// ---------------------------------------------------------------------------------------------------------------
// The Fastify side: fills, coalescing, stale-while-revalidate, stale-if-error

export interface CacheOptions {
  cache: ResponseCache;
  publicUrl: string | undefined;
  /** The address a request comes from (Fastify's trust-proxy rules), for page-view statistics on fast hits. */
  trustProxy: boolean | number | string | string[];
  now: () => number;
  /** A reader page was shown (statistics). */
  onPageView?: (address: string, userAgent: string | undefined, entry: boolean) => void;
  /** A request was answered by the fast path (metrics): its route pattern, path, status and seconds taken. */
  onFastPath?: (method: string, route: string, pathname: string, status: number, seconds: number) => void;
}

const REFRESH_HEADER = 'x-sahifa-refresh';
const FRESH_HEADER = 'x-sahifa-fresh';
const ORIGIN_HEADER = 'x-sahifa-origin';

interface RequestCacheState {
  key: string;
  url: string;
  origin: string;
  rc: RouteCache;
  tags: CacheTag[];
  noCache: boolean;
  served: boolean;
  /** The cache's invalidation count when this request began. */
  seq: number;
  fill?: { resolve: (e: CacheEntry | undefined) => void; done: boolean };
  stale?: CacheEntry;
}

const kState = Symbol('sahifa.cache');
const swrOf = (rc: RouteCache) => rc.staleWhileRevalidate ?? STALE_WHILE_REVALIDATE_S;
type WithState = FastifyRequest & { [kState]?: RequestCacheState };

export interface CacheHandle {
  /** A fresh cached JSON answer of this app's API (and its tags), for a page being rendered for `req`. */
  lookupJson: (path: string, req: FastifyRequest) => { value: unknown; tags: readonly string[] } | undefined;
  /** Answers a request from the cache before Fastify sees it; false when Fastify must handle it. */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The origin a request's absolute URLs use (PUBLIC_URL, else its own scheme and host). */
  originOf: (req: FastifyRequest) => string;
  /** Headers for this app's own inject() calls: fresh data (never stale), the same origin. */
  internalHeaders: (req: FastifyRequest) => Record<string, string>;
  /** Stops serving from the fast path (while draining). */
  close: () => void;
  /** True for this app's own requests to itself (a page render's API queries, a stale entry's refresh). */
  isInternal: (req: FastifyRequest) => boolean;
}

export function registerResponseCache(app: FastifyInstance, opts: CacheOptions): CacheHandle {
  const { cache, publicUrl, now } = opts;
  const token = randomBytes(16).toString('hex');
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  const trust = typeof opts.trustProxy === 'function' ? opts.trustProxy : compileTrust(opts.trustProxy);
  let closing = false;

  app.decorateReply('cacheTags', function (this: FastifyReply, ...tags: CacheTag[]) {
    (this.request as WithState)[kState]?.tags.push(...tags);
    return this;
  });
  app.decorateReply('doNotCache', function (this: FastifyReply) {
    const s = (this.request as WithState)[kState];
    if (s) s.noCache = true;
    return this;
  });

  app.addHook('onRoute', (route) => {
    const shared = route.config?.cache;
    if (!shared || ![route.method].flat().includes('GET')) return;
    const qs = route.schema?.querystring as ZodObject | undefined;
    const query = shared.query ?? (qs && typeof qs === 'object' && 'shape' in qs ? Object.keys(qs.shape) : []);
    const rc: RouteCache = { ...shared, query };
    route.config!.cache = rc;
    router.on('GET', route.url, () => {}, { rc, route: route.url });
  });

  const allowedOf = (rc: RouteCache, pathname: string) =>
    typeof rc.query === 'function' ? rc.query(pathname) : (rc.query ?? []);

  function originOf(req: FastifyRequest): string {
    if (publicUrl) return publicUrl;
    const internal = req.headers[ORIGIN_HEADER];
    if (typeof internal === 'string' && req.headers[REFRESH_HEADER] === token) return internal;
    if (typeof internal === 'string' && req.headers[FRESH_HEADER] === token) return internal;
    return `${req.protocol}://${req.host}`;
  }

  function cacheControl(rc: RouteCache): string {
    return `public, max-age=${rc.browserTtl ?? 0}, s-maxage=${rc.ttl}, stale-while-revalidate=${swrOf(rc)}, stale-if-error=${STALE_IF_ERROR_S}`;
  }

  function refresh(e: CacheEntry): void {
    if (e.refreshing || closing) return;
    e.refreshing = true;
    void app
      .inject({
        method: 'GET',
        url: e.url,
        headers: { [REFRESH_HEADER]: token, [ORIGIN_HEADER]: e.origin, 'accept-encoding': 'identity' },
      })
      .catch((err) => app.log.warn({ err }, 'cache refresh failed'))
      .finally(() => {
        e.refreshing = false;
      });
  }

  function serve(reply: FastifyReply, e: CacheEntry, state: 'HIT' | 'STALE'): FastifyReply {
    const r = representation(e, reply.request.headers, state);
    return reply
      .code(r.status)
      .headers(r.headers)
      .send(reply.request.method === 'HEAD' ? undefined : r.body);
  }

  function settle(s: RequestCacheState, entry: CacheEntry | undefined): void {
    if (!s.fill || s.fill.done) return;
    s.fill.done = true;
    cache.inflight.delete(s.key);
    s.fill.resolve(entry);
  }

  // CACHE_MAX_MB=0 turns the cache off (benchmarks of rendering, debugging): every request is made afresh.
  const enabled = cache.maxBytes > 0;

  app.addHook('onRequest', async (req: WithState, reply) => {
    const rc = req.routeOptions.config.cache;
    if (!enabled || !rc || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const origin = originOf(req);
    const { key, url } = normalise(req.url, allowedOf(rc, req.url.split('?')[0]!), origin);
    const s: RequestCacheState = {
      key,
      url,
      origin,
      rc,
      tags: [...rc.tags],
      noCache: false,
      served: false,
      seq: cache.seq,
    };
    req[kState] = s;
    const internalRefresh = req.headers[REFRESH_HEADER] === token;
    const wantsFresh = internalRefresh || req.headers[FRESH_HEADER] === token;

    const e = cache.get(key);
    const t = now();
    if (e && !internalRefresh) {
      if (t < e.freshUntil) {
        cache.counters.hits++;
        s.served = true;
        return serve(reply, e, 'HIT');
      }
      if (!wantsFresh && t < e.staleUntil) {
        cache.counters.staleHits++;
        refresh(e);
        s.served = true;
        return serve(reply, e, 'STALE');
      }
    }
    if (e) s.stale = e; // may stand in if this render fails

    for (let attempt = 0; attempt < 2 && !internalRefresh; attempt++) {
      const pending = cache.inflight.get(key);
      if (!pending) break;
      const filled = await pending;
      if (filled) {
        cache.counters.coalesced++;
        s.served = true;
        return serve(reply, filled, 'HIT');
      }
    }
    cache.counters.misses++;
    let resolve!: (e: CacheEntry | undefined) => void;
    const promise = new Promise<CacheEntry | undefined>((r) => (resolve = r));
    if (!cache.inflight.has(key)) {
      cache.inflight.set(key, promise);
      s.fill = { resolve, done: false };
    }
  });

  app.addHook('onSend', async (req: WithState, reply, payload) => {
    const s = req[kState];
    if (!s || s.served) return payload;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    const cacheable =
      (status === 200 || status === 404) && !s.noCache && body !== undefined && !reply.hasHeader('set-cookie');
    if (!cacheable) {
      settle(s, undefined);
      if (status >= 500 && s.stale && s.stale.errorUntil > now()) {
        // stale-if-error: the last good copy rather than an error page
        const r = representation(s.stale, req.headers, 'STALE');
        reply.code(r.status);
        for (const name of Object.keys(reply.getHeaders())) if (!PER_RESPONSE.has(name)) reply.removeHeader(name);
        reply.headers(r.headers);
        return r.body ?? '';
      }
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_RESPONSE.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const tags = [...new Set(s.tags)];
    headers['cache-control'] = cacheControl(s.rc);
    headers.vary = 'Accept-Encoding';
    headers['surrogate-key'] = tagsHeader(tags);
    headers['cache-tag'] = tags.join(',');
    const t = now();
    let json: unknown;
    if (status === 200 && headers['content-type']?.startsWith('application/json')) {
      try {
        json = JSON.parse(body.toString());
      } catch {
        json = undefined;
      }
    }
    const entry = await buildEntry(
      {
        key: s.key,
        url: s.url,
        origin: s.origin,
        status,
        headers,
        tags,
        freshUntil: t + s.rc.ttl * 1000,
        staleUntil: t + (s.rc.ttl + swrOf(s.rc)) * 1000,
        errorUntil: t + (s.rc.ttl + STALE_IF_ERROR_S) * 1000,
        pageView: !!s.rc.pageView,
        json,
      },
      body,
      cache.counters,
    );
    if (cache.invalidatedSince(s.seq, tags)) {
      // Something it shows changed while it was being made: answer this request, keep nothing, and let anyone
      // waiting for it make their own.
      settle(s, undefined);
    } else {
      cache.counters.fills++;
      cache.set(entry);
      settle(s, entry);
      cache.upgrade(entry);
    }
    const r = representation(entry, req.headers, 'MISS');
    reply.code(r.status);
    for (const [name, value] of Object.entries(r.headers)) reply.header(name, value);
    return req.method === 'HEAD' ? '' : (r.body ?? '');
  });

  // Per-request compression of what the cache does not keep (admin JSON, errors, POST answers).
  app.addHook('onSend', async (req: WithState, reply, payload) => {
    if (req[kState] && (req[kState].served || reply.hasHeader('x-cache'))) return payload;
    if (reply.hasHeader('content-encoding') || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const size = Buffer.byteLength(payload);
    if (size < MIN_COMPRESS_BYTES || !TEXT_TYPE.test(type) || reply.statusCode === 304) return payload;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
    reply.header('vary', 'Accept-Encoding');
    if (!encoding) return payload;
    const out = await compressLive(encoding, typeof payload === 'string' ? Buffer.from(payload) : payload);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return out;
  });

  const release = async (req: WithState) => {
    const s = req[kState];
    if (s) settle(s, undefined);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (!enabled || closing || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
    if (req.headers[REFRESH_HEADER] || req.headers[FRESH_HEADER]) return false;
    const q = req.url.indexOf('?');
    const started = opts.onFastPath ? performance.now() : 0;
    const found = router.find('GET', q < 0 ? req.url : req.url.slice(0, q));
    if (!found) return false;
    const rc = (found.store as { rc: RouteCache }).rc;
    const origin = publicUrl ?? fastOrigin(req, trust);
    if (!origin) return false;
    const { key } = normalise(req.url, allowedOf(rc, q < 0 ? req.url : req.url.slice(0, q)), origin);
    const e = cache.get(key);
    if (!e || now() >= e.freshUntil) return false;
    cache.counters.hits++;
    const encoding = acceptedEncoding(req.headers['accept-encoding'], e);
    const ready = e.ready[encoding]!;
    let status = e.status;
    if (status === 200 && matches(req.headers['if-none-match'], ready.etag)) {
      status = 304;
      res.writeHead(304, ready.notModified);
      res.end();
    } else {
      res.writeHead(status, ready.head);
      res.end(req.method === 'HEAD' ? undefined : e.bodies[encoding]);
    }
    if (e.pageView && status === 200 && opts.onPageView) {
      const referer = req.headers.referer;
      opts.onPageView(proxyAddr(req, trust), req.headers['user-agent'], !referer || !referer.startsWith(origin));
    }
    if (opts.onFastPath) {
      const pathname = q < 0 ? req.url : req.url.slice(0, q);
      const route = (found.store as { route: string }).route;
      opts.onFastPath(req.method, route, pathname, status, (performance.now() - started) / 1000);
    }
    return true;
  }

  function lookupJson(path: string, req: FastifyRequest) {
    if (!enabled) return undefined;
    const q = path.indexOf('?');
    const pathname = q < 0 ? path : path.slice(0, q);
    const found = router.find('GET', pathname);
    if (!found) return undefined;
    const rc = (found.store as { rc: RouteCache }).rc;
    const { key } = normalise(path, allowedOf(rc, pathname), originOf(req));
    const e = cache.get(key);
    if (!e || e.json === undefined || now() >= e.freshUntil) return undefined;
    cache.counters.lookups++;
    return { value: e.json, tags: e.tags };
  }

  return {
    lookupJson,
    fastPath,
    originOf,
    internalHeaders: (req) => ({ [FRESH_HEADER]: token, [ORIGIN_HEADER]: originOf(req), accept: 'application/json' }),
    close: () => {
      closing = true;
    },
    isInternal: (req) => req.headers[REFRESH_HEADER] === token || req.headers[FRESH_HEADER] === token,
  };
}

type TrustFn = (address: string, hop: number) => boolean;

function compileTrust(setting: boolean | number | string | string[]): TrustFn {
  if (setting === true) return () => true;
  if (setting === false || setting === undefined) return () => false;
  if (typeof setting === 'number') return (_a, hop) => hop < setting;
  return proxyAddr.compile(typeof setting === 'string' ? setting.split(',').map((s) => s.trim()) : setting);
}

/** Scheme and host as Fastify would read them (X-Forwarded-* only from a trusted proxy). */
function fastOrigin(req: IncomingMessage, trust: TrustFn): string | undefined {
  const socketAddress = req.socket.remoteAddress ?? '';
  const trusted = trust(socketAddress, 0);
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  let proto = encrypted ? 'https' : 'http';
  let host = req.headers.host;
  if (trusted) {
    const xfp = req.headers['x-forwarded-proto'];
    if (typeof xfp === 'string' && xfp) proto = xfp.split(',')[0]!.trim();
    const xfh = req.headers['x-forwarded-host'];
    if (typeof xfh === 'string' && xfh) host = xfh.split(',').pop()!.trim();
  }
  return host ? `${proto}://${host}` : undefined;
}

/** Cache settings of the public API, by what each response shows. */
export const API_CACHE = {
  news: { tags: ['news', 'sections'], ttl: 60, browserTtl: 30 },
  categories: { tags: ['sections'], ttl: 300, browserTtl: 60 },
  breaking: { tags: ['breaking'], ttl: 60, browserTtl: 30 },
  prayer: { tags: ['prayer'], ttl: 60, browserTtl: 60, staleWhileRevalidate: 0 },
  weather: { tags: ['weather'], ttl: 60, browserTtl: 60, staleWhileRevalidate: 0 },
  settings: { tags: ['settings'], ttl: 300, browserTtl: 60 },
} as const satisfies Record<string, RouteCache>;
