import { sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/site';
import { descNullsLast } from '../../lib/order';
import { offsetOf, pagedTable } from '../../lib/paging';

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
      return pagedTable(
        db,
        db
          .select()
          .from(newsletterSubscribers)
          .orderBy(...descNullsLast(newsletterSubscribers.createdAt, newsletterSubscribers.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        newsletterSubscribers,
      );
    },
    /** Every subscriber, newest first, a batch at a time by keyset (the CSV export streams them). */
    async *all(batch = 1000): AsyncGenerator<SubscriberRow[]> {
      let after: SubscriberRow | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(newsletterSubscribers)
          .where(
            after
              ? sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < (${after.createdAt}, ${after.id})`
              : undefined,
          )
          .orderBy(...descNullsLast(newsletterSubscribers.createdAt, newsletterSubscribers.id))
          .limit(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        after = rows.at(-1);
      }
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
