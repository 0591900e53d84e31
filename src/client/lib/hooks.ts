import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The current time, refreshed every `intervalMs`; null during server render and hydration (no mismatch). With `from`
 * (an ISO instant), null until then: what the page shows from the server's clock stays right until that instant.
 */
export function useNow(intervalMs: number, from?: string): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let every: ReturnType<typeof setInterval> | undefined;
    // In a transition: the page drawn again with the new time yields to the browser every few milliseconds (once the
    // page has come alive, every clock on it ticks at once).
    const tick = () => startTransition(() => setNow(new Date()));
    const start = () => {
      tick();
      every = setInterval(tick, intervalMs);
    };
    const wait = from ? Date.parse(from) - Date.now() : 0;
    const first = wait > 0 ? setTimeout(start, Math.min(wait, 2 ** 31 - 1)) : undefined;
    if (!first) start();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [intervalMs, from]);
  return now;
}

function subscribeScroll(cb: () => void) {
  window.addEventListener('scroll', cb, { passive: true });
  return () => window.removeEventListener('scroll', cb);
}

/** True once the page has scrolled past `px` (false on the server). */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY > px,
    () => false,
  );
}

/** A flag that turns itself off after `ms` (the "copied" confirmations). */
export function useFlag(ms: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const id = setTimeout(() => setOn(false), ms);
    return () => clearTimeout(id);
  }, [on, ms]);
  return [on, () => setOn(true)];
}
