/** All SQL of the Telegram channel's outbox (db/schema/reach.ts). */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { telegramPosts } from '../../db/schema/reach';

export type TelegramPostRow = typeof telegramPosts.$inferSelect;
export interface NewTelegramPost {
  kind: 'article' | 'breaking';
  refId: number;
  title: string;
  url: string;
}

export function telegramRepository(db: Db) {
  return {
    /** Inside the publication's transaction; a record posted before (republished) is not posted again. */
    async enqueue(post: NewTelegramPost, at: Date, ex: Executor): Promise<void> {
      await ex
        .insert(telegramPosts)
        .values({ ...post, nextAt: at, createdAt: at })
        .onConflictDoNothing({ target: [telegramPosts.kind, telegramPosts.refId] });
    },

    /**
     * Takes the posts that are due (FOR UPDATE SKIP LOCKED: with several instances each post goes to one of them) and
     * leases them until `leaseUntil`, counting the attempt: if this instance dies while sending, they are due again
     * then.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<TelegramPostRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: telegramPosts.id })
          .from(telegramPosts)
          .where(and(eq(telegramPosts.state, 'pending'), lte(telegramPosts.nextAt, at)))
          .orderBy(asc(telegramPosts.nextAt), asc(telegramPosts.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (!due.length) return [];
        return tx
          .update(telegramPosts)
          .set({ nextAt: leaseUntil, attempts: sql`${telegramPosts.attempts} + 1` })
          .where(
            inArray(
              telegramPosts.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    async sent(id: number, messageId: number | null, at: Date): Promise<void> {
      await db
        .update(telegramPosts)
        .set({ state: 'sent', messageId, sentAt: at, lastError: null })
        .where(eq(telegramPosts.id, id));
    },
    async retryAt(id: number, at: Date, error: string): Promise<void> {
      await db.update(telegramPosts).set({ nextAt: at, lastError: error }).where(eq(telegramPosts.id, id));
    },
    async failed(id: number, error: string): Promise<void> {
      await db.update(telegramPosts).set({ state: 'failed', lastError: error }).where(eq(telegramPosts.id, id));
    },
    async find(kind: NewTelegramPost['kind'], refId: number): Promise<TelegramPostRow | undefined> {
      const [row] = await db
        .select()
        .from(telegramPosts)
        .where(and(eq(telegramPosts.kind, kind), eq(telegramPosts.refId, refId)));
      return row;
    },
  };
}
export type TelegramRepository = ReturnType<typeof telegramRepository>;
