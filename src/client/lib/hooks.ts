import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The current time, refreshed every `intervalMs`; null during server render and hydration (no mismatch). With `from`
 * (an ISO instant), null until then: what the page shows from the server's clock stays right until that instant.
 */
export function useNow(intervalMs: number, from?: string): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    // Checked on every tick, not by one long timer: a timer's clock stops while the device sleeps, and a page left
    // open overnight would keep yesterday's date for as long as it slept. (A missing or unreadable `from` is no wait.)
    const due = from ? Date.parse(from) : NaN;
    // In a transition: the page drawn again with the new time yields to the browser every few milliseconds (once the
    // page has come alive, every clock on it ticks at once).
    const tick = () => {
      if (!(Date.now() < due)) startTransition(() => setNow(new Date()));
    };
    tick();
    const every = setInterval(tick, intervalMs);
    return () => clearInterval(every);
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
