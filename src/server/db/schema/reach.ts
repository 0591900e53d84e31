/**
 * Reaching readers outside the site: the Telegram channel's outbox (modules/telegram) and readers' push subscriptions
 * (modules/push).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One post to the Telegram channel per published article or breaking-news item, written in the same transaction as
 * the publication (so none is lost and publishing never waits for Telegram), then sent by a job with retries.
 */
export const telegramPosts = pgTable(
  'telegram_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'article' or 'breaking', and the record's id: each is posted once, even if it is published again. */
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due from this time (a retry waits here); a claimed post is leased until it, then due again. */
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }).notNull(),
    lastError: text('last_error'),
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('telegram_posts_ref_key').on(t.kind, t.refId),
    index('telegram_posts_due_idx')
      .on(t.nextAt)
      .where(sql`state = 'pending'`),
    check('telegram_posts_state_check', sql`${t.state} in ('pending', 'sent', 'failed')`),
    check('telegram_posts_kind_check', sql`${t.kind} in ('article', 'breaking')`),
  ],
);

/**
 * A reader's browser subscribed to alerts: its push service's endpoint and the keys that encrypt messages for it
 * (RFC 8291), and the topics chosen (`breaking`, section slugs). Deleted when the push service says it is gone
 * (404/410) or the reader unsubscribes; nothing else about the reader is kept.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    topics: text('topics').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    // An alert's audience: the subscriptions with its topic.
    index('push_subscriptions_topics_idx').using('gin', t.topics),
  ],
);

/**
 * The VAPID key pair (RFC 8292) push services know this site by, made at the first start unless VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY are set: one row, shared by every instance, kept in backups (a new pair would orphan every
 * subscription).
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);
