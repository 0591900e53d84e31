import { z } from 'zod';
import { pageQuery } from './common';

/** The sign-up form's contract: the server checks it, and the reader's form shows its messages by each field. */
export const newsletterRequest = z.object({
  fullName: z.string().trim().min(1, 'الاسم الكامل مطلوب').max(200, 'الاسم أطول من 200 حرف'),
  email: z
    .string()
    .trim()
    .min(1, 'البريد الإلكتروني مطلوب')
    .max(254, 'البريد الإلكتروني أطول من المسموح')
    .pipe(z.email('البريد الإلكتروني غير صالح، مثال صحيح: name@example.ly')),
});
export type NewsletterField = keyof z.infer<typeof newsletterRequest>;

/**
 * The answer to every valid sign-up, new address or not: the same words and status, so the form never tells anyone
 * who is subscribed. SPEC's title (تم الاشتراك بنجاح) with the inbox to check.
 */
export const NEWSLETTER_SIGNUP_MESSAGE =
  'تم الاشتراك بنجاح. تفقّد بريدك الوارد وافتح رابط التأكيد لتبدأ رسائلنا بالوصول';
export const newsletterResponse = z.object({ message: z.string() });

export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed', 'suppressed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];
export const SUBSCRIBER_STATE_LABELS: Record<SubscriberState, string> = {
  pending: 'بانتظار التأكيد',
  confirmed: 'مؤكَّد',
  unsubscribed: 'ألغى الاشتراك',
  suppressed: 'موقوف (البريد يرتد)',
};

/** A subscriber as the newsroom's list shows them. */
export const newsletterSubscriber = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
  /** Signed up before confirmation existed: waits for the confirmation campaign. */
  legacy: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  suppressedAt: z.string().nullable(),
  suppressedReason: z.string().nullable(),
  digest: z.boolean(),
  alerts: z.boolean(),
  sections: z.array(z.string()),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriber>;

export const subscriberQuery = pageQuery.extend({
  state: z.enum([...SUBSCRIBER_STATES, 'all']).default('all'),
  /** Part of an address or a name. */
  q: z.string().trim().max(254).optional(),
});
export type SubscriberQuery = z.infer<typeof subscriberQuery>;

export const subscriberCounts = z.object({
  /** Every stored subscriber (SPEC's count on the settings screen). */
  subscribers: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
  suppressed: z.number().int(),
  /** Legacy subscribers the confirmation campaign has not mailed yet. */
  legacyWaiting: z.number().int(),
  /** The campaign went out already (it goes once). */
  campaignSent: z.boolean(),
});
export type SubscriberCounts = z.infer<typeof subscriberCounts>;

/** A link from an e-mail: the token it carries. */
export const newsletterToken = z.object({
  token: z.string().trim().min(8, 'الرابط غير صالح').max(300, 'الرابط غير صالح'),
});

export const confirmResponse = z.object({
  message: z.string(),
  /** The subscriber's own link token for the preferences page. */
  manageToken: z.string(),
});

const sectionSlug = z.string().trim().min(1).max(100);
/** What a reader chooses on the preferences page. */
export const newsletterPreferences = z.object({
  digest: z.boolean(),
  alerts: z.boolean(),
  /** Section slugs; empty: every section. */
  sections: z.array(sectionSlug).max(50).default([]),
});
export type NewsletterPreferences = z.infer<typeof newsletterPreferences>;
export const preferencesUpdate = newsletterPreferences.extend(newsletterToken.shape);

export const preferencesView = newsletterPreferences.extend({
  fullName: z.string(),
  email: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
  /** The sections a reader may choose among. */
  sectionChoices: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type PreferencesView = z.infer<typeof preferencesView>;

/** The editor's newsletter settings: the daily digest and its hour on Tripoli's clock. */
export const newsletterSettingsInput = z.object({
  digestEnabled: z.boolean(),
  digestHour: z
    .number({ error: 'اختر ساعة من 0 إلى 23' })
    .int('اختر ساعة من 0 إلى 23')
    .min(0, 'اختر ساعة من 0 إلى 23')
    .max(23, 'اختر ساعة من 0 إلى 23'),
});
export type NewsletterSettingsInput = z.infer<typeof newsletterSettingsInput>;
export const DEFAULT_NEWSLETTER_SETTINGS: NewsletterSettingsInput = { digestEnabled: true, digestHour: 7 };

/** How mail leaves: a real SMTP server, or files in the outbox folder when none is configured. */
export const mailStatus = z.object({
  transport: z.enum(['smtp', 'outbox']),
  from: z.string(),
  /** The folder the .eml files go to (outbox only). */
  outboxDir: z.string().nullable(),
  /** Messages a second at most; 0: as fast as the server takes them. */
  ratePerSecond: z.number(),
});
export type MailStatus = z.infer<typeof mailStatus>;

export const newsletterSettingsView = newsletterSettingsInput.extend({
  mail: mailStatus,
  /** When today's digest goes (or went), and whether it did: for the editor's screen. */
  nextDigestAt: z.string().nullable(),
});
export type NewsletterSettingsView = z.infer<typeof newsletterSettingsView>;
