/**
 * Alerts in the service worker: a push shows its notification (Arabic, right to left, the site's icons), one at a time
 * (a new alert replaces the last in the tray: tag `sahifa-alert`, the same as the push service's collapse topic);
 * a tap opens the story (or brings its open tab forward); «إيقاف التنبيهات» on the notification unsubscribes in one
 * tap, here and on the server; a subscription the browser renewed by itself is sent again with its topics.
 */
import { ALERT_TAG, type AlertPayload } from '../../shared/alert-payload';

const UNSUBSCRIBE = 'unsubscribe';

function payloadOf(event: PushEvent): AlertPayload | undefined {
  try {
    const data = event.data?.json() as Partial<AlertPayload> | undefined;
    if (!data || typeof data.title !== 'string' || !data.title) return undefined;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/',
      topic: typeof data.topic === 'string' ? data.topic : '',
      image: typeof data.image === 'string' ? data.image : undefined,
    };
  } catch {
    return undefined;
  }
}

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const alert = payloadOf(event);
    // A push always shows something (browsers require it): an unreadable one shows the site's name and opens home.
    const title = alert?.title ?? 'تنبيه جديد';
    const options: NotificationOptions & {
      renotify?: boolean;
      image?: string;
      actions?: { action: string; title: string }[];
    } = {
      body: alert?.body ?? '',
      dir: 'rtl',
      lang: 'ar',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: ALERT_TAG,
      renotify: true,
      data: { url: alert?.url ?? '/' },
      actions: [
        { action: 'open', title: 'اقرأ الخبر' },
        { action: UNSUBSCRIBE, title: 'إيقاف التنبيهات' },
      ],
      ...(alert?.image ? { image: alert.image } : {}),
    };
    event.waitUntil(sw.registration.showNotification(title, options));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    if (event.action === UNSUBSCRIBE) {
      event.waitUntil(
        (async () => {
          const subscription = await sw.registration.pushManager.getSubscription();
          if (subscription) {
            await post('/api/push/unsubscribe', { endpoint: subscription.endpoint }).catch(() => undefined);
            await subscription.unsubscribe();
          }
          await sw.registration.showNotification('تم إيقاف التنبيهات', {
            body: 'لن تصلك تنبيهات بعد الآن. يمكنك تفعيلها من جديد من صفحة «التنبيهات» في الموقع.',
            dir: 'rtl',
            lang: 'ar',
            icon: '/icons/icon-192.png',
            badge: '/icons/badge-96.png',
            tag: 'sahifa-unsubscribed',
          });
        })(),
      );
      return;
    }
    const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const open = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).find(
          (c) => c.url === url,
        );
        if (open) await open.focus();
        else await sw.clients.openWindow(url);
      })(),
    );
  });

  // The push service renewed the subscription: the new one keeps the old one's topics.
  sw.addEventListener('pushsubscriptionchange', (event: Event) => {
    const change = event as Event & {
      oldSubscription?: PushSubscription | null;
      newSubscription?: PushSubscription | null;
      waitUntil: (p: Promise<unknown>) => void;
    };
    change.waitUntil(
      (async () => {
        const old = change.oldSubscription;
        const fresh = change.newSubscription ?? (await sw.registration.pushManager.getSubscription());
        if (!old || !fresh || fresh.endpoint === old.endpoint) return;
        const res = await post('/api/push/subscriptions/topics', { endpoint: old.endpoint });
        if (!res.ok) return;
        const { topics } = (await res.json()) as { topics: string[] };
        const json = fresh.toJSON();
        await post('/api/push/subscriptions', { endpoint: json.endpoint, keys: json.keys, topics });
        await post('/api/push/unsubscribe', { endpoint: old.endpoint });
      })().catch(() => undefined),
    );
  });
}
