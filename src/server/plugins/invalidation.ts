/**
 * Cache invalidation across instances and at the CDN. A write announces its tags inside its transaction
 * (pg_notify is delivered at commit, so other instances never drop too early or miss a committed change), then
 * drops them here and asks the CDN to purge them (CDN_PURGE_URL, a POST of {"tags": [...]}, the tags also in its
 * Surrogate-Key header). A dedicated
 * connection LISTENs for the other instances' announcements and reconnects by itself after a failure.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { tagsHeader, type CacheTag } from '../lib/cache-tags';
import type { Invalidator } from '../lib/write';
import type { ResponseCache } from './cache/store';

export const CHANNEL = 'sahifa_cache';
const RECONNECT_MS = 1000;

export interface PurgeHook {
  url: string;
  token?: string;
  timeoutMs?: number;
}

interface Log {
  warn: (o: object, m: string) => void;
  info?: (o: object, m: string) => void;
}

export interface InvalidationBus extends Invalidator {
  /** Drops tags here, in other instances and at the CDN, outside any write (operators, tests, the scheduler). */
  publish(tags: readonly CacheTag[]): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Also tell `listener` of every tag dropped here (by a write here, another instance, or a reconnect: 'news'). */
  subscribe(listener: (tags: readonly string[]) => void): void;
  /** True while the LISTEN connection is up. */
  readonly listening: boolean;
  /** This bus's name in its announcements (another instance drops what it announces; this one does not). */
  readonly instance: string;
  /**
   * Drops tags here only: what this process's staff thread (server/staff/) changed, told before it answers the
   * staff member, so that the next reader here already sees it.
   */
  dropLocal(tags: readonly string[]): void;
  /**
   * Announcements by `instance` are not dropped again here: they were dropped by dropLocal (the staff thread's). One
   * at a time: a restarted staff thread replaces the one before, whose late announcements are then heard again.
   */
  ignoreFrom(instance: string): void;
}

export function createInvalidationBus(deps: {
  pool: pg.Pool;
  cache: ResponseCache;
  log: Log;
  purge?: PurgeHook;
  fetch?: typeof fetch;
  /** Also told of every tag this instance's own writes drop (the staff thread tells its main thread). */
  onOwnDrop?: (tags: readonly string[]) => void;
}): InvalidationBus {
  const { pool, cache, log } = deps;
  const instance = randomUUID();
  /** The staff thread's instance, whose announcements this one has already acted on (see dropLocal). */
  let staffInstance: string | undefined;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const payload = (tags: readonly string[]) => JSON.stringify({ from: instance, tags });
  const listeners: ((tags: readonly string[]) => void)[] = [];
  const dropHere = (tags: readonly string[]) => {
    cache.invalidate(tags);
    for (const l of listeners) l(tags);
  };

  async function purgeCdn(tags: readonly string[]): Promise<void> {
    if (!deps.purge) return;
    const { url, token, timeoutMs = 5000 } = deps.purge;
    try {
      const res = await (deps.fetch ?? fetch)(url, {
        method: 'POST',
        // The tags in the body, and again in a Surrogate-Key header (space-separated, as on every cached answer and
        // as Fastly's purge API takes them), which an edge cache's configuration can read (deploy/varnish/sahifa.vcl).
        headers: {
          'content-type': 'application/json',
          'surrogate-key': tagsHeader(tags),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) log.warn({ status: res.status, tags }, 'CDN purge refused');
    } catch (err) {
      log.warn({ err, tags }, 'CDN purge failed');
    }
  }

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ ...pool.options, application_name: 'sahifa-listen' });
    const again = () => {
      c.end().catch(() => {});
      if (client === c) client = undefined;
      if (!closed) {
        clearTimeout(retry);
        retry = setTimeout(() => void connect(), RECONNECT_MS);
      }
    };
    c.on('notification', (msg) => {
      try {
        const { from, tags } = JSON.parse(msg.payload ?? '{}') as { from?: string; tags?: string[] };
        if (from !== instance && from !== staffInstance && Array.isArray(tags)) dropHere(tags);
      } catch {
        /* ignore malformed payloads */
      }
    });
    c.on('error', (err) => {
      log.warn({ err }, 'cache invalidation listener lost its connection; reconnecting');
      again();
    });
    c.on('end', () => {
      if (client === c) again();
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
      // Anything announced while we were not listening is unknown: every entry is rendered afresh when next asked
      // for (each stays only as a last good copy, in case the database fails again before that).
      cache.retireAll();
      for (const l of listeners) l(['news']);
    } catch (err) {
      log.warn({ err }, 'cache invalidation listener could not connect; retrying');
      again();
    }
  };

  return {
    async announce(tx: Tx, tags: readonly CacheTag[]) {
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload(tags)})`);
    },
    async invalidate(tags: readonly CacheTag[]) {
      dropHere(tags);
      deps.onOwnDrop?.(tags);
      void purgeCdn(tags);
    },
    async publish(tags: readonly CacheTag[]) {
      dropHere(tags);
      deps.onOwnDrop?.(tags);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload(tags)]);
      void purgeCdn(tags);
    },
    start: connect,
    subscribe: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
    get listening() {
      return client !== undefined;
    },
    instance,
    dropLocal: dropHere,
    ignoreFrom: (other) => {
      staffInstance = other;
    },
  };
}
