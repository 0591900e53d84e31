/**
 * One push message to one subscription. `web-push` does the protocol: the payload encrypted for the subscription's
 * keys (RFC 8291, aes128gcm) and the VAPID authorization (RFC 8292). We send its request ourselves with fetch: its own
 * sendNotification opens a new HTTPS connection for every message, where fetch keeps connections to each push
 * service open (what a fan-out to 100,000 browsers needs). The VAPID header is signed once per push service and kept
 * for 11 of its 12 hours.
 *
 * Answers (RFC 8030): 201 accepted; 404 and 410 the subscription is gone (the caller deletes it); 429 and 5xx, a
 * timeout or no answer are worth retrying (Retry-After honoured); any other refusal (400, 403 for a key the
 * subscription was not made with, 413) will not change by retrying.
 */
import webpush from 'web-push';
import type { VapidKeys } from './push.repository';

export type PushOutcome =
  | { kind: 'accepted' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'refused'; error: string };

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps it for a browser that is offline. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Collapse key: a newer message with the same topic replaces one not yet delivered. */
  topic: string;
}

const VAPID_VALID_S = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600 * 1000;

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const s = Number(value);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

export function pushSender(deps: {
  keys: () => Promise<VapidKeys>;
  subject: () => Promise<string>;
  fetch: typeof fetch;
  timeoutMs?: number;
}) {
  const vapid = new Map<string, { header: string; until: number }>();

  async function authorization(endpoint: string): Promise<string> {
    const audience = new URL(endpoint).origin;
    const kept = vapid.get(audience);
    if (kept && kept.until > Date.now()) return kept.header;
    const { publicKey, privateKey } = await deps.keys();
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      await deps.subject(),
      publicKey,
      privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_VALID_S,
    ) as { Authorization: string };
    vapid.set(audience, { header: Authorization, until: Date.now() + VAPID_REUSE_MS });
    return Authorization;
  }

  return {
    async send(target: PushTarget, payload: string, opts: PushOptions): Promise<PushOutcome> {
      let request: { endpoint: string; headers: Record<string, string | number>; body: Buffer | null };
      try {
        request = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            TTL: opts.ttl,
            contentEncoding: 'aes128gcm',
            headers: { Authorization: await authorization(target.endpoint), Urgency: opts.urgency, Topic: opts.topic },
          },
        ) as typeof request;
      } catch (err) {
        // Keys that are not a P-256 point: this subscription can never be written to.
        return { kind: 'refused', error: `keys: ${(err as Error).message}` };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      let res: Response;
      try {
        res = await deps.fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        });
      } catch (err) {
        return { kind: 'retry', error: `unreachable: ${(err as Error).message}` };
      }
      const text = res.status >= 300 ? (await res.text().catch(() => '')).slice(0, 200) : '';
      if (res.status < 300) {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'accepted' };
      }
      const error = `${res.status}${text ? `: ${text}` : ''}`;
      if (res.status === 404 || res.status === 410) return { kind: 'gone', error };
      if (res.status === 429 || res.status >= 500)
        return { kind: 'retry', error, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
      return { kind: 'refused', error };
    },
  };
}
export type PushSender = ReturnType<typeof pushSender>;
