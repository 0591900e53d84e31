/**
 * Live coverage: an article (news row) whose story unfolds as timestamped entries. Every change to a coverage takes
 * its next change number (`last_seq`), stored on the entry it changed: readers poll for the changes after the one they
 * have, and a deleted entry stays as a tombstone (deleted_at) so the deletion reaches them.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { LIVE_STATES } from '../../../shared/schemas/live';
import { admins } from './accounts';
import { news } from './content';

export const liveCoverages = pgTable(
  'live_coverages',
  {
    newsId: integer('news_id')
      .primaryKey()
      .references(() => news.id, { onDelete: 'cascade' }),
    state: text('state', { enum: LIVE_STATES }).notNull().default('live'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    pinnedEntryId: integer('pinned_entry_id'),
    /** The latest change number; entries carry the number of their last change. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /** When an entry was last posted, edited or deleted (the article's dateModified while it is covered). */
    lastEntryAt: timestamp('last_entry_at', { withTimezone: true, precision: 3 }),
    startedBy: integer('started_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('live_coverages_state_check', sql`${t.state} in ('live', 'ended')`),
    index('live_coverages_state_idx').on(t.state, t.startedAt.desc()),
  ],
);

export const liveEntries = pgTable(
  'live_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    newsId: integer('news_id')
      .notNull()
      .references(() => liveCoverages.newsId, { onDelete: 'cascade' }),
    /** The coverage's change number of this entry's last change. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    version: integer('version').notNull().default(1),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    imageCaption: text('image_caption').notNull().default(''),
    embedUrl: text('embed_url'),
    keyEvent: text('key_event'),
    /** [{ id, username, fullName }]: who wrote it, then each other staff member who edited it. */
    authors: jsonb('authors').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    /** A tombstone: the entry is gone, its change number still tells pollers so. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The poll: a coverage's latest changes.
    index('live_entries_seq_idx').on(t.newsId, t.seq.desc()),
    // The page and «تحميل المزيد»: entries newest first by creation, by cursor.
    index('live_entries_page_idx')
      .on(t.newsId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('live_entries_key_idx')
      .on(t.newsId, t.createdAt.desc())
      .where(sql`deleted_at is null and key_event is not null`),
  ],
);
