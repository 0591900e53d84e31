/**
 * Registers the service worker (src/client/sw) once the page has loaded and the browser is idle, so installing it
 * (precaching the offline page, fonts and icons) never competes with the page itself. Only where it can work: a
 * secure origin (https, or localhost) whose server has a built worker.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('تعذّر تسجيل عامل الخدمة', err);
    });
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(() => void register(), { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
