/**
 * The browser's side of alerts: whether this browser can have them, its subscription (made with the site's VAPID key
 * through the service worker's push manager) and the server's record of it (/api/push/*, by endpoint).
 */
import type { PushConfig } from '../../../shared/schemas/push';
import { ApiError, apiFetch } from '../../lib/api';

export type PushSupport =
  | 'supported'
  /** No Push API here. On an iPhone or iPad it arrives once the site is on the Home Screen. */
  | 'unsupported'
  | 'ios-not-installed';

export function pushSupport(): PushSupport {
  const ok =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  if (ok) return 'supported';
  const ios = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone = typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !standalone ? 'ios-not-installed' : 'unsupported';
}

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export const pushConfig = () => apiFetch<PushConfig>('/api/push/config');

/** The service worker's registration; it is registered after the page loads, so this may wait a moment. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('عامل الخدمة غير جاهز')), 15_000),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await registration()).pushManager.getSubscription();
}

/** The topics the server has for this browser; null when it has none (never subscribed, or removed since). */
export async function subscribedTopics(subscription: PushSubscription): Promise<string[] | null> {
  try {
    return (
      await apiFetch<{ topics: string[] }>('/api/push/subscriptions/topics', json({ endpoint: subscription.endpoint }))
    ).topics;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

const keyBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Asks the browser (its own prompt: only after the reader asked us on our banner or settings page), subscribes, and
 * stores the subscription with its topics. Resolves to 'denied' when the reader or the browser said no.
 */
export async function enablePush(topics: string[]): Promise<'enabled' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const [reg, config] = await Promise.all([registration(), pushConfig()]);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(config.publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await apiFetch('/api/push/subscriptions', json({ endpoint, keys, topics }));
  return 'enabled';
}

export async function saveTopics(subscription: PushSubscription, topics: string[]): Promise<string[]> {
  return (
    await apiFetch<{ topics: string[] }>('/api/push/subscriptions/topics', {
      method: 'PUT',
      body: JSON.stringify({ endpoint: subscription.endpoint, topics }),
    })
  ).topics;
}

/** One tap: the server forgets it, the browser drops it. */
export async function disablePush(subscription: PushSubscription): Promise<void> {
  await apiFetch('/api/push/unsubscribe', json({ endpoint: subscription.endpoint }));
  await subscription.unsubscribe();
}
