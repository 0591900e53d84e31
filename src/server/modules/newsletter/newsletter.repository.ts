import { desc, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/site';
import { offsetOf, paged } from '../../lib/paging';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

export function newsletterRepository(db: Db) {
  return {
    /** True when the address is new (addresses are unique whatever their letter case). */
    async subscribe(fullName: string, email: string, at: Date): Promise<boolean> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ fullName, email: email.toLowerCase(), createdAt: at })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers);
      return row?.n ?? 0;
    },
    async page(q: PageQuery): Promise<{ rows: SubscriberRow[]; total: number; exact: boolean }> {
      return paged(
        db,
        db
          .select()
          .from(newsletterSubscribers)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        sql`select 1 from ${newsletterSubscribers}`,
      );
    },
    /** Every subscriber, newest first, a batch at a time (the CSV export streams them). */
    async *all(batch = 1000): AsyncGenerator<SubscriberRow[]> {
      for (let offset = 0; ; offset += batch) {
        const rows = await db
          .select()
          .from(newsletterSubscribers)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(batch)
          .offset(offset);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
      }
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
