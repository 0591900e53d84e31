/** What a cacheable route declares (its tags, lifetimes and the query it reads), and the public API's settings. */
import type { CacheTag } from '../../lib/cache-tags';

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
    /**
     * What the answer's ETag is made from, when its bytes also hold what changes on every render without changing what
     * a reader gets (the render's own time): equal content then keeps its ETag, and a browser's copy stays valid.
     */
    contentFingerprint(fingerprint: string): FastifyReply;
    /** This response must not be cached (its data failed, or it is not the same for everyone). */
    doNotCache(): FastifyReply;
  }
}

/** Seconds a stale entry is served at once while it is refreshed, and the CDN's stale-while-revalidate. */
export const STALE_WHILE_REVALIDATE_S = 300;
/** Seconds a stale entry may stand in for a failing origin (here and, via stale-if-error, at a CDN). */
export const STALE_IF_ERROR_S = 86_400;

/** Cache settings of the public API, by what each response shows. */
export const API_CACHE = {
  news: { tags: ['news', 'sections'], ttl: 60, browserTtl: 30 },
  categories: { tags: ['sections'], ttl: 300, browserTtl: 60 },
  breaking: { tags: ['breaking'], ttl: 60, browserTtl: 30 },
  prayer: { tags: ['prayer'], ttl: 60, browserTtl: 60, staleWhileRevalidate: 0 },
  weather: { tags: ['weather'], ttl: 60, browserTtl: 60, staleWhileRevalidate: 0 },
  settings: { tags: ['settings'], ttl: 300, browserTtl: 60 },
} as const satisfies Record<string, RouteCache>;
