/**
 * «إرسال بالبريد» and its kin: sending a published story or a breaking-news item to readers over one or more channels
 * (modules/alerts). One guard for every channel: the editor sees how many people it reaches and confirms; the server
 * then needs that confirmation (a short-lived token), refuses a story already sent on a channel, and keeps alerts on
 * a channel at least ALERT_MIN_GAP_MINUTES apart.
 */
import { z } from 'zod';

export const ALERT_MIN_GAP_MINUTES = 10;
/** How long a confirmation from the preview stays good. */
export const ALERT_CONFIRMATION_MINUTES = 10;

const id = z.number().int().min(1).max(2_147_483_647);
export const alertSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('news'), id }),
  z.object({ type: z.literal('breaking'), id }),
]);
export type AlertSource = z.infer<typeof alertSource>;

const channelName = z.string().trim().min(1).max(40);
const channels = z.array(channelName).min(1, 'اختر قناة إرسال واحدة على الأقل').max(10);

/** A channel as the editor's checkboxes offer it. */
export const alertChannel = z.object({
  name: z.string(),
  /** The checkbox's label («إرسال بالبريد»). */
  label: z.string(),
  /** False: it works but does not reach anyone really (mail written to the outbox folder); `note` says so. */
  configured: z.boolean(),
  note: z.string().nullable(),
});
export type AlertChannel = z.infer<typeof alertChannel>;

export const alertPreviewRequest = z.object({ source: alertSource, channels });
export type AlertPreviewRequest = z.infer<typeof alertPreviewRequest>;

export const alertPreview = z.object({
  channels: z.array(
    alertChannel.extend({
      /** How many recipients it would reach now. */
      audience: z.number().int(),
      /** Why it cannot be sent now (already sent, too soon after the last alert); null: it can. */
      blocked: z.string().nullable(),
    }),
  ),
  /** Sent back with the alert: proves the editor saw these figures and confirmed. */
  confirmation: z.string(),
});
export type AlertPreview = z.infer<typeof alertPreview>;

export const alertSendRequest = z.object({ source: alertSource, channels, confirmation: z.string().min(10).max(500) });
export type AlertSendRequest = z.infer<typeof alertSendRequest>;

export const alertSendResponse = z.object({
  message: z.string(),
  sends: z.array(z.object({ channel: z.string(), sendId: z.number().int(), queued: z.number().int() })),
});
export type AlertSendResponse = z.infer<typeof alertSendResponse>;
