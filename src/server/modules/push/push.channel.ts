/**
 * Web Push as a channel of the fan-out job (modules/fanout) and as an alert channel («إرسال تنبيه», behind the one
 * alert guard of modules/alerts). An alert about an article reaches the subscriptions that chose its section; a
 * breaking-news item those that chose «الأخبار العاجلة».
 *
 * Each message: the payload (title, summary, link, picture) encrypted for the subscription by push.sender.ts, a TTL of
 * four hours (a phone that was off longer does not get stale news), urgency high, and one collapse topic for every
 * alert, so a phone that was off gets the latest alert, not ten. Readers come first, but an alert keeps its pace
 * (PUSH_DEADLINE) however busy they keep the site. A push service's 404 or 410 means the subscription is
 * gone: it is deleted (after the batch); 429, 5xx and no answer are retried by the job with its backoff.
 */
import { ALERT_BODY_MAX, ALERT_TAG, type AlertPayload } from '../../../shared/alert-payload';
import { ogImageFor } from '../../../shared/media';
import { PUSH_BREAKING_TOPIC } from '../../../shared/push';
import type { AlertChannel, AlertContent } from '../alerts/alerts.channel';
import type { FanoutChannel, RecipientOf } from '../fanout/fanout.channel';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import type { PushSender } from './push.sender';

export const PUSH_TTL_S = 4 * 3600;
/** The longest one message may take: the sender's own 10 s timeout and a margin. */
const MAX_DELIVERY_MS = 15_000;
/**
 * The pace an alert keeps however busy readers keep the site: 90 % of its messages under way within 100 s of
 * «إرسال», so that 90 % arrive within two minutes (the Guardian's "90 in 2"), with 20 s for the last of them to travel.
 */
export const PUSH_DEADLINE = { share: 0.9, withinMs: 100_000 };

export interface PushAudience {
  topic: string;
}

const absolute = (url: string, origin: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
const topicOf = (c: AlertContent) =>
  c.kind === 'breaking' ? PUSH_BREAKING_TOPIC : (c.section?.slug ?? PUSH_BREAKING_TOPIC);

export function pushChannel(deps: {
  repo: PushRepository;
  sender: PushSender;
  concurrency: number;
}): FanoutChannel<PushSubscriptionRow> {
  const { repo, sender } = deps;
  /** Subscriptions a push service said are gone, deleted once their batch is written. */
  const gone = new Set<number>();
  return {
    name: 'push',
    limits: { perSecond: 0, concurrency: deps.concurrency, deadline: PUSH_DEADLINE },
    maxDeliveryMs: MAX_DELIVERY_MS,
    enqueue: (tx, sendId, audience, at) => repo.enqueue(tx, sendId, (audience as PushAudience).topic, at),

    async recipients(ids, send) {
      const topic = (send.payload as unknown as AlertPayload).topic;
      const out = new Map<number, RecipientOf<PushSubscriptionRow>>();
      // Unsubscribed since (no row), or no longer on this topic: not sent.
      for (const s of await repo.byIds(ids)) out.set(s.id, s.topics.includes(topic) ? s : 'skipped');
      return out;
    },

    async deliver(send, recipientId, s) {
      const outcome = await sender.send(s, JSON.stringify(send.payload), {
        ttl: PUSH_TTL_S,
        urgency: 'high',
        topic: ALERT_TAG,
      });
      switch (outcome.kind) {
        case 'accepted':
          return { outcome: 'sent' };
        case 'gone':
          gone.add(recipientId);
          return { outcome: 'permanent', error: outcome.error };
        case 'retry':
          return { outcome: 'temporary', error: outcome.error };
        case 'refused':
          return { outcome: 'permanent', error: outcome.error };
      }
    },

    async settled(_sent, failures) {
      const ids = failures.filter((f) => gone.delete(f.recipientId)).map((f) => f.recipientId);
      await repo.deleteIds(ids);
    },

    async preview(send) {
      const p = send.payload as unknown as AlertPayload;
      return { html: null, text: `${p.title}\n${p.body}\n${p.url}`.replace(/\n+/g, '\n').trim() };
    },

    close: () => sender.close(),
  };
}

export function pushAlerts(deps: { repo: PushRepository; origin: () => Promise<string> }): AlertChannel {
  return {
    name: 'push',
    label: 'إرسال تنبيه',
    status: () => ({ configured: true, note: null }),
    audience: (c) => deps.repo.countTopic(topicOf(c)),
    async spec(c) {
      const origin = await deps.origin();
      const summary = c.summary.length > ALERT_BODY_MAX ? `${c.summary.slice(0, ALERT_BODY_MAX - 1)}…` : c.summary;
      const payload: AlertPayload = {
        title: c.kind === 'breaking' ? `عاجل: ${c.title}` : c.title,
        body: summary || (c.kind === 'breaking' ? 'خبر عاجل' : (c.section?.name ?? '')),
        url: c.path ?? '/',
        topic: topicOf(c),
        // The share image (1200×630 JPEG), absolute: shown large under the text where the system can.
        ...(c.imageUrl ? { image: absolute(ogImageFor(c.imageUrl), origin) } : {}),
      };
      return {
        channel: 'push',
        kind: c.kind,
        title: payload.title,
        payload: payload as unknown as Record<string, unknown>,
        audience: { topic: payload.topic } satisfies PushAudience,
      };
    },
  };
}
