import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveUpdates } from '../../../shared/schemas/live';
import { startLivePoll } from './use-live-poll';

/** A page without a browser: its visibility, its listeners, and fetch answering from a script. */
function page() {
  const listeners = new Map<string, () => void>();
  const target = {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
  const doc = { ...target, hidden: false };
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', target);
  const calls: RequestInit[] = [];
  const answers: (() => Promise<Response>)[] = [];
  vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
    calls.push(init);
    const next = answers.shift() ?? (() => Promise.reject(new TypeError('offline')));
    return next();
  });
  const ok = (interval: number) => () =>
    Promise.resolve(new Response(JSON.stringify({ coverage: { interval }, since: 0, changes: [] }), { status: 200 }));
  const fail = () => Promise.reject(new TypeError('Failed to fetch'));
  return { doc, listeners, calls, answers, ok, fail };
}

const applied = async (u: LiveUpdates) => u.coverage.interval;

describe('live polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls soon after start, then every interval the server gives, revalidating its copy', async () => {
    const p = page();
    p.answers.push(p.ok(10), p.ok(20), p.ok(20));
    const stop = startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.calls).toHaveLength(1);
    expect(p.calls[0]!.cache).toBe('no-cache');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(p.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(2);
    // The second answer said 20 s.
    await vi.advanceTimersByTimeAsync(19_999);
    expect(p.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.calls).toHaveLength(3);
    stop();
  });

  it('waits three times as long while the page is hidden, and polls when shown again if its time has come', async () => {
    const p = page();
    p.answers.push(p.ok(10), p.ok(10), p.ok(10));
    const stop = startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    p.doc.hidden = true;
    p.listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(p.calls).toHaveLength(1);
    p.doc.hidden = false;
    p.listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.calls).toHaveLength(2);
    stop();
  });

  it('stops when the server says 0', async () => {
    const p = page();
    p.answers.push(p.ok(0));
    startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(p.calls).toHaveLength(1);
  });

  it('backs off after failures, doubling up to two minutes, and returns to the interval once answered', async () => {
    const p = page();
    p.answers.push(p.fail, p.fail, p.fail, p.fail, p.fail, p.ok(10), p.ok(10));
    const stop = startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    const at: number[] = [];
    for (const wait of [20_000, 40_000, 80_000, 120_000, 120_000, 10_000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      at.push(p.calls.length);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(at).toEqual([1, 2, 3, 4, 5, 6]);
    expect(p.calls).toHaveLength(7);
    stop();
  });

  it('tries at once when the browser comes back online after a failure', async () => {
    const p = page();
    p.answers.push(p.fail, p.ok(10));
    const stop = startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    p.listeners.get('online')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.calls).toHaveLength(2);
    stop();
  });

  it('polls no more once stopped', async () => {
    const p = page();
    p.answers.push(p.ok(10), p.ok(10));
    const stop = startLivePoll(7, 10, applied);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.calls).toHaveLength(1);
    expect(p.listeners.size).toBe(0);
  });
});
