/**
 * The bytes of a cached answer: its identity, brotli and gzip bodies, ETags per encoding, the header lists of a hit
 * and of its 304, made once when an entry is filled; and the per-request compression of what the cache does not keep.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { rawHead } from '../../lib/raw-head';
import type { CacheCounters, CacheEntry } from './store';

/**
 * Brotli for cached entries: quality 5 when the entry is filled (5–7 ms for the 228 KB front page, 2.5–4 ms for a
 * 143 KB article, in the thread pool, so the reader who caused the fill is not kept waiting), then, for entries still
 * current two seconds later, quality 10 in the background, one at a time (120–140 ms for the front page, 65 ms for an
 * article; 8–10% smaller, qualities 6–9 gain under 3%, and 11 costs three times as much for under 1% more): what every
 * later reader on a slow network gets. Entries replaced within seconds (a story being edited) are never recompressed:
 * with an editor saving every 500 ms and a live desk posting every 2 s (bench part 4), 6 entries were in 18 s.
 * sahifa_cache_compressions_total counts both kinds.
 */
const BROTLI_QUALITY_FILL = 5;
export const BROTLI_QUALITY_BEST = 10;
export const UPGRADE_AFTER_MS = 2000;
/** Upgrades waiting beyond this are dropped (a storm of invalidations must not queue work without end). */
export const MAX_PENDING_UPGRADES = 64;
/** Uncacheable responses are compressed per request, never above quality 5 (issue: CPU under load). */
const BROTLI_QUALITY_LIVE = 4;
/** Live answers up to this size are compressed synchronously (about 0.25 ms for 34 KB of JSON here). */
const LIVE_SYNC_MAX_BYTES = 32 * 1024;
export const MIN_COMPRESS_BYTES = 860;

export const brotli = promisify(zlib.brotliCompress);
export const brotliOptions = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** Encodings in the order we prefer them when the browser accepts several equally. */
const OFFERED = ['br', 'gzip', 'identity'];
/** Accept-Encoding values seen, and the encoding each one prefers: browsers send a handful of distinct strings. */
const preferences = new Map<string, Encoding>();

/**
 * The encoding a request's Accept-Encoding prefers among brotli, gzip and none, by RFC 9110 §12.5.3: names in any case,
 * q-values honoured (`br;q=0` excludes brotli, `gzip;q=1, br;q=0.5` prefers gzip), `*` standing for any other. Parsed
 * by @fastify/accept-negotiator (what @fastify/static uses for /assets), once per distinct value. When nothing offered
 * is acceptable (`*;q=0`), the answer is sent unencoded, as the RFC allows.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const value = Array.isArray(header) ? header.join(',') : header;
  let found = preferences.get(value);
  if (found === undefined) {
    found = (negotiate(value.toLowerCase(), OFFERED) as Encoding | null) ?? 'identity';
    if (preferences.size >= 256) preferences.clear(); // values are the client's: bounded
    preferences.set(value, found);
  }
  return found;
}

export function acceptedEncoding(header: string | string[] | undefined, e: CacheEntry): Encoding {
  const preferred = preferredEncoding(header);
  return e.bodies[preferred] ? preferred : 'identity';
}

const etagFor = (hash: string, encoding: Encoding) =>
  `W/"${hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;

export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim() === etag);
}

/** Headers never copied into an entry: they belong to one response, not to the content. */
export const PER_RESPONSE = new Set([
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
export function representation(
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

/**
 * The fast path's header lists (flat [name, value, …], as writeHead takes them) for each encoding, and the same as the
 * bytes of the response head up to the per-connection lines (Date, Connection), so that a hit need not have Node
 * validate and join its headers again (see sendHead in plugin.ts). They were validated when the entry's first answer
 * went out through Fastify.
 */
export function readyHeads(
  e: Omit<CacheEntry, 'ready'>,
  /** A hit by default; a stale answer says so, and may carry a cache policy of its own (plugin.ts). */
  as: { state: 'HIT' | 'STALE'; cacheControl?: string } = { state: 'HIT' },
): CacheEntry['ready'] {
  const ready: CacheEntry['ready'] = {};
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const body = e.bodies[encoding];
    if (!body) continue;
    const etag = etagFor(e.hash, encoding);
    const headers = as.cacheControl ? { ...e.headers, 'cache-control': as.cacheControl } : e.headers;
    const common = Object.entries({ ...headers, etag, 'x-cache': as.state }).flat();
    const head = [
      ...common,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-length',
      String(body.length),
    ];
    ready[encoding] = {
      etag,
      head,
      notModified: common,
      rawHead: rawHead(e.status, head),
      rawNotModified: rawHead(304, common),
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
export async function compressLive(encoding: 'br' | 'gzip', input: Buffer): Promise<Buffer> {
  const small = input.length <= LIVE_SYNC_MAX_BYTES;
  if (encoding === 'gzip') return small ? zlib.gzipSync(input, { level: 6 }) : gzip(input, { level: 6 });
  const options = brotliOptions(BROTLI_QUALITY_LIVE, input.length);
  return small ? zlib.brotliCompressSync(input, options) : brotli(input, options);
}

export async function buildEntry(
  base: Omit<CacheEntry, 'bodies' | 'hash' | 'size' | 'refreshing' | 'ready'>,
  identity: Buffer,
  counters: CacheCounters,
  /** What the ETag is made from when not the body itself (see reply.contentFingerprint). */
  fingerprint?: string,
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
  const hash = createHash('sha1')
    .update(fingerprint ?? identity)
    .digest('base64url')
    .slice(0, 22);
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

export const TEXT_TYPE = /^(text\/|application\/(json|xml|rss\+xml|javascript|manifest\+json)|image\/svg\+xml)/;
