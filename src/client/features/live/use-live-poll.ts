import { useEffect, useRef } from 'react';
import type { LiveUpdates } from '../../../shared/schemas/live';
import { apiFetch } from '../../lib/api';

/** While the page is hidden, polls are this many times further apart. */
const HIDDEN_FACTOR = 3;
/** The longest wait after failures (each failure doubles the wait). */
const MAX_BACKOFF_MS = 120_000;
/** The first poll, soon after the page comes alive: the server's page may be a minute old. */
const FIRST_POLL_MS = 1000;

/**
 * Polls the coverage's one shared address for everyone (`/api/live/:id/updates`). `cache: 'no-cache'` makes the
 * browser revalidate its copy with If-None-Match, so an unchanged answer is a bodiless 304.
 *
 * The wait between polls is the server's `interval` (seconds), as the last answer gave it (`onAnswer` returns it
 * once the answer is applied): that while the page is visible, three times that while it is hidden, and no more polls
 * once it is 0 (the coverage ended). After a failure the wait doubles, up to two minutes, and the page keeps what
 * it shows. A page shown again polls at once if its time has come; so does one whose browser comes back online.
 */
export function useLivePoll(
  id: number,
  active: boolean,
  interval: number,
  onAnswer: (u: LiveUpdates) => Promise<number>,
): void {
  const answer = useRef(onAnswer);
  const initial = useRef(interval);
  useEffect(() => {
    answer.current = onAnswer;
    initial.current = interval;
  });

  useEffect(() => {
    if (!active) return;
    return startLivePoll(id, initial.current, (u) => answer.current(u));
  }, [id, active]);
}

/** The polling itself (the hook's effect), started at once; returns its stop. */
export function startLivePoll(id: number, interval: number, onAnswer: (u: LiveUpdates) => Promise<number>): () => void {
  const ctrl = new AbortController();
  let seconds = interval;
  let failures = 0;
  let last = 0;
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const wait = () => {
    const base = seconds * 1000 * (document.hidden ? HIDDEN_FACTOR : 1);
    return failures ? Math.min(MAX_BACKOFF_MS, base * 2 ** failures) : base;
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!ctrl.signal.aborted && seconds > 0) timer = setTimeout(() => void poll(), Math.max(0, ms));
  };
  async function poll() {
    if (busy) return;
    busy = true;
    last = Date.now();
    try {
      const u = await apiFetch<LiveUpdates>(`/api/live/${id}/updates`, { cache: 'no-cache', signal: ctrl.signal });
      if (ctrl.signal.aborted) return;
      seconds = await onAnswer(u);
      failures = 0;
    } catch {
      if (ctrl.signal.aborted) return;
      failures++;
    } finally {
      busy = false;
    }
    schedule(wait());
  }

  const onVisibility = () => {
    if (!busy) schedule(last + wait() - Date.now());
  };
  const onOnline = () => {
    if (failures && !busy) schedule(0);
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  schedule(FIRST_POLL_MS);
  return () => {
    ctrl.abort();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
  };
}
