/** The admin API contract (SPEC §7), with SPEC §5's Arabic validation messages. */
import { z } from 'zod';
import { HHMM, ISO_DATE } from '../dates';
import { LIMITS } from '../constants';
import { newsArticle, newsListItem } from './news';
import { ROLE_VALUES } from '../permissions';

const trimmed = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const loginRequest = z.object({
  username: z
    .string({ error: 'اسم المستخدم يجب أن يكون 3 أحرف على الأقل' })
    .trim()
    .min(LIMITS.usernameMin, 'اسم المستخدم يجب أن يكون 3 أحرف على الأقل')
    .max(100),
  password: z
    .string({ error: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' })
    .min(LIMITS.passwordMin, 'كلمة المرور يجب أن تكون 6 أحرف على الأقل')
    .max(200),
});

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const loginResponse = z.object({ message: z.string(), admin: adminUser });
export const sessionResponse = z.object({ admin: adminUser, expiresAt: z.string() });

export const breakingNewsInput = z.object({
  title: trimmed('عنوان الخبر العاجل مطلوب', 300),
  isActive: z.boolean().default(true),
  // SPEC §5: a non-number is 0; a number outside 0–100 is refused.
  priority: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined || typeof v === 'boolean' || Number.isNaN(Number(v)) ? 0 : Number(v),
    z
      .number()
      .int('الأولوية من 0 إلى 100')
      .min(LIMITS.priorityMin, 'الأولوية من 0 إلى 100')
      .max(LIMITS.priorityMax, 'الأولوية من 0 إلى 100'),
  ),
  expiresAt: z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      'تاريخ الانتهاء غير صالح',
    )
    .nullable()
    .default(null),
});
/** The list switch sends only isActive (SPEC §4). */
export const breakingNewsUpdate = z.union([z.object({ isActive: z.boolean() }).strict(), breakingNewsInput]);

const imageUrl = z
  .string({ error: 'يرجى تحميل صورة للخبر أو توفير رابط صورة' })
  .trim()
  .min(1, 'يرجى تحميل صورة للخبر أو توفير رابط صورة')
  .max(2000)
  .refine(
    (v) => /^\/media\/[0-9a-f-]{36}\/\d+\.webp$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v),
    'رابط الصورة يجب أن يبدأ بـ http أو https',
  );

export const newsInput = z.object({
  title: trimmed('جميع الحقول مطلوبة', 300),
  description: trimmed('جميع الحقول مطلوبة', 1000),
  content: trimmed('جميع الحقول مطلوبة', 500_000),
  category: trimmed('جميع الحقول مطلوبة', 100),
  imageUrl,
  featured: z.boolean().default(false),
});
export const featuredInput = z.object({ featured: z.boolean() });

/** An article as the admin sees it: the public article plus its status. */
export const adminNewsItem = newsArticle.extend({ status: z.string() });
export type AdminNewsItem = z.infer<typeof adminNewsItem>;
/** A row of the admin news table: no body (a page of the list stays small at any archive size). */
export const adminNewsListItem = newsListItem.extend({ status: z.string(), updatedAt: z.string() });
export type AdminNewsListItem = z.infer<typeof adminNewsListItem>;

const SLUG = /^[a-z0-9_-]+$/;
export const categoryInput = z.object({
  name: trimmed('اسم التصنيف مطلوب', 100),
  slug: z
    .string({ error: 'معرف التصنيف مطلوب' })
    .trim()
    .min(1, 'معرف التصنيف مطلوب')
    .max(100)
    .regex(SLUG, 'المعرف يقبل الأحرف الإنجليزية الصغيرة والأرقام والشرطات فقط'),
  description: z.string().trim().max(500).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'اللون غير صالح')
    .optional(),
  isActive: z.boolean().default(true),
  order: z.number().int().min(0).max(10_000).optional(),
});
/** SPEC §7: the full body, or only isActive, or only order. */
export const categoryUpdate = z.union([
  z.object({ isActive: z.boolean() }).strict(),
  z.object({ order: z.number().int().min(0).max(10_000) }).strict(),
  categoryInput,
]);
export const categoryReorder = z.object({ id: z.number().int().positive(), direction: z.enum(['up', 'down']) });

export const prayerTimeInput = z.object({
  id: z.number().int().optional(),
  date: z.string().regex(ISO_DATE, 'التاريخ غير صالح'),
  fajr: z.string().trim().regex(HHMM, 'الوقت يجب أن يكون بصيغة HH:mm'),
  dhuhr: z.string().trim().regex(HHMM, 'الوقت يجب أن يكون بصيغة HH:mm'),
  asr: z.string().trim().regex(HHMM, 'الوقت يجب أن يكون بصيغة HH:mm'),
  maghrib: z.string().trim().regex(HHMM, 'الوقت يجب أن يكون بصيغة HH:mm'),
  isha: z.string().trim().regex(HHMM, 'الوقت يجب أن يكون بصيغة HH:mm'),
});
export const prayerTimeRecord = prayerTimeInput.extend({ id: z.number().int() });

export const createAdminInput = z.object({
  username: z
    .string({ error: 'جميع الحقول مطلوبة' })
    .trim()
    .min(LIMITS.usernameMin, 'اسم المستخدم يجب أن يكون 3 أحرف على الأقل')
    .max(100)
    .regex(/^[\w.-]+$/u, 'اسم المستخدم يقبل الحروف والأرقام والنقاط والشرطات فقط'),
  fullName: trimmed('جميع الحقول مطلوبة', 200),
  email: z.string({ error: 'جميع الحقول مطلوبة' }).trim().max(254).pipe(z.email('البريد الإلكتروني غير صالح')),
  password: z
    .string({ error: 'جميع الحقول مطلوبة' })
    .min(LIMITS.passwordMin, 'كلمة المرور يجب أن تكون 6 أحرف على الأقل')
    .max(200),
  roleName: z.enum(ROLE_VALUES, { error: 'الصلاحية غير صالحة' }).default('editor'),
});
export const passwordInput = z.object({
  password: z
    .string({ error: 'يرجى إدخال كلمة مرور صالحة' })
    .refine((v) => v.trim().length > 0, 'يرجى إدخال كلمة مرور صالحة')
    .pipe(z.string().min(LIMITS.passwordMin, 'كلمة المرور يجب أن تكون 6 أحرف على الأقل').max(200)),
});

/** Changing one's own password: the current one first (so a left-open session cannot take the account). */
export const ownPasswordInput = passwordInput.extend({
  currentPassword: z
    .string({ error: 'يرجى إدخال كلمة المرور الحالية' })
    .min(1, 'يرجى إدخال كلمة المرور الحالية')
    .max(200),
});
export type OwnPasswordInput = z.infer<typeof ownPasswordInput>;

export const statisticsToday = z.object({
  today: z.object({ visitors: z.number().int(), pageViews: z.number().int(), uniqueVisitors: z.number().int() }),
  activeBreakingNews: z.number().int(),
  devices: z.array(z.object({ device: z.string(), visitors: z.number().int() })),
  latestNews: z.array(
    z.object({ id: z.number().int(), title: z.string(), views: z.number().int(), publishedAt: z.string().nullable() }),
  ),
});

export const statisticsDetailed = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      visits: z.number().int(),
      pageViews: z.number().int(),
      uniqueVisitors: z.number().int(),
    }),
  ),
  topArticles: z.array(z.object({ id: z.number().int(), title: z.string(), views: z.number().int() })),
  byCategory: z.array(z.object({ category: z.string(), name: z.string(), views: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), visitors: z.number().int() })),
});

export const settingsInput = z.object({
  siteName: trimmed('اسم الموقع مطلوب', 100),
  description: z.string().trim().max(500),
  contactEmail: z.string().trim().max(254).pipe(z.email('البريد الإلكتروني غير صالح')),
  social: z.object({
    facebook: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'رابط غير صالح' })]),
    x: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'رابط غير صالح' })]),
    youtube: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'رابط غير صالح' })]),
    instagram: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'رابط غير صالح' })]),
  }),
  hijriAdjustment: z
    .number({ error: 'التصحيح عدد صحيح من -2 إلى 2' })
    .int('التصحيح عدد صحيح من -2 إلى 2')
    .min(-2, 'التصحيح عدد صحيح من -2 إلى 2')
    .max(2, 'التصحيح عدد صحيح من -2 إلى 2'),
});

export const auditEntry = z.object({
  id: z.number().int(),
  adminUsername: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const mediaResponse = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
});
export const okMessage = z.object({ message: z.string() });

export type LoginRequest = z.infer<typeof loginRequest>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type SessionResponse = z.infer<typeof sessionResponse>;
export type BreakingNewsInput = z.infer<typeof breakingNewsInput>;
export type BreakingNewsUpdate = z.infer<typeof breakingNewsUpdate>;
export type NewsInput = z.infer<typeof newsInput>;
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryUpdate = z.infer<typeof categoryUpdate>;
export type CategoryReorder = z.infer<typeof categoryReorder>;
export type PrayerTimeInput = z.infer<typeof prayerTimeInput>;
export type PrayerTimeRecord = z.infer<typeof prayerTimeRecord>;
export type CreateAdminInput = z.infer<typeof createAdminInput>;
export type StatisticsToday = z.infer<typeof statisticsToday>;
export type StatisticsDetailed = z.infer<typeof statisticsDetailed>;
export type SettingsInput = z.infer<typeof settingsInput>;
export type MediaResponse = z.infer<typeof mediaResponse>;
export type OkMessage = z.infer<typeof okMessage>;
