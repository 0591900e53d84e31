/** The newsroom around an article: its authors and tags, its revisions, who has it open, autosaves, counts. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
import { admins } from './accounts';
import { news } from './content';

/**
 * `visible_at` in the link tables is the article's publication time while readers can see it (null otherwise),
 * kept by the news service: tag and author pages read one index in order at any depth.
 */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_slug_key').on(t.slug),
    uniqueIndex('tags_name_key').on(sql`sahifa_normalize(lower(${t.name}))`),
  ],
);

/**
 * A tag's former addresses (the transliterated slugs tags had before they got Arabic ones, and any a tag had before
 * a rename): /tag/<old> answers 301 to the tag's address now, so shared links and search results keep working.
 */
export const tagSlugAliases = pgTable('tag_slug_aliases', {
  slug: text('slug').primaryKey(),
  tagId: integer('tag_id')
    .notNull()
    .references(() => tags.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const newsTags = pgTable(
  'news_tags',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    visibleAt: timestamp('visible_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.newsId, t.tagId] }),
    index('news_tags_visible_idx')
      .on(t.tagId, t.visibleAt.desc().nullsLast(), t.newsId.desc())
      .where(sql`visible_at is not null`),
  ],
);

export const newsAuthors = pgTable(
  'news_authors',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    visibleAt: timestamp('visible_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.newsId, t.adminId] }),
    index('news_authors_visible_idx')
      .on(t.adminId, t.visibleAt.desc().nullsLast(), t.newsId.desc())
      .where(sql`visible_at is not null`),
    // The newsroom's list filtered by author (drafts included), newest first.
    index('news_authors_admin_idx').on(t.adminId, t.newsId),
  ],
);

/** What an article said at each save: kept for the diff and restore; pruned by the rule in the news service. */
export const newsRevisions = pgTable(
  'news_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    /** What the save was: save, publish, schedule, restore… */
    reason: text('reason').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    byline: text('byline').notNull(),
    /** [{ id, fullName }] of the authors at the time. */
    authors: jsonb('authors').notNull(),
    tags: jsonb('tags').notNull(),
    /** A correction, clarification or update told to readers at this point (its text), kept with the history. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_revisions_news_idx').on(t.newsId, t.createdAt.desc(), t.id.desc())],
);

/** Who has an article open in the editor (a heartbeat every few seconds). */
export const newsPresence = pgTable(
  'news_presence',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.adminId] })],
);

/** Autosaved edits of a published article, per editor: the live article changes only when they save. */
export const newsAutosaves = pgTable(
  'news_autosaves',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    baseVersion: integer('base_version').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.adminId] })],
);

/** A create retried with the same Idempotency-Key answers with what the first one made (kept a day). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    resourceId: integer('resource_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * View counts live apart from the articles: a batch of views changes one narrow row per article, never an article's
 * row with its body, its search vector and its indexes (which is what made every view slow and bloated the table).
 */
export const newsViews = pgTable(
  'news_views',
  {
    newsId: integer('news_id')
      .primaryKey()
      .references(() => news.id, { onDelete: 'cascade' }),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  // All-time most read, in order. (An update moves the row's entry here: a few hundred rows a second at most, one
  // narrow index — not the article's row with its body, search vector and seven indexes.)
  (t) => [index('news_views_top_idx').on(t.views.desc(), t.newsId.desc())],
);

/** Views per Tripoli day and section (the statistics' views by section, without reading every article's days). */
export const sectionDailyViews = pgTable(
  'section_daily_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category] })],
);

/** Views per Tripoli day: the most-read windows (last 24 hours, 7 days) and the statistics. */
export const newsDailyViews = pgTable(
  'news_daily_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.newsId] }), index('news_daily_views_news_idx').on(t.newsId)],
);
