/**
 * The response cache for public GETs (pages, API, feeds). What it promises:
 * - Bounded by bytes, LRU (lru-cache's maxSize; a hit's recency kept to the second, see store.get); every entry keeps
 *   its identity, brotli and gzip bodies, made once when the entry is filled (never on a hit), and its headers
 *   (security headers included) precomputed.
 * - Keyed only by what the route reads: its path, the query parameters it declares (unknown ones such as utm_* or
 *   random junk neither make entries nor bypass the cache), and the origin when no PUBLIC_URL fixes it.
 * - Concurrent misses of one key render once (request coalescing); past its TTL an entry is served stale at once
 *   while one refresh runs (stale-while-revalidate); if the refresh fails it is served for a day more
 *   (stale-if-error). A write retires entries by tag: after an invalidation nobody gets the old content as fresh; it
 *   stays only to stand in for a render that fails.
 * - ETag per encoding and 304; Vary: Accept-Encoding; Cache-Control with s-maxage, stale-while-revalidate and
 *   stale-if-error; Surrogate-Key / Cache-Tag headers so a CDN can be purged by the same tags.
 * Hits, expired entries served while they refresh and the previous copies a write just replaced are normally answered
 * by `fastPath` in front of Fastify (see app.ts); the hooks here answer the rest (misses, staff, app's own requests).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import proxyAddr from 'proxy-addr';
import type { ZodObject } from 'zod';
import { tagsHeader, type CacheTag } from '../../lib/cache-tags';
import { SESSION_COOKIE } from '../admin-api';
import { sendHead } from '../../lib/raw-head';
import {
  acceptedEncoding,
  buildEntry,
  preferredEncoding,
  compressLive,
  readyHeads,
  matches,
  MIN_COMPRESS_BYTES,
  PER_RESPONSE,
  representation,
  TEXT_TYPE,
} from './encoding';
import { compileTrust, fastOrigin, normalise } from './keys';
import { STALE_IF_ERROR_S, STALE_WHILE_REVALIDATE_S, type RouteCache } from './route-cache';
import type { CacheEntry, ResponseCache } from './store';

/**
 * After a render failed (the database down or stalled), for this long readers get the last good copy at once while
 * one re-render tries again, instead of each waiting out the time bound for the same failure (a reader's 4 s, every
 * page, for as long as the database is away). The first re-render that succeeds replaces it. A render that failed
 * for want of the database (a 503) counts for every page: a page whose copy a write retired or whose
 * stale-while-revalidate time is over is then not waited for either, each reader of each page the 4 s again.
 */
export const FAILED_HOLD_MS = 10_000;

type Ready = NonNullable<CacheEntry['ready'][keyof CacheEntry['ready']]>;

/**
 * What the previous copy of a just-replaced page says to every other cache: keep nothing. An edge cache (Varnish, a
 * CDN) asks again on the next reader's request, and gets the new copy as soon as its one re-render is made; keeping
 * the previous one even a second would undo the purge the write sent.
 */
export const PREVIOUS_CACHE_CONTROL = 'no-store';

export interface CacheOptions {
  cache: ResponseCache;
  publicUrl: string | undefined;
  /** The address a request comes from (Fastify's trust-proxy rules), for page-view statistics on fast hits. */
  trustProxy: boolean | number | string | string[];
  now: () => number;
  /**
   * For this long after a write retired an entry, readers are answered with it (x-cache STALE) while one re-render
   * makes the new copy, instead of waiting for that render; staff, who carry a session cookie, always wait for it.
   * 0: everyone waits (as right after a write the new copy is then always what is served).
   */
  servePreviousMs?: number;
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
  /** What the ETag is made from instead of the body (reply.contentFingerprint). */
  fingerprint?: string;
}

const kState = Symbol('sahifa.cache');
/** Staff are signed in with this cookie (plugins/admin-api.ts); readers never carry it. */
const hasSessionCookie = (cookie: string | undefined) => cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);
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
  const servePreviousMs = opts.servePreviousMs ?? 0;
  const token = randomBytes(16).toString('hex');
  const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 200 });
  const trust = typeof opts.trustProxy === 'function' ? opts.trustProxy : compileTrust(opts.trustProxy);
  let closing = false;

  app.decorateReply('cacheTags', function (this: FastifyReply, ...tags: CacheTag[]) {
    (this.request as WithState)[kState]?.tags.push(...tags);
    return this;
  });
  app.decorateReply('contentFingerprint', function (this: FastifyReply, fingerprint: string) {
    const s = (this.request as WithState)[kState];
    if (s) s.fingerprint = fingerprint;
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

  /** A HEAD gets the body too: Fastify's HEAD route measures it for Content-Length and sends none (RFC 9110 §9.3.2). */
  function serve(reply: FastifyReply, e: CacheEntry, state: 'HIT' | 'STALE', previous = false): FastifyReply {
    const r = representation(e, reply.request.headers, state);
    // The copy a write has just replaced: no edge cache or browser keeps it (see PREVIOUS_CACHE_CONTROL).
    if (previous) r.headers['cache-control'] = PREVIOUS_CACHE_CONTROL;
    return reply.code(r.status).headers(r.headers).send(r.body);
  }

  function settle(s: RequestCacheState, entry: CacheEntry | undefined): void {
    if (!s.fill || s.fill.done) return;
    s.fill.done = true;
    cache.inflight.delete(s.key);
    s.fill.resolve(entry);
  }

  /**
   * Readers (never staff, who carry a session) get the copy a write replaced for servePreviousMs after it, and the
   * last good copy for FAILED_HOLD_MS after a render of it failed (within its stale-if-error day).
   */
  const afterFailure = (e: CacheEntry, t: number) => {
    const failedAt = Math.max(e.failedAt ?? -Infinity, cache.unavailableAt ?? -Infinity);
    return t < failedAt + FAILED_HOLD_MS && t < e.errorUntil;
  };
  const isPrevious = (e: CacheEntry, t: number, cookie: string | undefined) =>
    ((e.retiredAt !== undefined && t < e.retiredAt + servePreviousMs) || afterFailure(e, t)) &&
    !hasSessionCookie(cookie);
  /** Counts a reader given the previous copy: the one a write replaced, or the last good one after a failed render. */
  const countPrevious = (e: CacheEntry, t: number) => {
    if (afterFailure(e, t)) cache.counters.lastGoodHits++;
    else cache.counters.previousHits++;
  };

  // The fast path's heads of an entry answered as STALE (past its TTL) or as the previous copy (which no other cache
  // may keep), made the first time an entry is answered so; by entry, so a replaced entry's go with it.
  const variants = new WeakMap<CacheEntry, Partial<Record<'stale' | 'previous', CacheEntry['ready']>>>();
  function variantHeads(e: CacheEntry, kind: 'stale' | 'previous'): CacheEntry['ready'] {
    let forEntry = variants.get(e);
    if (!forEntry) variants.set(e, (forEntry = {}));
    return (forEntry[kind] ??= readyHeads(e, {
      state: 'STALE',
      ...(kind === 'previous' ? { cacheControl: PREVIOUS_CACHE_CONTROL } : {}),
    }));
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
      // Just replaced by a write: the previous copy, for the moment the one re-render it starts takes (readers only).
      if (!wantsFresh && isPrevious(e, t, req.headers.cookie)) {
        countPrevious(e, t);
        refresh(e);
        s.served = true;
        return serve(reply, e, 'STALE', true);
      }
    }
    if (e) s.stale = e; // may stand in if this render fails

    for (let attempt = 0; attempt < 2 && !internalRefresh; attempt++) {
      const pending = cache.inflight.get(key);
      if (!pending) break;
      const filled = await pending;
      // Its time bound may have passed while it waited: it has had its answer (503 or the last good copy).
      if (reply.sent) return;
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
      // The database is away (or too slow for the time bound): every page's last good copy stands in for a while.
      if (status === 503) cache.unavailableAt = now();
      if (status >= 500 && s.stale && s.stale.errorUntil > now()) {
        // stale-if-error: the last good copy rather than an error page; the next readers get it at once for a while
        cache.markFailed(s.stale, now());
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
      s.fingerprint,
    );
    if (cache.invalidatedSince(s.seq, tags)) {
      // Something it shows changed while it was being made: answer this request, keep it only as the last good
      // copy (store.ts, keepAsLastGood), and let anyone waiting for it make their own.
      settle(s, undefined);
      cache.keepAsLastGood(entry);
    } else {
      cache.counters.fills++;
      cache.set(entry);
      settle(s, entry);
      cache.upgrade(entry);
    }
    const r = representation(entry, req.headers, 'MISS');
    reply.code(r.status);
    for (const [name, value] of Object.entries(r.headers)) reply.header(name, value);
    // A HEAD's body is measured for its Content-Length by Fastify's HEAD route, then dropped.
    return r.body ?? '';
  });

  // Per-request compression of what the cache does not keep (admin JSON, errors, POST answers).
  app.addHook('onSend', async (req: WithState, reply, payload) => {
    if (req[kState] && (req[kState].served || reply.hasHeader('x-cache'))) return payload;
    if (reply.hasHeader('content-encoding') || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const size = Buffer.byteLength(payload);
    if (size < MIN_COMPRESS_BYTES || !TEXT_TYPE.test(type) || reply.statusCode === 304) return payload;
    const preferred = preferredEncoding(req.headers['accept-encoding']);
    reply.header('vary', 'Accept-Encoding');
    if (preferred === 'identity') return payload;
    const encoding = preferred;
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

  /** What a hit reads of a request's headers, in one pass over rawHeaders (names in any case). */
  function hitHeaders(raw: string[]) {
    let internal = false;
    let acceptEncoding: string | undefined;
    let ifNoneMatch: string | undefined;
    let referer: string | undefined;
    let userAgent: string | undefined;
    let cookie: string | undefined;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      switch (name.length) {
        case 6:
          if (cookie === undefined && name.toLowerCase() === 'cookie') cookie = raw[i + 1];
          break;
        case 7:
          if (referer === undefined && name.toLowerCase() === 'referer') referer = raw[i + 1];
          break;
        case 10:
          if (userAgent === undefined && name.toLowerCase() === 'user-agent') userAgent = raw[i + 1];
          break;
        case 13:
          if (ifNoneMatch === undefined && name.toLowerCase() === 'if-none-match') ifNoneMatch = raw[i + 1];
          break;
        case 14:
          if (name.toLowerCase() === FRESH_HEADER) internal = true;
          break;
        case 15:
          if (acceptEncoding === undefined && name.toLowerCase() === 'accept-encoding') acceptEncoding = raw[i + 1];
          break;
        case 16:
          if (name.toLowerCase() === REFRESH_HEADER) internal = true;
          break;
      }
    }
    return { internal, acceptEncoding, ifNoneMatch, referer, userAgent, cookie };
  }

  // The keys of addresses with a query string, as last worked out: a live page's thousands of readers poll the same
  // few addresses, and parsing their parameters again on every hit cost more than the lookup. Bounded; forgotten whole.
  const queryKeys = new Map<string, string>();
  const QUERY_KEYS_MAX = 10_000;
  function queryKey(url: string, rc: RouteCache, pathname: string, origin: string): string {
    const memo = `${origin} ${url}`;
    let key = queryKeys.get(memo);
    if (key === undefined) {
      key = normalise(url, allowedOf(rc, pathname), origin).key;
      if (queryKeys.size >= QUERY_KEYS_MAX) queryKeys.clear();
      queryKeys.set(memo, key);
    }
    return key;
  }

  function fastPath(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    const url = req.url;
    if (!enabled || closing || (method !== 'GET' && method !== 'HEAD') || !url) return false;
    // The few headers a hit reads, from the parser's own list: asking req.headers builds an object of every header
    // (each name lower-cased and added as a property), which cost a hit more than its lookup.
    const h = hitHeaders(req.rawHeaders);
    if (h.internal) return false;
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const started = opts.onFastPath ? performance.now() : 0;
    const found = router.find('GET', pathname);
    if (!found) return false;
    const store = found.store as { rc: RouteCache; route: string };
    const origin = publicUrl ?? fastOrigin(req, trust);
    if (!origin) return false;
    // Without a query string the key is the path alone; the parameters a route reads matter only when there are some.
    const key = q < 0 ? `${origin} ${pathname}` : queryKey(url, store.rc, pathname, origin);
    const e = cache.get(key);
    if (!e) return false;
    let ready: Ready;
    const encoding = acceptedEncoding(h.acceptEncoding, e);
    const t = now();
    if (t < e.freshUntil) {
      cache.counters.hits++;
      ready = e.ready[encoding]!;
    } else if (t < e.staleUntil) {
      // Past its TTL: at once as it is while one refresh runs (stale-while-revalidate), as the onRequest hook does.
      cache.counters.staleHits++;
      refresh(e);
      ready = variantHeads(e, 'stale')[encoding]!;
    } else if (isPrevious(e, t, h.cookie)) {
      // Just replaced by a write: the previous copy for the moment its one re-render takes. Answered here rather
      // than through Fastify: with a live desk and an editor saving, thousands of readers a second get it.
      countPrevious(e, t);
      refresh(e);
      ready = variantHeads(e, 'previous')[encoding]!;
    } else return false;
    let status = e.status;
    if (status === 200 && matches(h.ifNoneMatch, ready.etag)) {
      status = 304;
      sendHead(res, 304, ready.rawNotModified, ready.notModified);
      res.end();
    } else {
      sendHead(res, status, ready.rawHead, ready.head);
      res.end(method === 'HEAD' ? undefined : e.bodies[encoding]);
    }
    // A page view is a GET, as Fastify's own count has it (app.ts): a HEAD, a monitor's or a crawler's, reads nothing.
    if (e.pageView && status === 200 && method === 'GET' && opts.onPageView) {
      const referer = h.referer;
      // The address as Fastify's req.ip reads it; X-Forwarded-For only matters when the peer is a trusted proxy.
      const peer = req.socket.remoteAddress ?? '';
      const address = trust(peer, 0) ? proxyAddr(req, trust) : peer;
      opts.onPageView(address, h.userAgent, !referer || !referer.startsWith(origin));
    }
    if (opts.onFastPath) opts.onFastPath(method, store.route, pathname, status, (performance.now() - started) / 1000);
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
