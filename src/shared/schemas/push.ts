/**
 * Breaking-news alerts by Web Push: the reader's side of the contract (the soft ask, the notification settings page,
 * the service worker's one-tap unsubscribe). A subscription is known by its endpoint, an unguessable address the
 * browser's push service made for this one browser; whoever holds it may change its topics or remove it.
 */
import { z } from 'zod';

export const pushTopic = z.object({ slug: z.string(), name: z.string() });
export type PushTopic = z.infer<typeof pushTopic>;

export const pushConfig = z.object({
  /** The application server's VAPID public key (base64url), for pushManager.subscribe(). */
  publicKey: z.string(),
  /** Breaking news first, then the active sections in their order. */
  topics: z.array(pushTopic),
});
export type PushConfig = z.infer<typeof pushConfig>;

const keyMessage = 'مفتاح الاشتراك غير صالح';

export const pushEndpoint = z
  .string()
  .trim()
  .max(2048, 'عنوان الاشتراك غير صالح')
  .pipe(z.url({ protocol: /^https?$/, error: 'عنوان الاشتراك غير صالح' }));

const topics = z
  .array(z.string().trim().min(1).max(100))
  .max(50)
  .transform((t) => [...new Set(t)]);

export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    // base64url of an uncompressed P-256 point (65 bytes, the first 0x04) and of a 16-byte secret (RFC 8291).
    p256dh: z
      .string()
      .trim()
      .regex(/^B[A-Za-z0-9_-]{86}=?$/, keyMessage),
    auth: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{22}(==)?$/, keyMessage),
  }),
  topics: topics.refine((t) => t.length > 0, 'اختر موضوعاً واحداً على الأقل'),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushEndpointInput = z.object({ endpoint: pushEndpoint });
export const pushTopicsInput = z.object({ endpoint: pushEndpoint, topics });

export const pushSubscriptionState = z.object({ topics: z.array(z.string()) });
export const pushMessage = z.object({ message: z.string() });

/**
 * A push alert's figures for the newsroom: sent (handed to the readers' push services), delivered (accepted by them),
 * failed (refused, or never accepted after every retry), removed (subscriptions their push service said are gone,
 * deleted), and how long until 90 % of the recipients' messages were delivered, from the editor's «إرسال».
 */
export const pushSendFigures = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  /** null until 90 % of the recipients are reached (or if they never are). */
  timeTo90Ms: z.number().int().nullable(),
});
export type PushSendFigures = z.infer<typeof pushSendFigures>;
