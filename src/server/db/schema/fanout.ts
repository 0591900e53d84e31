/**
 * The fan-out job (modules/fanout): one message sent to many recipients over one channel (e-mail now, web push next).
 * A send is run by one instance at a time (a lease it renews); its recipients are one delivery row each, claimed in
 * batches FOR UPDATE SKIP LOCKED, so no two workers ever hold the same one, and a delivery is `sent` only once the
 * channel acknowledged it. The figures (queued, sent, failed, suppressed, skipped) are kept on the send as they change.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATES, SEND_STATES } from '../../../shared/schemas/fanout';
import { admins } from './accounts';

export const fanoutSends = pgTable(
  'fanout_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    /** What it is (digest, article, breaking, campaign, confirmation): the channel renders by it. */
    kind: text('kind').notNull(),
    /** At most one send per key (the day's digest, one alert per story and channel, the one campaign); null: none. */
    dedupeKey: text('dedupe_key'),
    /** The subject or headline, as the history lists it. */
    title: text('title').notNull(),
    /** What the channel needs to render it (stories, links); channel-specific. */
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: SEND_STATES }).notNull().default('queued'),
    /** Why it was skipped or cancelled, for the editor. */
    note: text('note'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** Not before this (every remaining delivery waits for a retry). */
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The instance running it and until when; another takes over once it has lapsed. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    queued: integer('queued').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The message as sent (one recipient's copy with their links blanked): HTML and plain text. */
    previewHtml: text('preview_html'),
    previewText: text('preview_text'),
  },
  (t) => [
    uniqueIndex('fanout_sends_dedupe_key').on(t.dedupeKey),
    index('fanout_sends_due_idx')
      .on(t.nextAt)
      .where(sql`state in ('queued', 'sending')`),
    index('fanout_sends_history_idx').on(t.channel, t.createdAt.desc(), t.id.desc()),
    check('fanout_sends_state_check', sql`${t.state} in ('queued', 'sending', 'done', 'skipped', 'cancelled')`),
  ],
);

export const fanoutDeliveries = pgTable(
  'fanout_deliveries',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => fanoutSends.id, { onDelete: 'cascade' }),
    /** The channel's own recipient id (a subscriber for e-mail). */
    recipientId: integer('recipient_id').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** A pending delivery is due from this time (retries wait here). */
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }).notNull(),
    /** A claimed (`sending`) delivery belongs to its worker until then; past it, it is taken again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.recipientId] }),
    index('fanout_deliveries_due_idx')
      .on(t.sendId, t.nextAt)
      .where(sql`state = 'pending'`),
    index('fanout_deliveries_claimed_idx')
      .on(t.sendId, t.leaseUntil)
      .where(sql`state = 'sending'`),
    index('fanout_deliveries_recipient_idx').on(t.recipientId),
    check(
      'fanout_deliveries_state_check',
      sql`${t.state} in ('pending', 'sending', 'sent', 'failed', 'suppressed', 'skipped')`,
    ),
  ],
);
