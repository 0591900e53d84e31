/**
 * Advertising the newsroom sells itself: its named placements (on or off, the in-article paragraph, an ad network's
 * code), campaigns with their creatives (library images and the advertiser's address), and the counts per day,
 * placement and device that reports are made of.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { AD_DEVICES, AD_PLACEMENTS } from '../../../shared/ads';
import { admins } from './accounts';
import { media } from './content';

export const adPlacements = pgTable('ad_placements', {
  key: text('key', { enum: AD_PLACEMENTS }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** In-article: the paragraph the box follows (never in an article with fewer). */
  afterParagraph: smallint('after_paragraph').notNull().default(3),
  /** An ad network's tag, served only inside a sandboxed frame of its own (/ads/frame/:key). */
  networkCode: text('network_code').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
});

export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advertiser: text('advertiser').notNull(),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }).notNull(),
    placements: text('placements', { enum: AD_PLACEMENTS }).array().notNull(),
    /** Section slugs the campaign is shown in; empty: everywhere. */
    sections: text('sections')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weight: integer('weight').notNull().default(1),
    dailyCap: integer('daily_cap'),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('ad_campaigns_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('ad_campaigns_weight_check', sql`${t.weight} between 1 and 100`),
    check('ad_campaigns_cap_check', sql`${t.dailyCap} is null or ${t.dailyCap} > 0`),
    // What may be served now: campaigns not yet over, by end.
    index('ad_campaigns_ends_idx').on(t.endsAt),
  ],
);

export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Library images: a picture in use by an ad is not deleted from the library. */
    desktopMediaId: uuid('desktop_media_id').references(() => media.id, { onDelete: 'restrict' }),
    phoneMediaId: uuid('phone_media_id').references(() => media.id, { onDelete: 'restrict' }),
    alt: text('alt').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    index('ad_creatives_campaign_idx').on(t.campaignId, t.position),
    check('ad_creatives_image_check', sql`${t.desktopMediaId} is not null or ${t.phoneMediaId} is not null`),
    check('ad_creatives_url_check', sql`${t.url} ~* '^https?://'`),
  ],
);

/**
 * Viewable impressions and clicks per Tripoli day, campaign, creative, placement and device (the reports). A
 * creative taken out of a campaign keeps its rows (no foreign key on it); a deleted campaign takes its rows along.
 */
export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    day: date('day').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    creativeId: integer('creative_id').notNull(),
    placement: text('placement', { enum: AD_PLACEMENTS }).notNull(),
    device: text('device', { enum: AD_DEVICES }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.creativeId, t.placement, t.device] }),
    index('ad_daily_stats_day_idx').on(t.day),
  ],
);
