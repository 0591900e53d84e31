/** Every statement about advertising: placements, campaigns and creatives, what is served now, counts and reports. */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { AD_AFTER_PARAGRAPH_DEFAULT, AD_PLACEMENTS, type AdDevice, type AdPlacement } from '../../../shared/ads';
import type { Db, Executor } from '../../db/client';
import { adCampaigns, adCreatives, adDailyStats, adPlacements } from '../../db/schema/ads';
import { categories, media } from '../../db/schema/content';

export type AdPlacementRow = typeof adPlacements.$inferSelect;
export type AdCampaignRow = typeof adCampaigns.$inferSelect;
export type AdCreativeRow = typeof adCreatives.$inferSelect;
export interface AdImageRow {
  id: string;
  width: number;
  height: number;
}
export type AdCreativeWithImages = AdCreativeRow & { desktop: AdImageRow | null; phone: AdImageRow | null };
export interface AdCampaignTotals {
  impressions: number;
  clicks: number;
  today: number;
}

/** One creative that may be served now. */
export interface ServableRow {
  id: number;
  campaignId: number;
  weight: number;
  placements: AdPlacement[];
  alt: string;
  desktopMediaId: string | null;
  phoneMediaId: string | null;
  creatives: number;
}

/** What a click or an impression needs to know of a creative. */
export interface CreativeTarget {
  id: number;
  campaignId: number;
  url: string;
  placements: AdPlacement[];
  paused: boolean;
  startsAt: Date;
  endsAt: Date;
}

export type CountKey = `${number}|${number}|${AdPlacement}|${AdDevice}`;
/** A count's key with the Tripoli day it was made on (a batch written after midnight keeps its day). */
export type DayCountKey = `${string}|${CountKey}`;
export interface Counts {
  impressions: number;
  clicks: number;
}

const defaultPlacement = (key: AdPlacement): AdPlacementRow => ({
  key,
  enabled: key === 'sidebar',
  afterParagraph: AD_AFTER_PARAGRAPH_DEFAULT,
  networkCode: '',
  updatedAt: null,
  updatedBy: null,
});

export function adsRepository(db: Db) {
  return {
    /**
     * Every placement, in AD_PLACEMENTS' order: its row once an admin has saved it, else its default (only the
     * sidebar's box, the site's old one, is on). No rows are made by the migration, so a new database stays empty
     * (a restore checks that).
     */
    async placements(ex: Executor = db): Promise<AdPlacementRow[]> {
      const rows = new Map((await ex.select().from(adPlacements)).map((r) => [r.key, r]));
      return AD_PLACEMENTS.map((key) => rows.get(key) ?? defaultPlacement(key));
    },
    async updatePlacement(
      key: AdPlacement,
      values: Pick<AdPlacementRow, 'enabled' | 'afterParagraph' | 'networkCode' | 'updatedAt' | 'updatedBy'>,
      ex: Executor,
    ): Promise<AdPlacementRow> {
      const [row] = await ex
        .insert(adPlacements)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: adPlacements.key, set: values })
        .returning();
      return row!;
    },
    async placement(key: AdPlacement, ex: Executor = db): Promise<AdPlacementRow> {
      const [row] = await ex.select().from(adPlacements).where(eq(adPlacements.key, key));
      return row ?? defaultPlacement(key);
    },

    async campaigns(ex: Executor = db): Promise<AdCampaignRow[]> {
      return ex.select().from(adCampaigns).orderBy(desc(adCampaigns.startsAt), desc(adCampaigns.id));
    },
    async campaign(id: number, ex: Executor = db): Promise<AdCampaignRow | undefined> {
      const [row] = await ex.select().from(adCampaigns).where(eq(adCampaigns.id, id));
      return row;
    },
    async lockCampaign(id: number, ex: Executor): Promise<AdCampaignRow | undefined> {
      const [row] = await ex.select().from(adCampaigns).where(eq(adCampaigns.id, id)).for('update');
      return row;
    },
    async insertCampaign(values: typeof adCampaigns.$inferInsert, ex: Executor): Promise<AdCampaignRow> {
      const [row] = await ex.insert(adCampaigns).values(values).returning();
      return row!;
    },
    async updateCampaign(id: number, values: Partial<typeof adCampaigns.$inferInsert>, ex: Executor) {
      const [row] = await ex.update(adCampaigns).set(values).where(eq(adCampaigns.id, id)).returning();
      return row!;
    },
    async deleteCampaign(id: number, ex: Executor): Promise<void> {
      await ex.delete(adCampaigns).where(eq(adCampaigns.id, id));
    },

    /** The creatives of campaigns, in their order, with their images' sizes. */
    async creativesOf(campaignIds: number[], ex: Executor = db): Promise<AdCreativeWithImages[]> {
      if (!campaignIds.length) return [];
      const rows = await ex
        .select()
        .from(adCreatives)
        .where(inArray(adCreatives.campaignId, campaignIds))
        .orderBy(asc(adCreatives.campaignId), asc(adCreatives.position));
      const ids = [...new Set(rows.flatMap((r) => [r.desktopMediaId, r.phoneMediaId]).filter((x): x is string => !!x))];
      const images = ids.length
        ? await ex
            .select({ id: media.id, width: media.width, height: media.height })
            .from(media)
            .where(inArray(media.id, ids))
        : [];
      const byId = new Map(images.map((i) => [i.id, i]));
      return rows.map((r) => ({
        ...r,
        desktop: r.desktopMediaId ? (byId.get(r.desktopMediaId) ?? null) : null,
        phone: r.phoneMediaId ? (byId.get(r.phoneMediaId) ?? null) : null,
      }));
    },
    /** Which of these library images exist. */
    /** Which of these section slugs are sections today. */
    async existingSections(slugs: string[], ex: Executor): Promise<Set<string>> {
      if (!slugs.length) return new Set();
      const rows = await ex.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs));
      return new Set(rows.map((r) => r.slug));
    },
    async existingMedia(ids: string[], ex: Executor): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await ex.select({ id: media.id }).from(media).where(inArray(media.id, ids));
      return new Set(rows.map((r) => r.id));
    },
    /**
     * Replaces a campaign's creatives: those kept (by id) are updated in place so their figures stay theirs, new
     * ones are added, the rest deleted (their counted days stay in the reports).
     */
    async replaceCreatives(
      campaignId: number,
      list: { id?: number; desktopMediaId: string | null; phoneMediaId: string | null; alt: string; url: string }[],
      ex: Executor,
    ): Promise<void> {
      const existing = await ex
        .select({ id: adCreatives.id })
        .from(adCreatives)
        .where(eq(adCreatives.campaignId, campaignId));
      const have = new Set(existing.map((r) => r.id));
      const kept = new Set(list.flatMap((c) => (c.id !== undefined && have.has(c.id) ? [c.id] : [])));
      const gone = [...have].filter((id) => !kept.has(id));
      if (gone.length) await ex.delete(adCreatives).where(inArray(adCreatives.id, gone));
      for (const [position, c] of list.entries()) {
        const values = { desktopMediaId: c.desktopMediaId, phoneMediaId: c.phoneMediaId, alt: c.alt, url: c.url };
        if (c.id !== undefined && kept.has(c.id))
          await ex
            .update(adCreatives)
            .set({ ...values, position })
            .where(eq(adCreatives.id, c.id));
        else await ex.insert(adCreatives).values({ ...values, campaignId, position });
      }
    },

    /** Impressions and clicks of campaigns: all time and today's impressions (the daily cap). */
    async totals(campaignIds: number[], today: string): Promise<Map<number, AdCampaignTotals>> {
      if (!campaignIds.length) return new Map();
      const rows = await db
        .select({
          id: adDailyStats.campaignId,
          impressions: sql<number>`coalesce(sum(${adDailyStats.impressions}), 0)`.mapWith(Number),
          clicks: sql<number>`coalesce(sum(${adDailyStats.clicks}), 0)`.mapWith(Number),
          today:
            sql<number>`coalesce(sum(${adDailyStats.impressions}) filter (where ${adDailyStats.day} = ${today}::date), 0)`.mapWith(
              Number,
            ),
        })
        .from(adDailyStats)
        .where(inArray(adDailyStats.campaignId, campaignIds))
        .groupBy(adDailyStats.campaignId);
      return new Map(rows.map((r) => [r.id, r]));
    },

    /**
     * The creatives that may be shown now on a page of a section (none: the front page and pages of no section):
     * campaigns not paused, started and not ended, aimed at every section or at this one, under their daily cap.
     */
    async servable(at: Date, today: string, section: string | undefined): Promise<ServableRow[]> {
      const result = await db.execute<{
        id: number;
        campaign_id: number;
        weight: number;
        placements: AdPlacement[];
        alt: string;
        desktop_media_id: string | null;
        phone_media_id: string | null;
        creatives: number;
      }>(sql`
        select cr.id, c.id as campaign_id, c.weight, c.placements, cr.alt, cr.desktop_media_id, cr.phone_media_id,
          count(*) over (partition by c.id) as creatives
        from ${adCampaigns} c join ${adCreatives} cr on cr.campaign_id = c.id
        where not c.paused and c.starts_at <= ${at} and c.ends_at > ${at}
          and (cardinality(c.sections) = 0 or ${section ?? null}::text = any(c.sections))
          and (c.daily_cap is null or c.daily_cap > coalesce((select sum(s.impressions) from ${adDailyStats} s
            where s.campaign_id = c.id and s.day = ${today}::date), 0))
        order by c.id, cr.position`);
      return result.rows.map((r) => ({
        id: Number(r.id),
        campaignId: Number(r.campaign_id),
        weight: Number(r.weight),
        placements: r.placements,
        alt: r.alt,
        desktopMediaId: r.desktop_media_id,
        phoneMediaId: r.phone_media_id,
        creatives: Number(r.creatives),
      }));
    },

    async creativeTarget(id: number): Promise<CreativeTarget | undefined> {
      const [row] = await db
        .select({
          id: adCreatives.id,
          campaignId: adCreatives.campaignId,
          url: adCreatives.url,
          placements: adCampaigns.placements,
          paused: adCampaigns.paused,
          startsAt: adCampaigns.startsAt,
          endsAt: adCampaigns.endsAt,
        })
        .from(adCreatives)
        .innerJoin(adCampaigns, eq(adCampaigns.id, adCreatives.campaignId))
        .where(eq(adCreatives.id, id));
      return row;
    },

    /**
     * Adds one batch of counts for a Tripoli day in one statement (rows in key order: no deadlock between instances
     * flushing at once); counts of campaigns deleted meanwhile are dropped. Returns the campaigns of the batch now at
     * or past their daily cap.
     */
    async add(day: string, batch: Map<CountKey, Counts>): Promise<number[]> {
      const keys = [...batch.keys()].sort();
      const parts = keys.map((k) => k.split('|'));
      const campaigns = parts.map((p) => Number(p[0]));
      const creatives = parts.map((p) => Number(p[1]));
      const placements = parts.map((p) => p[2]!);
      const devices = parts.map((p) => p[3]!);
      const impressions = keys.map((k) => batch.get(k)!.impressions);
      const clicks = keys.map((k) => batch.get(k)!.clicks);
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${adDailyStats} (day, campaign_id, creative_id, placement, device, impressions, clicks)
          select ${day}::date, b.campaign, b.creative, b.placement, b.device, b.impressions, b.clicks
          from unnest(${sql.param(campaigns)}::int[], ${sql.param(creatives)}::int[], ${sql.param(placements)}::text[], ${sql.param(devices)}::text[],
            ${sql.param(impressions)}::bigint[], ${sql.param(clicks)}::bigint[])
            as b(campaign, creative, placement, device, impressions, clicks)
          join ${adCampaigns} c on c.id = b.campaign
          order by b.campaign, b.creative, b.placement, b.device
          on conflict (campaign_id, day, creative_id, placement, device) do update
            set impressions = ${adDailyStats.impressions} + excluded.impressions,
                clicks = ${adDailyStats.clicks} + excluded.clicks`);
        const capped = await tx.execute<{ id: number }>(sql`
          select c.id from ${adCampaigns} c
          where c.id = any(${sql.param([...new Set(campaigns)])}::int[]) and c.daily_cap is not null
            and c.daily_cap <= (select coalesce(sum(s.impressions), 0) from ${adDailyStats} s
              where s.campaign_id = c.id and s.day = ${day}::date)`);
        return capped.rows.map((r) => Number(r.id));
      });
    },

    /** A campaign's counts per day, placement and device between two Tripoli days (inclusive). */
    report: (campaignId: number, from: string, to: string) =>
      db
        .select({
          day: sql<string>`to_char(${adDailyStats.day}, 'YYYY-MM-DD')`,
          placement: adDailyStats.placement,
          device: adDailyStats.device,
          impressions: sql<number>`sum(${adDailyStats.impressions})`.mapWith(Number),
          clicks: sql<number>`sum(${adDailyStats.clicks})`.mapWith(Number),
        })
        .from(adDailyStats)
        .where(and(eq(adDailyStats.campaignId, campaignId), gte(adDailyStats.day, from), lte(adDailyStats.day, to)))
        .groupBy(adDailyStats.day, adDailyStats.placement, adDailyStats.device)
        .orderBy(asc(adDailyStats.day), asc(adDailyStats.placement), asc(adDailyStats.device)),
  };
}
export type AdsRepository = ReturnType<typeof adsRepository>;
