/** The admin API contract (SPEC §7), with SPEC §5's Arabic validation messages. */
import { z } from 'zod';
import { HHMM, ISO_DATE } from '../dates';
import { LIMITS } from '../constants';
import { newsArticle, newsListItem } from './news';
import { decimalInt, pageQuery } from './common';
import { NEWS_ACTIONS, NEWS_STATUSES } from '../news-workflow';
import { ROLE_VALUES } from '../permissions';
import { MEDIA_ID_PATTERN } from '../media-blocks';

/**
 * A required text: `required` when it is missing or empty (SPEC's messages), `tooLong` when it passes `max` (it says
 * what is wrong, never "required"; the forms show the limit beside the field).
 */
const trimmed = (required: string, max = 500, tooLong = `النص ${max} حرف على الأكثر`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

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
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const sessionResponse = z.object({
  admin: adminUser,
  expiresAt: z.string(),
  /** The session may only enrol a second factor: the policy requires one this account lacks. */
  twoFactorSetupRequired: z.boolean(),
});

/** One of the signed-in staff member's own sessions (the profile page lists them; the token never leaves its cookie). */
export const staffSession = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  /** The browser and system read from the user agent, in Arabic (e.g. «Chrome على Android»); null when unknown. */
  device: z.string().nullable(),
  /** The address it signed in from. */
  address: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;

export const breakingNewsInput = z.object({
  title: trimmed('عنوان الخبر العاجل مطلوب', 300, 'عنوان الخبر العاجل 300 حرف على الأكثر'),
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
  /** An article for the ticker to link to (a live coverage, most often); null or absent: none. */
  newsId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
});
/** The list switch sends only isActive (SPEC §4). */
export const breakingNewsUpdate = z.union([z.object({ isActive: z.boolean() }).strict(), breakingNewsInput]);

const IMAGE_REQUIRED = 'يرجى تحميل صورة للخبر أو توفير رابط صورة';
const FIELDS_REQUIRED = 'جميع الحقول مطلوبة';
/** The limits the editor states beside its fields, with a live count (LIMITS, shared with the screens). */
export const NEWS_TITLE_TOO_LONG = `العنوان ${LIMITS.newsTitleMax} حرف على الأكثر`;
export const NEWS_DESCRIPTION_TOO_LONG = `الوصف ${LIMITS.newsDescriptionMax} حرف على الأكثر`;
/** One of our stored renditions (`/media/<id>/<width>.webp`), with a well-formed id. */
const OWN_RENDITION = new RegExp(`^/media/${MEDIA_ID_PATTERN}/\\d+\\.webp$`);
const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => v ?? '')
  .refine(
    (v) => v === '' || OWN_RENDITION.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v),
    'رابط الصورة يجب أن يبدأ بـ http أو https',
  );
const isoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'موعد النشر غير صالح')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'موعد النشر غير صالح');
export const TAG_NAME_MAX = 50;
export const TAGS_MAX = 20;
const tagName = z
  .string()
  .trim()
  .min(1, 'اسم الوسم فارغ')
  .max(TAG_NAME_MAX, `اسم الوسم ${TAG_NAME_MAX} حرفاً على الأكثر`)
  .refine((v) => /[\p{L}\p{N}]/u.test(v), 'اسم الوسم يحتاج حرفاً أو رقماً');

/** What an article says: every field a save, an autosave or a revision carries. */
const newsFields = z.object({
  title: trimmed(FIELDS_REQUIRED, LIMITS.newsTitleMax, NEWS_TITLE_TOO_LONG),
  description: z.string().trim().max(LIMITS.newsDescriptionMax, NEWS_DESCRIPTION_TOO_LONG).default(''),
  content: z.string().trim().max(500_000, 'نص الخبر أطول من المسموح').default(''),
  category: trimmed(FIELDS_REQUIRED, 100, 'التصنيف المختار غير موجود'),
  imageUrl,
  featured: z.boolean().default(false),
  byline: z.string().trim().max(LIMITS.bylineMax, `سطر التوقيع ${LIMITS.bylineMax} حرف على الأكثر`).default(''),
  /** Staff ids, in the order the byline names them; the creator when left out. */
  authors: z.array(z.number().int().positive().max(2_147_483_647)).max(10, 'عشرة كتّاب على الأكثر').optional(),
  tags: z.array(tagName).max(TAGS_MAX, `${TAGS_MAX} وسماً على الأكثر`).optional(),
  /** The version the editor started from: a save over someone else's newer save is refused (409). */
  version: z.number().int().positive().max(2_147_483_647).optional(),
});

/** Publishing needs the whole story (SPEC §5's messages); a draft or a story sent for review may be unfinished. */
function requireComplete(v: { description: string; content: string; imageUrl: string }, ctx: z.RefinementCtx) {
  if (!v.description) ctx.addIssue({ code: 'custom', path: ['description'], message: FIELDS_REQUIRED });
  if (!v.content) ctx.addIssue({ code: 'custom', path: ['content'], message: FIELDS_REQUIRED });
  if (!v.imageUrl) ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: IMAGE_REQUIRED });
}
const SCHEDULE_TIME_REQUIRED = 'يرجى اختيار موعد النشر';

/**
 * A save (SPEC's POST/PUT body, plus the newsroom's fields). `action` is the state wanted afterwards; without one a
 * PUT keeps the state and SPEC's POST publishes (an editor) or drafts (a writer).
 */
export const newsInput = newsFields
  .extend({
    action: z.enum(NEWS_ACTIONS).optional(),
    publishAt: isoInstant.optional(),
    /**
     * The revision this text was loaded from in the editor (restore is a save like any other: nothing changes until
     * the editor saves it; the kept revision and the audit log then say it was a restore).
     */
    restoredFrom: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'draft' && v.action !== 'review') requireComplete(v, ctx);
    if (v.action === 'schedule' && !v.publishAt)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: SCHEDULE_TIME_REQUIRED });
  });
export type NewsInput = z.infer<typeof newsInput>;
export type NewsFormValues = z.input<typeof newsInput>;

/** An autosave: what the editor holds now, never a state change; the version it started from is required. */
export const newsAutosaveInput = newsFields.extend({ version: z.number().int().positive().max(2_147_483_647) });
export type NewsAutosaveInput = z.infer<typeof newsAutosaveInput>;

/** A state change from the list or the editor's buttons, without the text. */
export const newsTransitionInput = z
  .object({
    action: z.enum(NEWS_ACTIONS),
    publishAt: isoInstant.optional(),
    version: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'schedule' && !v.publishAt)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: SCHEDULE_TIME_REQUIRED });
  });
export type NewsTransitionInput = z.infer<typeof newsTransitionInput>;

export const featuredInput = z.object({ featured: z.boolean() });

/** A staff member as the newsroom's screens name them. */
export const staffRef = z.object({ id: z.number().int(), fullName: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

/** Autosaved edits as stored (the fields of a save, already cleaned by the input schema). */
export const autosavePayload = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  featured: z.boolean(),
  byline: z.string(),
  authors: z.array(z.number().int()).optional(),
  tags: z.array(z.string()).optional(),
});
export type AutosavePayload = z.infer<typeof autosavePayload>;
export const autosaveRecord = z.object({
  payload: autosavePayload,
  baseVersion: z.number().int(),
  savedAt: z.string(),
});

/** An article as the newsroom sees it: the public article plus its state, version, people and pending autosave. */
export const adminNewsItem = newsArticle.extend({
  status: z.enum(NEWS_STATUSES),
  version: z.number().int(),
  staff: z.array(staffRef),
  createdBy: staffRef.nullable(),
  updatedBy: staffRef.nullable(),
  /** The signed-in staff member's autosaved edits of a published or scheduled article, if newer than it. */
  autosave: autosaveRecord.nullable(),
});
export type AdminNewsItem = z.infer<typeof adminNewsItem>;

/** The preview page's article: what readers would see, and the state it is in now. */
export const previewArticle = newsArticle.extend({ status: z.enum(NEWS_STATUSES) });
export type PreviewArticle = z.infer<typeof previewArticle>;

/** A retried create (a lost answer on a phone network) sends the same key and gets the first one's article. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** A row of the admin news table: no body (a page of the list stays small at any archive size). */
export const adminNewsListItem = newsListItem.extend({
  status: z.enum(NEWS_STATUSES),
  updatedAt: z.string(),
  /** When it was last sent for review (null: never). */
  submittedAt: z.string().nullable(),
  version: z.number().int(),
  staff: z.array(staffRef),
  createdById: z.number().int().nullable(),
});
export type AdminNewsListItem = z.infer<typeof adminNewsListItem>;

export const NEWS_FILTER_ALL = 'all';
export const adminNewsQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  status: z.enum([NEWS_FILTER_ALL, ...NEWS_STATUSES]).optional(),
  author: decimalInt(1, 2_147_483_647).optional(),
});
export type AdminNewsQuery = z.infer<typeof adminNewsQuery>;

export const autosaveResponse = z.object({
  /** 'article': the draft itself was saved; 'autosave': kept aside (the live article is unchanged). */
  target: z.enum(['article', 'autosave']),
  version: z.number().int(),
  savedAt: z.string(),
});
export type AutosaveResponse = z.infer<typeof autosaveResponse>;

export const newsRevisionSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  adminName: z.string(),
  reason: z.string(),
  title: z.string(),
  /** A correction, clarification or update told to readers with this revision (its text; removed: and why). */
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type NewsRevisionSummary = z.infer<typeof newsRevisionSummary>;
export const newsRevision = newsRevisionSummary.extend({
  description: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  byline: z.string(),
  authors: z.array(staffRef),
  tags: z.array(z.string()),
});
export type NewsRevision = z.infer<typeof newsRevision>;
export const revisionParams = z.object({
  id: decimalInt(1, 2_147_483_647),
  revisionId: decimalInt(1, Number.MAX_SAFE_INTEGER),
});

/** The editors' review queue: what writers sent, the longest waiting first, and how many wait in all. */
export const REVIEW_QUEUE_SHOWN = 10;
export const reviewQueue = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      categoryName: z.string().nullable(),
      submittedAt: z.string(),
      submittedBy: staffRef.nullable(),
    }),
  ),
});
export type ReviewQueue = z.infer<typeof reviewQueue>;

/** Who else has the article open in the editor (seen within the last PRESENCE_ACTIVE_MS). */
export const presenceResponse = z.array(staffRef.extend({ seenAt: z.string() }));
export const PRESENCE_HEARTBEAT_MS = 15_000;
export const PRESENCE_ACTIVE_MS = 45_000;

export const tagSuggestion = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type TagSuggestion = z.infer<typeof tagSuggestion>;
export const tagSuggestQuery = z.object({ q: z.string().trim().max(TAG_NAME_MAX).default('') });

/** Staff as the editor's author picker lists them. */
export const staffMember = staffRef.extend({ username: z.string(), role: z.enum(ROLE_VALUES) });
export type StaffMember = z.infer<typeof staffMember>;

const SLUG = /^[a-z0-9_-]+$/;
/** Another section's name reads the same (sectionNameKey): said by the form at once and by the server (409). */
export const categoryNameTaken = (existing: string) =>
  `يوجد تصنيف باسم «${existing}»؛ اختر اسماً آخر حتى لا يظهر القسم مرتين في القائمة`;
export const categoryInput = z.object({
  name: trimmed('اسم التصنيف مطلوب', 100, 'اسم التصنيف 100 حرف على الأكثر'),
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
  fullName: trimmed('جميع الحقول مطلوبة', 200, 'الاسم الكامل 200 حرف على الأكثر'),
  email: z.string({ error: 'جميع الحقول مطلوبة' }).trim().max(254).pipe(z.email('البريد الإلكتروني غير صالح')),
  password: z
    .string({ error: 'جميع الحقول مطلوبة' })
    .min(LIMITS.passwordMin, 'كلمة المرور يجب أن تكون 6 أحرف على الأقل')
    .max(200),
  // Least privilege: a new account is a writer unless the admin chooses more.
  roleName: z.enum(ROLE_VALUES, { error: 'الصلاحية غير صالحة' }).default('writer'),
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

/** One's own public profile (the author page): name, a short bio, an avatar uploaded like article images. */
export const profileInput = z.object({
  fullName: trimmed('الاسم الكامل مطلوب', 200, 'الاسم الكامل 200 حرف على الأكثر'),
  bio: z.string().trim().max(500, 'النبذة 500 حرف على الأكثر').default(''),
  avatarUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || OWN_RENDITION.test(v), 'ارفع الصورة الشخصية من هنا'),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const statisticsToday = z.object({
  today: z.object({ visitors: z.number().int(), pageViews: z.number().int(), uniqueVisitors: z.number().int() }),
  activeBreakingNews: z.number().int(),
  devices: z.array(z.object({ device: z.string(), visitors: z.number().int() })),
  /** The last changed articles, any state (the newsroom's list order), each with the dates its state gives meaning. */
  latestNews: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      views: z.number().int(),
      status: z.enum(NEWS_STATUSES),
      publishedAt: z.string().nullable(),
      updatedAt: z.string(),
      submittedAt: z.string().nullable(),
    }),
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
  /** Under the icon of the installed app: short, or phones cut it. Empty: the site name. */
  shortName: z.string().trim().max(12, 'الاسم المختصر 12 حرفاً على الأكثر').default(''),
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
  leadMaxAgeDays: z
    .number({ error: 'عدد الأيام من 1 إلى 30' })
    .int('عدد الأيام من 1 إلى 30')
    .min(1, 'عدد الأيام من 1 إلى 30')
    .max(30, 'عدد الأيام من 1 إلى 30')
    .default(3),
});

export const auditEntry = z.object({
  id: z.number().int(),
  adminUsername: z.string(),
  /** Who, as people know them: the account's full name now, «النظام» for the system, else the username kept. */
  actorName: z.string(),
  /** What the entry is about, as it is called now (an article's title, a section's name), else as it was then. */
  subject: z.string().nullable(),
  /** Whether that record still exists (the screen links to it only then). */
  subjectExists: z.boolean(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const okMessage = z.object({ message: z.string() });

export type LoginRequest = z.infer<typeof loginRequest>;
export type SessionResponse = z.infer<typeof sessionResponse>;
export type BreakingNewsInput = z.infer<typeof breakingNewsInput>;
export type BreakingNewsUpdate = z.infer<typeof breakingNewsUpdate>;
export type CategoryInput = z.infer<typeof categoryInput>;
export type CategoryUpdate = z.infer<typeof categoryUpdate>;
export type CategoryReorder = z.infer<typeof categoryReorder>;
export type PrayerTimeInput = z.infer<typeof prayerTimeInput>;
export type PrayerTimeRecord = z.infer<typeof prayerTimeRecord>;
export type CreateAdminInput = z.infer<typeof createAdminInput>;
export type StatisticsToday = z.infer<typeof statisticsToday>;
export type StatisticsDetailed = z.infer<typeof statisticsDetailed>;
export type SettingsInput = z.infer<typeof settingsInput>;
export type OkMessage = z.infer<typeof okMessage>;
