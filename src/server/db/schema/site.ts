/** Site-wide records: settings, newsletter, statistics and the audit log. */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { admins } from './accounts';

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
});

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_email_key').on(sql`lower(${t.email})`),
    index('newsletter_created_idx').on(t.createdAt.desc(), t.id.desc()),
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
