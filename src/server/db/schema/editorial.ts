/**
 * The newsroom's care for what it published: where each library image is used, the corrections, clarifications and
 * updates readers see on an article, and the staff's own notes on a story under way.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTE_KINDS } from '../../../shared/notes';
import { admins } from './accounts';
import { media, news } from './content';

/**
 * Which articles show which library images (their picture, a figure or a gallery in the body, a video's poster, a
 * live entry's picture): kept by every save, so the library lists where an image is used and refuses to delete it.
 */
export const mediaUsages = pgTable(
  'media_usages',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.newsId] }), index('media_usages_news_idx').on(t.newsId)],
);

/**
 * A correction (تصحيح), clarification (توضيح) or update (تحديث) told to readers of a published article. Never
 * deleted: removing one keeps the row with who removed it, when and why (readers stop seeing it; staff see the trace).
 */
export const newsNotes = pgTable(
  'news_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTE_KINDS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }),
    removedBy: integer('removed_by').references(() => admins.id, { onDelete: 'set null' }),
    removedByName: text('removed_by_name'),
    removedReason: text('removed_reason'),
  },
  (t) => [
    check('news_notes_kind_check', sql`${t.kind} in ('correction', 'clarification', 'update')`),
    index('news_notes_news_idx').on(t.newsId, t.createdAt),
    // The public corrections page: newest first, by cursor.
    index('news_notes_public_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`removed_at is null and kind in ('correction', 'clarification')`),
  ],
);

/** The staff's notes on a story under way (never shown to readers): who, when, and whether it was dealt with. */
export const editorialNotes = pgTable(
  'editorial_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    resolvedBy: integer('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
  },
  (t) => [index('editorial_notes_news_idx').on(t.newsId, t.createdAt)],
);
