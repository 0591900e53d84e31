/**
 * The browser's side of advertising: which device a box is drawn for, one creative picked by weight per box, and
 * viewable impressions sent in batches (a beacon a few seconds after the first, or as the page is left). Nothing
 * here stores anything or identifies the reader.
 */
import { AD_BEACON_MAX, AD_DESKTOP_MIN_PX, type AdDevice, type AdPlacement } from '../../../shared/ads';

export const deviceNow = (): AdDevice =>
  typeof window !== 'undefined' && window.matchMedia(`(min-width: ${AD_DESKTOP_MIN_PX}px)`).matches
    ? 'desktop'
    : 'phone';

const BATCH_MS = 3000;
const queue: { c: number; p: AdPlacement; d: AdDevice }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function send() {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length) {
    const body = JSON.stringify({ i: queue.splice(0, AD_BEACON_MAX) });
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/ads/impressions', blob))
      void fetch('/api/ads/impressions', {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
      }).catch(() => {});
  }
}

/** Reports one viewable impression (sent with others within a few seconds, or when the page is hidden). */
export function reportImpression(creative: number, placement: AdPlacement, device: AdDevice): void {
  queue.push({ c: creative, p: placement, d: device });
  if (!listening) {
    listening = true;
    addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  }
  timer ??= setTimeout(send, BATCH_MS);
}
