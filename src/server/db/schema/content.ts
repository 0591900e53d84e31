/** Newsroom content: categories, news, breaking news, prayer times, media. */
import { sql, type SQLWrapper } from 'drizzle-orm';
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
import { NEWS_STATUSES } from '../../../shared/news-workflow';
import { admins } from './accounts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A section's name as the menu compares names: trimmed, Arabic-folded (sahifa_normalize: أ إ آ ٱ → ا, ى → ي, ة → ه,
 * harakat and tatweel removed), runs of spaces as one, the definite article at the start of a word left out
 * («الاقتصاد» and «اقتصاد» are one section), lower case. Two sections whose names give the same key would read the
 * same in the menu, so the key is unique (categories_name_key); sectionNameKey() in src/shared/arabic.ts computes
 * the same in the browser.
 */
export const sectionNameKey = (name: SQLWrapper) =>
  sql`lower(regexp_replace(regexp_replace(sahifa_normalize(btrim(${name})), '[[:space:]]+', ' ', 'g'), '(^| )ال(?=[^ ]{2})', '\\1', 'g'))`;

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
    uniqueIndex('categories_name_key').on(sectionNameKey(t.name)),
    check('categories_slug_format', sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
    check('categories_color_format', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/**
 * An article's life (src/shared/news-workflow.ts): draft → in review → scheduled or published → unpublished. Readers
 * see only published articles whose publication time has come (the scheduler publishes scheduled ones at their minute).
 */

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
    status: text('status', { enum: NEWS_STATUSES }).notNull().default('draft'),
    /** When it went (or goes, if scheduled) public; null for what was never published or scheduled. */
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    /** When what readers see (title, description, body, section, image, byline) last changed after publication. */
    modifiedAt: timestamp('modified_at', { withTimezone: true, precision: 3 }),
    /** Free byline text beside the authors (e.g. 'تقرير وترجمة: …'). */
    byline: text('byline').notNull().default(''),
    /** Optimistic concurrency: every save sends the version it started from; a stale one is refused (409). */
    version: integer('version').notNull().default(1),
    /** The sanitiser version the body was last cleaned with (null: written around the editor, cleaned on read). */
    sanitizedWith: smallint('sanitized_with'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who created it: a writer may edit their own drafts. */
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    /** When and by whom it was last sent for review (the editors' review queue); kept once it leaves review. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }),
    submittedBy: integer('submitted_by').references(() => admins.id, { onDelete: 'set null' }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(title)), 'A') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(description)), 'B') || setweight(to_tsvector('arabic'::regconfig, sahifa_search_text(regexp_replace(content, '<[^>]+>', ' ', 'g'))), 'C')`,
    ),
    /**
     * Titles and descriptions only, for the admin list's search: small enough to stay in the row (the full
     * vector above is toasted with the body, and reading it per row made a filtered admin search slow at 100k).
     */
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      sql`to_tsvector('arabic'::regconfig, sahifa_search_text(title) || ' ' || sahifa_search_text(coalesce(description, '')))`,
    ),
  },
  (t) => [
    check('news_status_check', sql`${t.status} in ('draft', 'review', 'scheduled', 'published', 'unpublished')`),
    check(
      'news_scheduled_has_time',
      sql`${t.status} not in ('scheduled', 'published') or ${t.publishedAt} is not null`,
    ),
    // Public lists: published news, newest first (all, by section, featured). The predicate is exactly the
    // queries' (status = 'published'), so every list and every depth of it reads an index in order.
    index('news_public_idx')
      .on(t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`status = 'published'`),
    index('news_category_idx')
      .on(t.category, t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`status = 'published'`),
    index('news_featured_idx')
      .on(t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`featured and status = 'published'`),
    index('news_scheduled_idx')
      .on(t.publishedAt)
      .where(sql`status = 'scheduled'`),
    // The newsroom's list, newest first (ids are given in order of creation), by state and by section: a page is read
    // from an index alone, then only its 50 rows are fetched.
    // (Ascending, read backwards: ORDER BY id DESC means NULLS FIRST, which a backward scan of these gives.)
    index('news_status_id_idx').on(t.status, t.id),
    index('news_category_id_idx').on(t.category, t.id),
    // The newsroom's list shows the last changed first (a story just submitted, published or corrected on top), as a
    // whole, by state and by section: the page's ids from one of these in order.
    index('news_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('news_status_updated_idx').on(t.status, t.updatedAt.desc(), t.id.desc()),
    index('news_category_updated_idx').on(t.category, t.updatedAt.desc(), t.id.desc()),
    // The editors' review queue: what waits, the longest waiting first.
    index('news_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`status = 'review'`),
    // Public search: the month of publication and the words in one GIN index, so a search reads the newest months
    // first and visits only their matches (sahifa_month_lexeme: '§YYYYMM', a lexeme no typed word can produce). The
    // month comes first: PostgreSQL steps through a GIN index's columns in order, so a month's few entries lead and
    // the words' long lists are skipped through to them; words first, a search for two common words that rarely meet
    // walked both whole lists for every month (4-5 ms a slice at a million articles, 1.4 ms month first).
    index('news_search_month_idx')
      .using('gin', sql`sahifa_month_lexeme(${t.publishedAt})`, t.searchVector)
      .where(sql`status = 'published'`),
    index('news_title_search_idx').using('gin', t.titleVector),
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
    /** The article (often a live coverage) the ticker links to, while readers can see it. */
    newsId: integer('news_id').references(() => news.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('breaking_news_priority_range', sql`${t.priority} between 0 and 100`),
    index('breaking_news_active_idx')
      .on(t.priority.desc(), t.createdAt.desc())
      .where(sql`is_active`),
    index('breaking_news_created_idx').on(t.createdAt.desc(), t.id.desc()),
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

/**
 * An image of the media library: uploaded (or drawn for the demo), stored as WebP at several widths under
 * data/media/<id>/<width>.webp. What readers are told about it lives here, once, for every article that shows it:
 * its alternative text (required before an article using it is published), caption, credit and source, and the
 * focal point every crop keeps in view (null: the centre; the share image then follows sharp's attention crop).
 */
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
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    credit: text('credit').notNull().default(''),
    source: text('source').notNull().default(''),
    /** The subject's place in the picture, in percent of its width and height from the top left. */
    focusX: smallint('focus_x'),
    focusY: smallint('focus_y'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    /** The library's search: alt, caption, credit, source and file name, Arabic-folded as the site search folds. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('arabic'::regconfig, sahifa_search_text(alt || ' ' || caption || ' ' || credit || ' ' || source || ' ' || original_name))`,
    ),
  },
  (t) => [
    // The library, newest first: as a whole, by uploader (ids break ties of one instant).
    index('media_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('media_uploader_idx').on(t.createdBy, t.createdAt.desc(), t.id.desc()),
    index('media_search_idx').using('gin', t.searchVector),
    check(
      'media_focus_range',
      sql`(${t.focusX} is null) = (${t.focusY} is null) and coalesce(${t.focusX} between 0 and 100 and ${t.focusY} between 0 and 100, true)`,
    ),
  ],
);

/**
 * Published articles per month (UTC), kept by a trigger on news (sahifa_news_months): the sitemap index lists its
 * months from here, a few dozen rows, instead of probing the articles once per month.
 */
export const newsMonths = pgTable('news_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  articles: integer('articles').notNull().default(0),
});
