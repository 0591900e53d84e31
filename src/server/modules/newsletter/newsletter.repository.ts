/** Newsletter subscribers: their consent, their choices, and who a send reaches (the e-mail channel's audience). */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { NewsletterPreferences, SubscriberQuery, SubscriberState } from '../../../shared/schemas/newsletter';
import type { Db, Executor, Tx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/site';
import { descNullsLast } from '../../lib/order';
import { offsetOf, paged } from '../../lib/paging';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Who a send on the e-mail channel reaches. */
export type EmailAudience =
  /** Confirmed subscribers who want the daily digest. */
  | { kind: 'digest' }
  /** Confirmed subscribers who want alerts, of this section (null: any). */
  | { kind: 'alerts'; section: string | null }
  /** Subscribers from before confirmation existed, never asked yet (the one campaign). */
  | { kind: 'campaign' }
  /** One subscriber (a confirmation e-mail). */
  | { kind: 'one'; subscriberId: number };

/** A nonce for a confirmation link, made in SQL for many rows at once (the link's signature is what protects it). */
const NEW_NONCE = sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`;

const t = newsletterSubscribers;

function audienceWhere(a: Exclude<EmailAudience, { kind: 'one' }>): SQL {
  switch (a.kind) {
    case 'digest':
      return sql`state = 'confirmed' and digest`;
    case 'alerts':
      return a.section
        ? sql`state = 'confirmed' and alerts and (cardinality(sections) = 0 or ${a.section} = any(sections))`
        : sql`state = 'confirmed' and alerts`;
    case 'campaign':
      return sql`state = 'pending' and legacy and confirm_mailed_at is null`;
  }
}

export function newsletterRepository(db: Db) {
  return {
    /** The row of an address (any letter case), locked for the rest of the transaction. */
    async lockByEmail(email: string, tx: Tx): Promise<SubscriberRow | undefined> {
      const [row] = await tx
        .select()
        .from(t)
        .where(sql`lower(${t.email}) = lower(${email})`)
        .for('update');
      return row;
    },
    /** A new pending sign-up; undefined when the address arrived meanwhile (the caller locks that row instead). */
    async insertPending(fullName: string, email: string, nonce: string, at: Date, tx: Tx) {
      const [row] = await tx
        .insert(t)
        .values({
          fullName,
          email: email.toLowerCase(),
          state: 'pending',
          confirmNonce: nonce,
          confirmMailedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async update(id: number, values: Partial<SubscriberRow>, ex: Executor = db): Promise<SubscriberRow | undefined> {
      const [row] = await ex.update(t).set(values).where(eq(t.id, id)).returning();
      return row;
    },
    async find(id: number, ex: Executor = db): Promise<SubscriberRow | undefined> {
      const [row] = await ex.select().from(t).where(eq(t.id, id));
      return row;
    },
    /** Confirms a pending subscriber whose link carries `nonce`; the nonce is used up (a link confirms once). */
    async confirm(id: number, nonce: string, at: Date): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .update(t)
        .set({
          state: 'confirmed',
          confirmedAt: at,
          confirmNonce: null,
          legacy: false,
          softBounces: 0,
          updatedAt: at,
        })
        .where(and(eq(t.id, id), eq(t.state, 'pending'), eq(t.confirmNonce, nonce)))
        .returning();
      return row;
    },
    async setPreferences(id: number, p: NewsletterPreferences, at: Date): Promise<SubscriberRow | undefined> {
      const [row] = await db
        .update(t)
        .set({ digest: p.digest, alerts: p.alerts, sections: p.sections, updatedAt: at })
        .where(eq(t.id, id))
        .returning();
      return row;
    },
    /** Unsubscribes (confirmed or still pending); true when something changed. */
    async unsubscribe(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ state: 'unsubscribed', unsubscribedAt: at, confirmNonce: null, updatedAt: at })
        .where(and(eq(t.id, id), sql`${t.state} in ('pending', 'confirmed')`))
        .returning({ id: t.id });
      return rows.length > 0;
    },
    /** Addresses that refused mail for good: nothing more goes to them. */
    async suppress(ids: number[], reason: string, at: Date): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        update newsletter_subscribers set state = 'suppressed', suppressed_at = ${at}, suppressed_reason = ${reason},
          updated_at = ${at}
        where id = any(${sql.param(ids)}::int[]) and state <> 'suppressed'`);
    },
    /** A send's every retry failed for these: one soft bounce more; the `limit`th in a row suppresses. */
    async softBounce(ids: number[], limit: number, at: Date): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        update newsletter_subscribers set soft_bounces = soft_bounces + 1, updated_at = ${at},
          state = case when soft_bounces + 1 >= ${limit} then 'suppressed' else state end,
          suppressed_at = case when soft_bounces + 1 >= ${limit} then ${at}::timestamptz else suppressed_at end,
          suppressed_reason = case when soft_bounces + 1 >= ${limit} then 'تعذّر التسليم مرات متتالية'
            else suppressed_reason end
        where id = any(${sql.param(ids)}::int[]) and state <> 'suppressed'`);
    },
    /** Reached again: the soft bounces in a row start over. */
    async clearBounces(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.execute(
        sql`update newsletter_subscribers set soft_bounces = 0 where id = any(${sql.param(ids)}::int[]) and soft_bounces > 0`,
      );
    },
    /**
     * Forgets sign-ups never confirmed: a pending one whose last confirmation e-mail went before `before`; a legacy
     * one only once the campaign mailed it (before that, it waits for the campaign).
     */
    async forgetUnconfirmed(before: Date): Promise<number> {
      const rows = await db.execute(sql`
        delete from newsletter_subscribers
        where state = 'pending' and (
          (not legacy and coalesce(confirm_mailed_at, created_at) < ${before})
          or (legacy and confirm_mailed_at < ${before}))
        returning id`);
      return rows.rows.length;
    },

    /** Who a send reaches: one delivery row per recipient, due at once. */
    async enqueue(tx: Tx, sendId: number, audience: EmailAudience, at: Date): Promise<number> {
      if (audience.kind === 'one') {
        const rows = await tx.execute(sql`
          insert into fanout_deliveries (send_id, recipient_id, next_at) values (${sendId}, ${audience.subscriberId}, ${at})`);
        return rows.rowCount ?? 0;
      }
      const where = audienceWhere(audience);
      if (audience.kind === 'campaign')
        // Each gets a confirmation nonce and counts as mailed (the 7 days to confirm start now).
        await tx.execute(sql`
          update newsletter_subscribers set confirm_nonce = coalesce(confirm_nonce, ${NEW_NONCE}),
            confirm_mailed_at = ${at}, updated_at = ${at}
          where ${where}`);
      const rows = await tx.execute(sql`
        insert into fanout_deliveries (send_id, recipient_id, next_at)
        select ${sendId}, id, ${at}::timestamptz from newsletter_subscribers
        where ${audience.kind === 'campaign' ? sql`state = 'pending' and legacy and confirm_mailed_at = ${at}` : where}`);
      return rows.rowCount ?? 0;
    },
    /** How many a send would reach now. */
    async audienceSize(audience: Exclude<EmailAudience, { kind: 'one' }>, ex: Executor = db): Promise<number> {
      const rows = await ex.execute<{ n: number }>(
        sql`select count(*)::int as n from newsletter_subscribers where ${audienceWhere(audience)}`,
      );
      return Number(rows.rows[0]?.n ?? 0);
    },
    /** The recipients of a batch, as they are now. */
    async recipients(ids: number[]): Promise<SubscriberRow[]> {
      if (!ids.length) return [];
      return db
        .select()
        .from(t)
        .where(sql`${t.id} = any(${sql.param(ids)}::int[])`);
    },

    async counts(): Promise<Record<SubscriberState, number> & { legacyWaiting: number }> {
      const rows = await db.execute<{ state: SubscriberState; n: number; legacy_waiting: number }>(sql`
        select state, count(*)::int as n,
          count(*) filter (where state = 'pending' and legacy and confirm_mailed_at is null)::int as legacy_waiting
        from newsletter_subscribers group by state`);
      const out = { pending: 0, confirmed: 0, unsubscribed: 0, suppressed: 0, legacyWaiting: 0 };
      for (const r of rows.rows) {
        out[r.state] = Number(r.n);
        out.legacyWaiting += Number(r.legacy_waiting);
      }
      return out;
    },
    async page(q: SubscriberQuery): Promise<{ rows: SubscriberRow[]; total: number; exact: boolean }> {
      const text = q.q?.trim();
      const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        q.state !== 'all' ? eq(t.state, q.state) : undefined,
        like ? or(ilike(t.email, like), ilike(t.fullName, like)) : undefined,
      );
      return paged(
        db,
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...descNullsLast(t.createdAt, t.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        sql`select 1 from ${t}${where ? sql` where ${where}` : sql``}`,
      );
    },
    async delete(id: number, tx: Tx): Promise<SubscriberRow | undefined> {
      const [row] = await tx.delete(t).where(eq(t.id, id)).returning();
      return row;
    },
    /** Every subscriber, newest first, a batch at a time by keyset (the CSV export streams them). */
    async *all(batch = 1000): AsyncGenerator<SubscriberRow[]> {
      let after: SubscriberRow | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(t)
          .where(after ? sql`(${t.createdAt}, ${t.id}) < (${after.createdAt}, ${after.id})` : undefined)
          .orderBy(...descNullsLast(t.createdAt, t.id))
          .limit(batch);
        if (rows.length) yield rows;
        if (rows.length < batch) return;
        after = rows.at(-1);
      }
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
