/**
 * The in-process response cache for public GETs (pages and API). Entries carry tags; a write invalidates the
 * tags it touches, here and, through PostgreSQL LISTEN/NOTIFY, in every other instance. Responses get an ETag
 * (304 when it matches) and Cache-Control for a CDN. Per-visitor requests (views, newsletter) never pass here.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

export const CACHE_TAGS = ['news', 'categories', 'breaking', 'prayer', 'weather', 'settings'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

export interface RouteCache {
  tags: readonly CacheTag[];
  /** Seconds this instance keeps the response (and a CDN may, via s-maxage). */
  ttl: number;
  /** Seconds a browser may keep it. */
  browserTtl?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: RouteCache;
  }
}

interface Entry {
  status: number;
  body: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  tags: readonly CacheTag[];
  expiresAt: number;
}

export class ResponseCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 2000,
  ) {}

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  invalidate(tags: readonly string[]): number {
    let removed = 0;
    for (const [key, e] of this.entries) {
      if (e.tags.some((t) => tags.includes(t))) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.entries.size;
  }
}

const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Hooks that serve and fill the cache for every route whose config has `cache`. */
export function registerResponseCache(
  app: FastifyInstance,
  cache: ResponseCache,
  keyOf: (url: string, host: string) => string,
  now: () => number,
): void {
  app.addHook('onRequest', async (req, reply) => {
    const rc = req.routeOptions.config.cache;
    if (!rc || req.method !== 'GET') return;
    const hit = cache.get(keyOf(req.url, req.host));
    if (!hit) return;
    reply.header('etag', hit.etag).header('cache-control', hit.cacheControl).header('x-cache', 'HIT');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    return reply.code(hit.status).type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const rc = req.routeOptions.config.cache;
    if (!rc || req.method !== 'GET' || reply.getHeader('x-cache') === 'HIT') return payload;
    const status = reply.statusCode;
    if (!(status === 200 || status === 404) || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    // Kept as bytes, so a hit is written out without encoding the text again.
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = etagOf(body);
    const cacheControl = `public, max-age=${rc.browserTtl ?? 0}, s-maxage=${rc.ttl}, stale-while-revalidate=300`;
    reply.header('etag', etag).header('cache-control', cacheControl).header('x-cache', 'MISS');
    cache.set(keyOf(req.url, req.host), {
      status,
      body,
      contentType: String(reply.getHeader('content-type') ?? 'application/octet-stream'),
      etag,
      cacheControl,
      tags: rc.tags,
      expiresAt: now() + rc.ttl * 1000,
    });
    if (status === 200 && req.headers['if-none-match'] === etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}

const CHANNEL = 'sahifa_cache';

/**
 * Cross-instance invalidation. publish() clears the tags here at once and NOTIFYs the others; a dedicated
 * connection LISTENs and clears what other instances publish. It reconnects by itself after a failure.
 */
export function createInvalidationBus(
  pool: pg.Pool,
  cache: ResponseCache,
  log: { warn: (o: object, m: string) => void },
) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client(pool.options);
    c.on('notification', (msg) => {
      try {
        const tags = JSON.parse(msg.payload ?? '[]') as string[];
        cache.invalidate(tags);
      } catch {
        /* ignore malformed payloads */
      }
    });
    c.on('error', (err) => {
      log.warn({ err }, 'cache invalidation listener lost its connection; reconnecting');
      c.end().catch(() => {});
      if (client === c) client = undefined;
      if (!closed) retry = setTimeout(() => void connect(), 2000);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
    } catch (err) {
      log.warn({ err }, 'cache invalidation listener could not connect; retrying');
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 2000);
    }
  };

  return {
    start: connect,
    async publish(tags: readonly CacheTag[]): Promise<void> {
      cache.invalidate(tags);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(tags)]);
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
export type InvalidationBus = ReturnType<typeof createInvalidationBus>;

/** Cache settings of the public API, by what each response shows. */
export const API_CACHE = {
  news: { tags: ['news', 'categories'], ttl: 60, browserTtl: 30 },
  categories: { tags: ['categories'], ttl: 300, browserTtl: 60 },
  breaking: { tags: ['breaking'], ttl: 60, browserTtl: 30 },
  prayer: { tags: ['prayer'], ttl: 60, browserTtl: 60 },
  weather: { tags: ['weather'], ttl: 60, browserTtl: 60 },
  settings: { tags: ['settings'], ttl: 300, browserTtl: 60 },
} as const satisfies Record<string, RouteCache>;
