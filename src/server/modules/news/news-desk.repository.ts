/** The editor's working state around an article: who has it open, autosaved edits, retried creates. */
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { idempotencyKeys, newsAutosaves, newsPresence } from '../../db/schema/newsroom';

export function newsDeskRepository(db: Db) {
  return {
    async touchPresence(newsId: number, adminId: number, at: Date): Promise<void> {
      await db
        .insert(newsPresence)
        .values({ newsId, adminId, seenAt: at })
        .onConflictDoUpdate({ target: [newsPresence.newsId, newsPresence.adminId], set: { seenAt: at } });
    },
    async leave(newsId: number, adminId: number): Promise<void> {
      await db.delete(newsPresence).where(and(eq(newsPresence.newsId, newsId), eq(newsPresence.adminId, adminId)));
    },
    /** Others seen on the article since `since`. */
    others: (newsId: number, adminId: number, since: Date) =>
      db
        .select({ id: admins.id, fullName: admins.fullName, seenAt: newsPresence.seenAt })
        .from(newsPresence)
        .innerJoin(admins, eq(admins.id, newsPresence.adminId))
        .where(and(eq(newsPresence.newsId, newsId), ne(newsPresence.adminId, adminId), gt(newsPresence.seenAt, since)))
        .orderBy(newsPresence.seenAt),
    async prunePresence(before: Date): Promise<void> {
      await db.delete(newsPresence).where(lt(newsPresence.seenAt, before));
    },

    async findAutosave(newsId: number, adminId: number) {
      const [row] = await db
        .select()
        .from(newsAutosaves)
        .where(and(eq(newsAutosaves.newsId, newsId), eq(newsAutosaves.adminId, adminId)))
        .limit(1);
      return row;
    },
    async putAutosave(newsId: number, adminId: number, payload: unknown, baseVersion: number, at: Date) {
      await db
        .insert(newsAutosaves)
        .values({ newsId, adminId, payload, baseVersion, savedAt: at })
        .onConflictDoUpdate({
          target: [newsAutosaves.newsId, newsAutosaves.adminId],
          set: { payload, baseVersion, savedAt: at },
        });
    },
    async dropAutosave(newsId: number, adminId: number, ex: Executor = db): Promise<void> {
      await ex.delete(newsAutosaves).where(and(eq(newsAutosaves.newsId, newsId), eq(newsAutosaves.adminId, adminId)));
    },

    /** Claims an idempotency key; the id it already names if a create with it ran before (or is running). */
    async claimKey(adminId: number, key: string, at: Date, ex: Executor): Promise<{ fresh: true } | { id: number }> {
      const inserted = await ex
        .insert(idempotencyKeys)
        .values({ adminId, key, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length) return { fresh: true };
      const [row] = await ex
        .select({ id: idempotencyKeys.resourceId })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.key, key)));
      return { id: row?.id ?? 0 };
    },
    async settleKey(adminId: number, key: string, resourceId: number, ex: Executor): Promise<void> {
      await ex
        .update(idempotencyKeys)
        .set({ resourceId })
        .where(and(eq(idempotencyKeys.adminId, adminId), eq(idempotencyKeys.key, key)));
    },
    async pruneKeys(before: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
    },
  };
}
export type NewsDeskRepository = ReturnType<typeof newsDeskRepository>;
