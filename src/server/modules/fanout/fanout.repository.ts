/** The fan-out job's SQL: sends (leased to one instance at a time) and their deliveries (claimed SKIP LOCKED). */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SendQuery } from '../../../shared/schemas/fanout';
import type { Db, Executor, Tx } from '../../db/client';
import { admins } from '../../db/schema/accounts';
import { fanoutSends } from '../../db/schema/fanout';
import { offsetOf, paged } from '../../lib/paging';
import type { DeliveryState } from '../../../shared/schemas/fanout';
import type { SendRecord } from './fanout.channel';

export type SendRow = typeof fanoutSends.$inferSelect;

/** A send as its channel sees it. */
export const recordOf = (row: SendRow): SendRecord => ({
  id: row.id,
  channel: row.channel,
  kind: row.kind,
  title: row.title,
  payload: row.payload as Record<string, unknown>,
  createdAt: row.createdAt,
});
export type SendListRow = Omit<SendRow, 'payload' | 'previewHtml' | 'previewText'> & { createdByName: string | null };

export interface NewSend {
  channel: string;
  kind: string;
  dedupeKey: string | null;
  title: string;
  payload: Record<string, unknown>;
  createdBy: number | null;
  at: Date;
}

/** A delivery's result as the runner records it. */
export interface DeliveryResult {
  recipientId: number;
  /** The attempt it was (a result is kept only by the claim that made it). */
  attempts: number;
  state: Exclude<DeliveryState, 'sending'>;
  /** pending: when to try again. */
  nextAt: Date;
  error: string | null;
}

const listColumns = {
  id: fanoutSends.id,
  channel: fanoutSends.channel,
  kind: fanoutSends.kind,
  dedupeKey: fanoutSends.dedupeKey,
  title: fanoutSends.title,
  state: fanoutSends.state,
  note: fanoutSends.note,
  createdBy: fanoutSends.createdBy,
  createdAt: fanoutSends.createdAt,
  startedAt: fanoutSends.startedAt,
  finishedAt: fanoutSends.finishedAt,
  nextAt: fanoutSends.nextAt,
  leaseOwner: fanoutSends.leaseOwner,
  leaseUntil: fanoutSends.leaseUntil,
  queued: fanoutSends.queued,
  sent: fanoutSends.sent,
  failed: fanoutSends.failed,
  suppressed: fanoutSends.suppressed,
  skipped: fanoutSends.skipped,
  createdByName: admins.fullName,
};

export function fanoutRepository(db: Db) {
  return {
    /** A new send; undefined when its dedupe key was used already (that send exists). */
    async insertSend(s: NewSend, tx: Tx): Promise<SendRow | undefined> {
      const [row] = await tx
        .insert(fanoutSends)
        .values({
          channel: s.channel,
          kind: s.kind,
          dedupeKey: s.dedupeKey,
          title: s.title,
          payload: s.payload,
          createdBy: s.createdBy,
          createdAt: s.at,
          nextAt: s.at,
        })
        .onConflictDoNothing({ target: fanoutSends.dedupeKey })
        .returning();
      return row;
    },
    async setQueued(id: number, queued: number, tx: Tx): Promise<void> {
      await tx.update(fanoutSends).set({ queued }).where(eq(fanoutSends.id, id));
    },
    async setPreview(id: number, html: string | null, text: string, ex: Executor = db): Promise<void> {
      await ex.update(fanoutSends).set({ previewHtml: html, previewText: text }).where(eq(fanoutSends.id, id));
    },
    /** A send with nobody to reach, or nothing to say: recorded so the history shows it, never run. */
    async skip(id: number, note: string, at: Date, tx: Tx): Promise<void> {
      await tx.update(fanoutSends).set({ state: 'skipped', note, finishedAt: at }).where(eq(fanoutSends.id, id));
    },
    async findByKey(dedupeKey: string, ex: Executor = db): Promise<SendRow | undefined> {
      const [row] = await ex.select().from(fanoutSends).where(eq(fanoutSends.dedupeKey, dedupeKey)).limit(1);
      return row;
    },
    async find(id: number): Promise<(SendRow & { createdByName: string | null }) | undefined> {
      const [row] = await db
        .select({ send: fanoutSends, createdByName: admins.fullName })
        .from(fanoutSends)
        .leftJoin(admins, eq(admins.id, fanoutSends.createdBy))
        .where(eq(fanoutSends.id, id))
        .limit(1);
      return row && { ...row.send, createdByName: row.createdByName };
    },
    /** The newest send of these kinds on a channel (the alert guard's "too soon"). */
    async latestOf(channel: string, kinds: string[], ex: Executor = db): Promise<SendRow | undefined> {
      const [row] = await ex
        .select()
        .from(fanoutSends)
        .where(and(eq(fanoutSends.channel, channel), inArray(fanoutSends.kind, kinds)))
        .orderBy(desc(fanoutSends.createdAt), desc(fanoutSends.id))
        .limit(1);
      return row;
    },
    /** Serialises the alert guard's check-then-create per channel (several editors, several instances). */
    async lockChannel(channel: string, tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fanout:${channel}`}))`);
    },

    /** The history, newest first; confirmation e-mails only when asked for by kind. */
    async page(q: SendQuery): Promise<{ rows: SendListRow[]; total: number; exact: boolean }> {
      const where = and(
        q.channel ? eq(fanoutSends.channel, q.channel) : undefined,
        q.kind ? eq(fanoutSends.kind, q.kind) : ne(fanoutSends.kind, 'confirmation'),
      );
      return paged(
        db,
        db
          .select(listColumns)
          .from(fanoutSends)
          .leftJoin(admins, eq(admins.id, fanoutSends.createdBy))
          .where(where)
          .orderBy(desc(fanoutSends.createdAt), desc(fanoutSends.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        sql`select 1 from ${fanoutSends} where ${where}`,
      );
    },

    /**
     * Takes the oldest due send no live instance holds (a lapsed lease is free), for `owner` until `until`. The row is
     * locked SKIP LOCKED while it is taken, so two instances asking at once get different sends.
     */
    async claimSend(owner: string, now: Date, until: Date, busy: number[]): Promise<SendRow | undefined> {
      const rows = await db.execute<{ id: number }>(sql`
        update fanout_sends set state = 'sending', lease_owner = ${owner}, lease_until = ${until},
          started_at = coalesce(started_at, ${now})
        where id = (
          select id from fanout_sends
          where state in ('queued', 'sending') and next_at <= ${now}
            and (lease_until is null or lease_until < ${now})
            ${busy.length ? sql`and id <> all(${sql.param(busy)}::int[])` : sql``}
          order by id
          limit 1
          for update skip locked
        )
        returning id`);
      const id = rows.rows[0]?.id;
      if (id === undefined) return undefined;
      const [row] = await db.select().from(fanoutSends).where(eq(fanoutSends.id, id));
      return row;
    },
    /** Keeps the lease; false when the send is no longer this owner's to run (cancelled, or taken after a lapse). */
    async renewSend(id: number, owner: string, until: Date): Promise<boolean> {
      const rows = await db
        .update(fanoutSends)
        .set({ leaseUntil: until })
        .where(and(eq(fanoutSends.id, id), eq(fanoutSends.leaseOwner, owner), eq(fanoutSends.state, 'sending')))
        .returning({ id: fanoutSends.id });
      return rows.length > 0;
    },
    /**
     * Done when no delivery is left to make; otherwise handed back, due again when its next retry is (or at once: a
     * graceful stop hands its send to the next instance to ask).
     */
    async finishOrRelease(id: number, owner: string, now: Date): Promise<'done' | 'released'> {
      const rows = await db.execute<{ state: string }>(sql`
        update fanout_sends s set
          state = case when w.left_n = 0 then 'done' else s.state end,
          finished_at = case when w.left_n = 0 then ${now}::timestamptz else s.finished_at end,
          next_at = coalesce(w.next_at, s.next_at),
          lease_owner = null, lease_until = null
        from (
          select count(*) filter (where state in ('pending', 'sending')) as left_n,
                 min(next_at) filter (where state = 'pending') as next_at
          from fanout_deliveries where send_id = ${id}
        ) w
        where s.id = ${id} and s.lease_owner = ${owner}
        returning s.state`);
      return rows.rows[0]?.state === 'done' ? 'done' : 'released';
    },
    async cancel(id: number, note: string, at: Date): Promise<SendRow | undefined> {
      const [row] = await db
        .update(fanoutSends)
        .set({ state: 'cancelled', note, finishedAt: at, leaseOwner: null, leaseUntil: null })
        .where(and(eq(fanoutSends.id, id), inArray(fanoutSends.state, ['queued', 'sending'])))
        .returning();
      return row;
    },

    /**
     * Claims up to `limit` deliveries of a send for one worker until `until`: due pending ones, and claimed ones whose
     * worker's lease lapsed (it stopped without saying how they went: a crash). SKIP LOCKED, so workers never share
     * one; each claim counts an attempt, and a result is kept only from the claim that made it.
     */
    async claimDeliveries(
      sendId: number,
      now: Date,
      until: Date,
      limit: number,
    ): Promise<{ recipientId: number; attempts: number }[]> {
      const rows = await db.execute<{ recipient_id: number; attempts: number }>(sql`
        with lapsed as (
          select recipient_id from fanout_deliveries
          where send_id = ${sendId} and state = 'sending' and lease_until < ${now}
          limit ${limit} for update skip locked
        ), due as (
          select recipient_id from fanout_deliveries
          where send_id = ${sendId} and state = 'pending' and next_at <= ${now}
          order by next_at
          limit ${limit} for update skip locked
        ), taken as (
          select recipient_id from lapsed union all select recipient_id from due limit ${limit}
        )
        update fanout_deliveries d set state = 'sending', attempts = d.attempts + 1, lease_until = ${until}
        from taken
        where d.send_id = ${sendId} and d.recipient_id = taken.recipient_id
        returning d.recipient_id, d.attempts`);
      return rows.rows.map((r) => ({ recipientId: r.recipient_id, attempts: r.attempts }));
    },
    /**
     * Records results in one statement with the send's figures: a result counts only if its delivery is still held by
     * the claim that made it (state sending, same attempt), so no result is counted twice.
     */
    async record(sendId: number, results: DeliveryResult[], now: Date): Promise<void> {
      if (!results.length) return;
      const ids = results.map((r) => r.recipientId);
      const attempts = results.map((r) => r.attempts);
      const states = results.map((r) => r.state);
      const nextAt = results.map((r) => r.nextAt.toISOString());
      const errs = results.map((r) => r.error);
      await db.execute(sql`
        with v as (
          select * from unnest(${sql.param(ids)}::int[], ${sql.param(attempts)}::int[], ${sql.param(states)}::text[], ${sql.param(nextAt)}::timestamptz[],
            ${sql.param(errs)}::text[]) as v(recipient_id, attempts, state, next_at, error)
        ), u as (
          update fanout_deliveries d set state = v.state, next_at = v.next_at, lease_until = null,
            last_error = v.error, done_at = case when v.state = 'pending' then null else ${now}::timestamptz end
          from v
          where d.send_id = ${sendId} and d.recipient_id = v.recipient_id and d.state = 'sending'
            and d.attempts = v.attempts
          returning d.state
        )
        update fanout_sends set
          sent = sent + (select count(*) from u where state = 'sent'),
          failed = failed + (select count(*) from u where state = 'failed'),
          suppressed = suppressed + (select count(*) from u where state = 'suppressed'),
          skipped = skipped + (select count(*) from u where state = 'skipped')
        where id = ${sendId}`);
    },
    /** Claimed deliveries a stopping worker never started go back to the queue (due at once). */
    async unclaim(sendId: number, recipientIds: number[], now: Date): Promise<void> {
      if (!recipientIds.length) return;
      await db.execute(sql`
        update fanout_deliveries set state = 'pending', attempts = greatest(attempts - 1, 0), lease_until = null,
          next_at = ${now}
        where send_id = ${sendId} and recipient_id = any(${sql.param(recipientIds)}::int[]) and state = 'sending'`);
    },
    /** A recipient's deliveries, forgotten with them (a deleted subscriber). */
    async forgetRecipient(channel: string, recipientId: number, tx: Tx): Promise<void> {
      await tx.execute(sql`
        delete from fanout_deliveries d using fanout_sends s
        where s.id = d.send_id and s.channel = ${channel} and d.recipient_id = ${recipientId}`);
    },
    /** Housekeeping: per-recipient rows of sends finished before `before` (their figures stay on the send). */
    async pruneDeliveries(before: Date): Promise<void> {
      await db.execute(sql`
        delete from fanout_deliveries d using fanout_sends s
        where s.id = d.send_id and s.state in ('done', 'skipped', 'cancelled') and s.finished_at < ${before}`);
    },
    /** Housekeeping: sends of `kind` (one-recipient confirmations) finished before `before`. */
    async pruneSends(kind: string, before: Date): Promise<void> {
      await db.execute(sql`
        delete from fanout_sends where kind = ${kind} and state in ('done', 'skipped', 'cancelled')
          and finished_at < ${before}`);
    },
  };
}
export type FanoutRepository = ReturnType<typeof fanoutRepository>;
