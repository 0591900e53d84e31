/** All SQL of Web Push: readers' subscriptions and the site's VAPID keys (db/schema/reach.ts). */
import { and, arrayOverlaps, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pushKeys, pushSubscriptions } from '../../db/schema/reach';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function pushRepository(db: Db) {
  return {
    /** The stored key pair, or the one given if none is stored yet (two instances starting at once keep one). */
    async keepKeys(made: VapidKeys, at: Date): Promise<VapidKeys> {
      await db
        .insert(pushKeys)
        .values({ id: 1, ...made, createdAt: at })
        .onConflictDoNothing({ target: pushKeys.id });
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
      return { publicKey: row!.publicKey, privateKey: row!.privateKey };
    },
    async storedKeys(): Promise<VapidKeys | undefined> {
      const [row] = await db.select().from(pushKeys).where(eq(pushKeys.id, 1));
      return row && { publicKey: row.publicKey, privateKey: row.privateKey };
    },

    /** A browser subscribing again (new keys, new topics) keeps its row. */
    async upsert(
      s: { endpoint: string; p256dh: string; auth: string; topics: string[] },
      at: Date,
    ): Promise<{ created: boolean }> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...s, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: s.p256dh, auth: s.auth, topics: s.topics, updatedAt: at },
        })
        .returning({ created: sql<boolean>`(xmax = 0)` });
      return { created: !!row?.created };
    },
    async topicsOf(endpoint: string): Promise<string[] | undefined> {
      const [row] = await db
        .select({ topics: pushSubscriptions.topics })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return row?.topics;
    },
    async setTopics(endpoint: string, topics: string[], at: Date): Promise<boolean> {
      const rows = await db
        .update(pushSubscriptions)
        .set({ topics, updatedAt: at })
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },
    async deleteByEndpoint(endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },
    /** Subscriptions a push service said are gone (404/410). */
    async deleteIds(ids: number[]): Promise<number> {
      if (!ids.length) return 0;
      const rows = await db
        .delete(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, ids))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    /** How many subscriptions have a topic. */
    async countTopic(topic: string, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(arrayOverlaps(pushSubscriptions.topics, [topic]));
      return row?.n ?? 0;
    },
    /** The subscriptions of a batch, as they are now (an unsubscribe since the alert was queued leaves them out). */
    async byIds(ids: number[]): Promise<PushSubscriptionRow[]> {
      if (!ids.length) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },
    async withTopicIn(ids: number[], topic: string): Promise<PushSubscriptionRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(inArray(pushSubscriptions.id, ids), arrayOverlaps(pushSubscriptions.topics, [topic])));
    },
  };
}
export type PushRepository = ReturnType<typeof pushRepository>;
