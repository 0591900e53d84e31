/** All SQL of Web Push: readers' subscriptions and the site's VAPID keys (db/schema/reach.ts). */
import { arrayOverlaps, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
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

    /** One delivery row per subscription with the topic (the fan-out's queue), in the send's transaction. */
    async enqueue(tx: Tx, sendId: number, topic: string, at: Date): Promise<number> {
      const rows = await tx.execute(sql`
        insert into fanout_deliveries (send_id, recipient_id, next_at)
        select ${sendId}, id, ${at}::timestamptz from push_subscriptions where topics @> array[${topic}]::text[]`);
      return rows.rowCount ?? 0;
    },

    /**
     * A push send's figures from its deliveries: subscriptions removed (their push service answered 404 or 410) and
     * when 90 % of the browsers it could reach had their message accepted (the (ceil 90 %)th of those queued, less
     * the removed ones, which no longer exist, and the skipped ones, unsubscribed since), if that many were.
     */
    async figures(sendId: number) {
      const rows = await db.execute<{
        queued: number;
        sent: number;
        failed: number;
        skipped: number;
        suppressed: number;
        state: string;
        created_at: Date;
        removed: number;
        p90_at: Date | null;
      }>(sql`
        with f as (
          select s.id, s.queued, s.sent, s.failed, s.skipped, s.suppressed, s.state, s.created_at,
            (select count(*)::int from fanout_deliveries d
               where d.send_id = s.id and d.state = 'failed' and d.last_error ~ '^(404|410)([^0-9]|$)') as removed
          from fanout_sends s where s.id = ${sendId} and s.channel = 'push')
        select f.queued, f.sent, f.failed, f.skipped, f.suppressed, f.state, f.created_at, f.removed,
          (select d.done_at from fanout_deliveries d where d.send_id = f.id and d.state = 'sent'
             order by d.done_at offset greatest(ceil(0.9 * (f.queued - f.skipped - f.removed))::int - 1, 0) limit 1)
            as p90_at
        from f`);
      return rows.rows[0];
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
      // One array parameter, not one per id: a batch of 200 built and parsed as 200 parameters cost the event loop
      // (drizzle's building of each) and the database (a statement with 200 placeholders) far more than the rows.
      return db
        .select()
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.id} = any(${sql.param(ids)}::int[])`);
    },
  };
}
export type PushRepository = ReturnType<typeof pushRepository>;
