/** Newsroom content: categories, news, breaking news, prayer times, media. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './accounts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('categories_slug_key'),
    description: text('description'),
    color: text('color').notNull().default('#3b82f6'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('categories_position_idx').on(t.position, t.id),
    check('categories_slug_format', sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
    check('categories_color_format', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const NEWS_STATUSES = ['draft', 'published', 'scheduled'] as const;

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    category: text('category')
      .notNull()
      .references(() => categories.slug, { onUpdate: 'cascade', onDelete: 'restrict' }),
    imageUrl: text('image_url'),
    featured: boolean('featured').notNull().default(false),
    views: integer('views').notNull().default(0),
    status: text('status', { enum: NEWS_STATUSES }).notNull().default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(title)), 'A') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(description)), 'B') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(regexp_replace(content, '<[^>]+>', ' ', 'g'))), 'C')`,
    ),
  },
  (t) => [
    check('news_status_check', sql`${t.status} in ('draft', 'published', 'scheduled')`),
    check('news_views_check', sql`${t.views} >= 0`),
    // Public lists: visible news, newest first (all, by category, featured) and most read.
    index('news_public_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status <> 'draft'`),
    index('news_category_idx')
      .on(t.category, t.publishedAt.desc(), t.id.desc())
      .where(sql`status <> 'draft'`),
    index('news_featured_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`featured and status <> 'draft'`),
    index('news_views_idx')
      .on(t.views.desc(), t.id.desc())
      .where(sql`status <> 'draft'`),
    index('news_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('news_search_idx').using('gin', t.searchVector),
  ],
);

export const breakingNews = pgTable(
  'breaking_news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    priority: smallint('priority').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('breaking_news_priority_range', sql`${t.priority} between 0 and 100`),
    index('breaking_news_active_idx')
      .on(t.priority.desc(), t.createdAt.desc())
      .where(sql`is_active`),
    index('breaking_news_created_idx').on(t.createdAt.desc()),
  ],
);

export const prayerTimes = pgTable(
  'prayer_times',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    date: date('date', { mode: 'string' }).notNull(),
    fajr: text('fajr').notNull(),
    dhuhr: text('dhuhr').notNull(),
    asr: text('asr').notNull(),
    maghrib: text('maghrib').notNull(),
    isha: text('isha').notNull(),
  },
  (t) => [
    uniqueIndex('prayer_times_date_key').on(t.date),
    check(
      'prayer_times_format',
      sql`${t.fajr} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.dhuhr} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.asr} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.maghrib} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.isha} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

/** An uploaded or generated image, stored as WebP at several widths under data/media/<id>/<width>.webp. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originalName: text('original_name').notNull(),
    sourceType: text('source_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_created_idx').on(t.createdAt.desc())],
);
