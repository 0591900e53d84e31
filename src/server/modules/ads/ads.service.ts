/**
 * Advertising the newsroom sells itself: placements, campaigns with their creatives, what a page is served, viewable
 * impressions and clicks, and the reports.
 *
 * Rules chosen where the brief is silent:
 * - Admins manage ads ('ads.manage'); editors do not (a sales desk is not the newsroom).
 * - A campaign's weight is shared equally by its creatives; the browser picks one per box by weight.
 * - A campaign aimed at sections shows on that section's page and its articles only; the front page and pages of no
 *   section show campaigns aimed at every section.
 * - A box that no campaign fills shows the placement's ad-network code (in its sandboxed frame) when it has one, else
 *   the house ad (contact us).
 * - The daily cap counts viewable impressions per Tripoli day. A campaign leaves the served answer at the first flush
 *   that reaches it (about a second), so the cap may be overshot by what readers see in that second and by pages that
 *   fetched the answer before.
 * - Start and end take effect through the served answer's 30-second lifetime (here, at a CDN and in browsers).
 */
import type { AdDevice, AdPlacement } from '../../../shared/ads';
import { campaignState, type AdCampaignState } from '../../../shared/ads-desk';
import { addDays, tripoliDate } from '../../../shared/dates';
import { mediaUrl } from '../../../shared/media';
import type { AdCampaignInput, AdImpressionsBeacon, AdPlacementInput } from '../../../shared/schemas/ads';
import type { Actor, Writer } from '../../lib/write';
import { isBot } from '../stats/visitor';
import type { AdCounter } from './ads.counter';
import { adsErrors } from './ads.errors';
import type { AdCampaignRow, AdsRepository, CreativeTarget } from './ads.repository';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';

type Staff = Actor & { id: number };
/** What a click's and a beacon's creative lookups are remembered for (a campaign's URL may change). */
const TARGET_TTL_MS = 30_000;
/**
 * A second click on the same creative from the same address and browser within this time is sent on but not counted
 * again (a double tap, a reload of the redirect, someone clicking to inflate a campaign's figures). Only a hash of
 * the three is kept, in memory, for this long: nothing about a reader is stored. Impressions are not limited by
 * address: Libyan mobile networks put many readers behind one address (carrier-grade NAT), whose honest views a
 * per-address limit would drop; they are bounded by the viewability rule, one per creative mount, and the bot rule.
 */
export const AD_CLICK_REPEAT_MS = 30 * 60_000;
/** Reports cover at most this many days at once. */
export const AD_REPORT_MAX_DAYS = 366;

export function adsService(deps: { repo: AdsRepository; counter: AdCounter; write: Writer; now: () => Date }) {
  const { repo, counter, write, now } = deps;
  const targets = new LRUCache<number, CreativeTarget | false>({ max: 10_000, ttl: TARGET_TTL_MS });
  const recentClicks = new LRUCache<string, true>({ max: 100_000, ttl: AD_CLICK_REPEAT_MS });
  /** True the first time in AD_CLICK_REPEAT_MS that this address and browser click this creative. */
  function firstClick(id: number, ip: string, userAgent: string | undefined): boolean {
    const key = createHash('sha256')
      .update(`${id}\0${ip}\0${userAgent ?? ''}`)
      .digest('base64url');
    if (recentClicks.has(key)) return false;
    recentClicks.set(key, true);
    return true;
  }

  async function target(id: number): Promise<CreativeTarget | undefined> {
    let t = targets.get(id);
    if (t === undefined) {
      t = (await repo.creativeTarget(id)) ?? false;
      targets.set(id, t);
    }
    return t || undefined;
  }

  async function withDetails(rows: AdCampaignRow[]) {
    const ids = rows.map((r) => r.id);
    const [creatives, totals] = await Promise.all([repo.creativesOf(ids), repo.totals(ids, tripoliDate(now()))]);
    const at = now();
    return rows.map((r) => ({
      ...r,
      state: campaignState(r, at),
      creatives: creatives.filter((c) => c.campaignId === r.id),
      totals: totals.get(r.id) ?? { impressions: 0, clicks: 0, today: 0 },
    }));
  }

  async function campaign(id: number) {
    const row = await repo.campaign(id);
    if (!row) throw adsErrors.notFound();
    return (await withDetails([row]))[0]!;
  }

  /**
   * A campaign newly aimed at a section that is not there (removed while the form was open, or a mistyped slug) is
   * refused. One it was already aimed at and that has since been removed stays, so its form (which shows only today's
   * sections, and cannot untick it) can still be saved.
   */
  async function checkSections(
    input: AdCampaignInput,
    tx: Parameters<Parameters<Writer>[1]>[0],
    before: readonly string[] = [],
  ) {
    const slugs = [...new Set(input.sections)].filter((slug) => !before.includes(slug));
    const found = await repo.existingSections(slugs, tx);
    const missing = slugs.find((slug) => !found.has(slug));
    if (missing !== undefined) throw adsErrors.unknownSection(missing);
  }

  async function checkImages(input: AdCampaignInput, tx: Parameters<Parameters<Writer>[1]>[0]) {
    const ids = input.creatives.flatMap((c) => [c.desktopImage, c.phoneImage]).filter((x): x is string => !!x);
    const found = await repo.existingMedia([...new Set(ids)], tx);
    input.creatives.forEach((c, i) => {
      if ((c.desktopImage && !found.has(c.desktopImage)) || (c.phoneImage && !found.has(c.phoneImage)))
        throw adsErrors.missingImage(i);
    });
  }

  const fields = (input: AdCampaignInput) => ({
    advertiser: input.advertiser,
    name: input.name,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    placements: [...new Set(input.placements)],
    sections: [...new Set(input.sections)],
    weight: input.weight,
    dailyCap: input.dailyCap,
    paused: input.paused,
  });
  const creativeRows = (input: AdCampaignInput) =>
    input.creatives.map((c) => ({
      id: c.id,
      desktopMediaId: c.desktopImage,
      phoneMediaId: c.phoneImage,
      alt: c.alt,
      url: c.url,
    }));
  const summary = (c: { advertiser: string; name: string; startsAt: Date; endsAt: Date; paused: boolean }) => ({
    name: c.name,
    advertiser: c.advertiser,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    paused: c.paused,
  });

  return {
    placements: () => repo.placements(),

    updatePlacement: (staff: Staff, key: AdPlacement, input: AdPlacementInput) =>
      write(staff, async (tx) => {
        const before = await repo.placement(key, tx);
        const row = await repo.updatePlacement(key, { ...input, updatedAt: now(), updatedBy: staff.id }, tx);
        return {
          value: row,
          audit: {
            action: 'update',
            entity: 'ad_placement',
            entityId: key,
            details: {
              key,
              enabled: input.enabled,
              afterParagraph: input.afterParagraph,
              networkCode:
                before?.networkCode === input.networkCode ? undefined : input.networkCode ? 'set' : 'removed',
            },
          },
          // Pages hold the boxes (they carry the placements' tag); the frame's code is read when the frame loads.
          tags: ['ads', 'ad-placements'],
        };
      }),

    async networkCode(key: AdPlacement): Promise<string> {
      const row = await repo.placement(key);
      if (!row.enabled || !row.networkCode) throw adsErrors.noNetworkCode();
      return row.networkCode;
    },

    async campaigns(state?: AdCampaignState) {
      const all = await withDetails(await repo.campaigns());
      return state ? all.filter((c) => c.state === state) : all;
    },
    campaign,

    create: (staff: Staff, input: AdCampaignInput) =>
      write(staff, async (tx) => {
        await checkSections(input, tx);
        await checkImages(input, tx);
        const row = await repo.insertCampaign({ ...fields(input), createdAt: now(), createdBy: staff.id }, tx);
        await repo.replaceCreatives(row.id, creativeRows(input), tx);
        return {
          value: row.id,
          audit: { action: 'create', entity: 'ad_campaign', entityId: row.id, details: summary(row) },
          tags: ['ads'],
        };
      }),

    update: (staff: Staff, id: number, input: AdCampaignInput) =>
      write(staff, async (tx) => {
        const before = await repo.lockCampaign(id, tx);
        if (!before) throw adsErrors.notFound();
        await checkSections(input, tx, before.sections);
        await checkImages(input, tx);
        const row = await repo.updateCampaign(id, { ...fields(input), updatedAt: now() }, tx);
        await repo.replaceCreatives(id, creativeRows(input), tx);
        return {
          value: id,
          audit: { action: 'update', entity: 'ad_campaign', entityId: id, details: summary(row) },
          tags: ['ads'],
        };
      }),

    remove: (staff: Staff, id: number) =>
      write(staff, async (tx) => {
        const before = await repo.lockCampaign(id, tx);
        if (!before) throw adsErrors.notFound();
        await repo.deleteCampaign(id, tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'ad_campaign', entityId: id, details: summary(before) },
          tags: ['ads'],
        };
      }),

    /** What may fill each placement now on a page of a section (undefined: the front page). */
    async served(section: string | undefined) {
      const at = now();
      const rows = await repo.servable(at, tripoliDate(at), section);
      const slots: Partial<Record<AdPlacement, ServedCreativeOut[]>> = {};
      for (const r of rows)
        for (const p of r.placements)
          (slots[p] ??= []).push({
            id: r.id,
            weight: Math.round((r.weight / r.creatives) * 1000) / 1000,
            alt: r.alt,
            href: `/ads/click/${r.id}`,
            phone: r.phoneMediaId ? mediaUrl(r.phoneMediaId, 800) : null,
            desktop: r.desktopMediaId ? mediaUrl(r.desktopMediaId, 800) : null,
          });
      return slots;
    },

    /**
     * Counts viewable impressions a page reports (bots are not counted; a creative that is not in that placement's
     * campaign, or whose campaign is not running now, is ignored: a page may show a copy of the answer made before a
     * pause or an end). The number counted.
     */
    async impressions(beacon: AdImpressionsBeacon, userAgent: string | undefined): Promise<number> {
      if (isBot(userAgent)) return 0;
      // Every creative looked up first: a failed lookup counts nothing (the beacon may be sent again).
      const found = await Promise.all(beacon.i.map((i) => target(i.c)));
      const at = now();
      let n = 0;
      beacon.i.forEach((i, k) => {
        const t = found[k];
        if (!t || !t.placements.includes(i.p) || campaignState(t, at) !== 'running') return;
        counter.impression(t.campaignId, t.id, i.p, i.d);
        n++;
      });
      return n;
    },

    /**
     * Where a click goes: only the creative's own address; counted unless a bot made it or the same address and
     * browser clicked this creative within AD_CLICK_REPEAT_MS.
     */
    async click(
      id: number,
      from: { placement?: AdPlacement; device?: AdDevice; ip: string; userAgent?: string },
    ): Promise<string> {
      const { placement, device, ip, userAgent } = from;
      const t = await target(id);
      if (!t) throw adsErrors.creativeNotFound();
      const counted = !isBot(userAgent) && placement && device && t.placements.includes(placement);
      if (counted && campaignState(t, now()) === 'running' && firstClick(t.id, ip, userAgent))
        counter.click(t.campaignId, t.id, placement, device);
      return t.url;
    },

    /** Forgets remembered creatives (a campaign changed here or in another instance). */
    forget(tags: readonly string[]) {
      if (tags.includes('ads')) targets.clear();
    },

    /** A campaign's counts between two Tripoli days (default: its whole run up to today, at most a year). */
    async report(id: number, from?: string, to?: string) {
      const found = await campaign(id);
      const today = tripoliDate(now());
      const end = to ?? [tripoliDate(found.endsAt), today].sort()[0]!;
      let start = from ?? tripoliDate(found.startsAt);
      if (start > end) start = end;
      if (addDays(start, AD_REPORT_MAX_DAYS) < end) start = addDays(end, -AD_REPORT_MAX_DAYS);
      const rows = await repo.report(id, start, end);
      return { campaign: found, from: start, to: end, rows };
    },
  };
}

interface ServedCreativeOut {
  id: number;
  weight: number;
  alt: string;
  href: string;
  phone: string | null;
  desktop: string | null;
}
export type AdsService = ReturnType<typeof adsService>;
