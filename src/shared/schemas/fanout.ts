/** The fan-out job's history as the newsroom reads it (modules/fanout): each send with its figures. */
import { z } from 'zod';
import { pageQuery } from './common';

export const SEND_STATES = ['queued', 'sending', 'done', 'skipped', 'cancelled'] as const;
export type SendState = (typeof SEND_STATES)[number];
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'suppressed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const SEND_STATE_LABELS: Record<SendState, string> = {
  queued: 'في الانتظار',
  sending: 'جارٍ الإرسال',
  done: 'اكتمل',
  skipped: 'لم يُرسل',
  cancelled: 'أُلغي',
};

/** What a send was, in the newsroom's words (by kind; a channel may add its own). */
export const SEND_KIND_LABELS: Record<string, string> = {
  digest: 'النشرة اليومية',
  article: 'تنبيه بخبر',
  breaking: 'تنبيه عاجل',
  campaign: 'حملة تأكيد الاشتراك',
  confirmation: 'رسالة تأكيد',
};

export const CHANNEL_LABELS: Record<string, string> = { email: 'البريد الإلكتروني', push: 'تنبيهات المتصفح' };

export const sendSummary = z.object({
  id: z.number().int(),
  channel: z.string(),
  kind: z.string(),
  title: z.string(),
  state: z.enum(SEND_STATES),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** From the first message to the last, in milliseconds; null until it finished. */
  durationMs: z.number().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  skipped: z.number().int(),
});
export type SendSummary = z.infer<typeof sendSummary>;

export const sendDetail = sendSummary.extend({
  /** The message as sent, as plain text (the e-mail's text part); its HTML is at …/preview.html. */
  previewText: z.string().nullable(),
  hasHtml: z.boolean(),
});
export type SendDetail = z.infer<typeof sendDetail>;

export const sendQuery = pageQuery.extend({
  channel: z.string().trim().max(40).optional(),
  /** Confirmation e-mails (one per sign-up) are left out unless asked for. */
  kind: z.string().trim().max(40).optional(),
});
export type SendQuery = z.infer<typeof sendQuery>;
