/** Advertising's contract: placements, campaigns with their creatives, what a page is served, beacons, reports. */
import { z } from 'zod';
import {
  AD_AFTER_PARAGRAPH_MAX,
  AD_BEACON_MAX,
  AD_DEVICES,
  AD_PLACEMENTS,
  AD_PLACEMENT_SPECS,
  creativeImageFor,
} from '../ads';
import { AD_CAMPAIGN_STATES, AD_PLACEMENT_NAMES } from '../ads-desk';
import { ISO_DATE } from '../dates';

export const AD_NETWORK_CODE_MAX = 20_000;
export const AD_CREATIVES_MAX = 10;
export const AD_WEIGHT_MAX = 100;

const placement = z.enum(AD_PLACEMENTS, { error: 'مكان إعلاني غير معروف' });
const device = z.enum(AD_DEVICES);

// Placements

/** What pages need of a placement (rendered with the page: the box is there before anything loads). */
export const adPlacementPublic = z.object({
  key: placement,
  enabled: z.boolean(),
  afterParagraph: z.number().int(),
  /** A network's code fills the box when no campaign does (in a sandboxed frame of its own). */
  network: z.boolean(),
});
export type AdPlacementPublic = z.infer<typeof adPlacementPublic>;

export const adPlacementAdmin = adPlacementPublic.extend({
  networkCode: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdPlacementAdmin = z.infer<typeof adPlacementAdmin>;

export const adPlacementParams = z.object({ key: placement });

export const adPlacementInput = z.object({
  enabled: z.boolean(),
  afterParagraph: z
    .number({ error: 'اكتب رقم الفقرة' })
    .int('اكتب رقم الفقرة')
    .min(1, 'رقم الفقرة من 1')
    .max(AD_AFTER_PARAGRAPH_MAX, `رقم الفقرة حتى ${AD_AFTER_PARAGRAPH_MAX}`),
  networkCode: z
    .string()
    .max(AD_NETWORK_CODE_MAX, `شيفرة شبكة الإعلانات ${AD_NETWORK_CODE_MAX} حرف على الأكثر`)
    .transform((v) => v.trim()),
});
export type AdPlacementInput = z.infer<typeof adPlacementInput>;

// Campaigns

const isoInstant = z
  .string({ error: 'اختر الموعد' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'الموعد غير صالح')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'الموعد غير صالح');

/** A click-through address: http or https only (never javascript:, data: or a relative path). */
export const adClickUrl = z
  .string({ error: 'اكتب رابط المعلِن' })
  .trim()
  .min(1, 'اكتب رابط المعلِن')
  .max(2000, 'رابط المعلِن طويل جداً')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'رابط المعلِن يبدأ بـ https:// أو http://')
  // Kept as the browser would send it (an Arabic path percent-encoded): a redirect's Location must be plain ASCII.
  .transform((v) => new URL(v).href);

const mediaId = z.string().uuid('اختر الصورة من مكتبة الوسائط');

export const adCreativeInput = z
  .object({
    /** An existing creative of this campaign (its figures stay with it); absent for a new one. */
    id: z.number().int().positive().optional(),
    desktopImage: mediaId.nullable(),
    phoneImage: mediaId.nullable(),
    alt: z
      .string({ error: 'اكتب النص البديل للإعلان' })
      .trim()
      .min(1, 'اكتب النص البديل للإعلان (ما يسمعه القارئ الكفيف)')
      .max(200, 'النص البديل 200 حرف على الأكثر'),
    url: adClickUrl,
  })
  .refine((c) => c.desktopImage || c.phoneImage, {
    message: 'اختر صورة الإعلان: للحاسوب أو للهاتف أو لكليهما',
    path: ['desktopImage'],
  });
export type AdCreativeInput = z.infer<typeof adCreativeInput>;

export const adCampaignInput = z
  .object({
    advertiser: z
      .string({ error: 'اكتب اسم المعلِن' })
      .trim()
      .min(1, 'اكتب اسم المعلِن')
      .max(120, 'اسم المعلِن 120 حرفاً على الأكثر'),
    name: z
      .string({ error: 'اكتب اسم الحملة' })
      .trim()
      .min(1, 'اكتب اسم الحملة')
      .max(120, 'اسم الحملة 120 حرفاً على الأكثر'),
    startsAt: isoInstant,
    endsAt: isoInstant,
    placements: z.array(placement).min(1, 'اختر مكاناً إعلانياً واحداً على الأقل').max(AD_PLACEMENTS.length),
    /** Section slugs; empty: every page. */
    sections: z.array(z.string().min(1).max(100)).max(50),
    weight: z
      .number({ error: 'اكتب الوزن' })
      .int('الوزن عدد صحيح')
      .min(1, 'الوزن من 1')
      .max(AD_WEIGHT_MAX, `الوزن حتى ${AD_WEIGHT_MAX}`),
    dailyCap: z
      .number()
      .int('الحد اليومي عدد صحيح')
      .min(1, 'الحد اليومي من 1')
      .max(100_000_000, 'الحد اليومي كبير جداً')
      .nullable(),
    paused: z.boolean(),
    creatives: z
      .array(adCreativeInput)
      .min(1, 'أضف تصميماً واحداً على الأقل')
      .max(AD_CREATIVES_MAX, `${AD_CREATIVES_MAX} تصاميم على الأكثر`),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'موعد الانتهاء بعد موعد البدء' });
    // Every placement must have an image for each device it is shown on.
    v.creatives.forEach((c, i) => {
      for (const p of v.placements) {
        const spec = AD_PLACEMENT_SPECS[p];
        const images = { phone: c.phoneImage, desktop: c.desktopImage };
        for (const device of ['desktop', 'phone'] as const) {
          const size = spec[device];
          if (size && !creativeImageFor(p, device, images))
            ctx.addIssue({
              code: 'custom',
              path: ['creatives', i, `${device}Image`],
              message: `«${AD_PLACEMENT_NAMES[p].label}» يحتاج صورة ${device === 'phone' ? 'للهاتف' : 'للحاسوب'} مقاس ${size.w}×${size.h}`,
            });
        }
      }
    });
  });
export type AdCampaignInput = z.infer<typeof adCampaignInput>;

const adImage = z.object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });

export const adCreative = z.object({
  id: z.number().int(),
  desktopImage: adImage.nullable(),
  phoneImage: adImage.nullable(),
  alt: z.string(),
  url: z.string(),
});
export type AdCreative = z.infer<typeof adCreative>;

export const adCampaign = z.object({
  id: z.number().int(),
  advertiser: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  placements: z.array(placement),
  sections: z.array(z.string()),
  weight: z.number().int(),
  dailyCap: z.number().int().nullable(),
  paused: z.boolean(),
  state: z.enum(AD_CAMPAIGN_STATES),
  creatives: z.array(adCreative),
  impressions: z.number().int(),
  clicks: z.number().int(),
  todayImpressions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type AdCampaign = z.infer<typeof adCampaign>;

export const adCampaignsQuery = z.object({ state: z.enum(AD_CAMPAIGN_STATES).optional() });

// What a page is served

/** One creative as the browser gets it: stored image paths (the page makes the srcset), its share of the weight. */
export const servedCreative = z.object({
  id: z.number().int(),
  weight: z.number(),
  alt: z.string(),
  href: z.string(),
  phone: z.string().nullable(),
  desktop: z.string().nullable(),
});
export type ServedCreative = z.infer<typeof servedCreative>;

export const adsServed = z.object({ slots: z.record(z.string(), z.array(servedCreative)) });
export type AdsServed = z.infer<typeof adsServed>;

export const adsServedQuery = z.object({ section: z.string().min(1).max(100).optional() });

export const adImpressionsBeacon = z.object({
  i: z
    .array(z.object({ c: z.number().int().positive().max(2_147_483_647), p: placement, d: device }))
    .min(1)
    .max(AD_BEACON_MAX),
});
export type AdImpressionsBeacon = z.infer<typeof adImpressionsBeacon>;

export const adClickQuery = z.object({ p: placement.optional(), d: device.optional() });

// Reports

export const adReportQuery = z.object({
  from: z.string().regex(ISO_DATE, 'التاريخ غير صالح').optional(),
  to: z.string().regex(ISO_DATE, 'التاريخ غير صالح').optional(),
});

export const adReportRow = z.object({
  day: z.string(),
  placement,
  device,
  impressions: z.number().int(),
  clicks: z.number().int(),
});
export type AdReportRow = z.infer<typeof adReportRow>;

export const adReport = z.object({
  campaign: adCampaign,
  from: z.string(),
  to: z.string(),
  rows: z.array(adReportRow),
});
export type AdReport = z.infer<typeof adReport>;

/** Click-through rate as a percentage with two decimals (0 without impressions). */
export const ctrOf = (impressions: number, clicks: number) =>
  impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0;
