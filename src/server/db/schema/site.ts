/** Site-wide records: settings, newsletter, statistics and the audit log. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SUBSCRIBER_STATES } from '../../../shared/schemas/newsletter';
import { admins } from './accounts';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
});

/**
 * Newsletter subscribers and their consent (modules/newsletter): a sign-up is `pending` until its confirmation link is
 * opened; only `confirmed` ones receive anything; `unsubscribed` and `suppressed` (the address bounced) keep their row
 * so a repeat sign-up starts over with a new confirmation. `legacy`: signed up before confirmation existed, waiting
 * for the one confirmation campaign (never forgotten before it was mailed).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: SUBSCRIBER_STATES }).notNull().default('pending'),
    legacy: boolean('legacy').notNull().default(false),
    /** Carried by the confirmation link; replaced when it is used, so a link confirms once. */
    confirmNonce: text('confirm_nonce'),
    /** When the last confirmation (or "already subscribed") e-mail was queued: at most one an hour. */
    confirmMailedAt: timestamp('confirm_mailed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    suppressedReason: text('suppressed_reason'),
    /** Sends whose every retry failed with a temporary error, in a row; three suppress the address. */
    softBounces: integer('soft_bounces').notNull().default(0),
    /** What the reader chose: the daily digest, alerts (articles sent by the newsroom, breaking news), sections. */
    digest: boolean('digest').notNull().default(true),
    alerts: boolean('alerts').notNull().default(true),
    /** Section slugs to hear about; empty: every section. */
    sections: text('sections')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`),
    index('newsletter_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('newsletter_state_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    // The audience of a send: confirmed subscribers by id.
    index('newsletter_confirmed_idx')
      .on(t.id)
      .where(sql`state = 'confirmed'`),
    check('newsletter_state_check', sql`${t.state} in ('pending', 'confirmed', 'unsubscribed', 'suppressed')`),
  ],
);

/** Per-day totals in Tripoli time. */
export const dailyStats = pgTable('daily_stats', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visits: integer('visits').notNull().default(0),
  pageViews: integer('page_views').notNull().default(0),
  uniqueVisitors: integer('unique_visitors').notNull().default(0),
});

/** The day's random salt; visitor hashes are sha256(salt, address, user agent). Old salts are deleted, so hashes cannot be reversed later. */
export const dailySalts = pgTable('daily_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export const dailyVisitors = pgTable(
  'daily_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    device: text('device').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] }), index('daily_visitors_device_idx').on(t.day, t.device)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Visitors per day and device, aggregated from daily_visitors (whose rows are pruned once their day is over). */
export const dailyDevices = pgTable(
  'daily_devices',
  {
    day: date('day', { mode: 'string' }).notNull(),
    device: text('device').notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.device] })],
);

/** Totals kept up to date as they change (total views), so no statistic scans the archive. */
export const counters = pgTable('counters', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});
