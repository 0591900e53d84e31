/**
 * What the reader app does once it is alive, in a chunk of its own loaded after hydration (nothing of it is in a
 * page's first load): it registers the service worker (offline reading and alerts, src/client/sw), and decides when
 * to offer alerts (the soft ask): from the reader's second article (distinct ones, counted in this browser), if the
 * browser can have them, the reader has not answered the browser's prompt yet, has not turned them on here, and did not
 * say «ليس الآن» in the last 30 days. Only then is the banner's own code loaded.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PUSH_ASK_AFTER_ARTICLES, PUSH_ASK_AGAIN_DAYS, PUSH_ASK_STORAGE_KEY } from '../../../shared/push';
import { parseArticleId } from '../../lib/article-id';
import { registerServiceWorker } from './service-worker';

const READ_KEY = 'sahifa:read';
const PushAsk = lazy(() => import('./push-ask').then((m) => ({ default: m.PushAsk })));

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Remembers an article opened; returns how many distinct ones this browser has opened (the last 20 kept). */
function noteRead(id: number): number {
  const read = readJson<number[]>(READ_KEY, []).filter((n) => n !== id);
  read.unshift(id);
  try {
    localStorage.setItem(READ_KEY, JSON.stringify(read.slice(0, 20)));
  } catch {
    /* private mode: nothing remembered, never asked */
  }
  return read.length;
}

function mayAsk(): boolean {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return false;
  if (Notification.permission !== 'default') return false;
  const asked = readJson<{ dismissedAt?: string; done?: boolean }>(PUSH_ASK_STORAGE_KEY, {});
  if (asked.done) return false;
  return !asked.dismissedAt || Date.now() - Date.parse(asked.dismissedAt) > PUSH_ASK_AGAIN_DAYS * 86_400_000;
}

export function AfterLoad() {
  const [pathname] = useLocation();
  const [ask, setAsk] = useState(false);
  useEffect(registerServiceWorker, []);
  useEffect(() => {
    const id = parseArticleId(/^\/news\/([^/]+)$/.exec(pathname)?.[1]);
    if (id === null) return;
    if (noteRead(id) >= PUSH_ASK_AFTER_ARTICLES && mayAsk()) setAsk(true);
  }, [pathname]);
  if (!ask) return null;
  return (
    <Suspense fallback={null}>
      <PushAsk onClose={() => setAsk(false)} />
    </Suspense>
  );
}
