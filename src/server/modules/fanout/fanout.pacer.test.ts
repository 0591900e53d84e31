import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_DEADLINE } from '../push/push.channel';
import { BUSY_PAUSE_MS, createPacer, onSchedule, type Deadline, type Progress } from './fanout.pacer';

describe('a send with a promised pace yields to readers only while it keeps that pace', () => {
  const queued = 100_000;
  it('is on schedule along a straight line to 90 % at 100 s, and behind below it', () => {
    // At 50 s, 45,000 should be under way.
    expect(onSchedule({ queued, done: 45_000, elapsedMs: 50_000 }, PUSH_DEADLINE)).toBe(true);
    expect(onSchedule({ queued, done: 44_999, elapsedMs: 50_000 }, PUSH_DEADLINE)).toBe(false);
    // A send just created owes nothing yet; one with nothing done after 10 s is behind.
    expect(onSchedule({ queued, done: 0, elapsedMs: 0 }, PUSH_DEADLINE)).toBe(true);
    expect(onSchedule({ queued, done: 0, elapsedMs: 10_000 }, PUSH_DEADLINE)).toBe(false);
  });

  it('puts readers first again for the last tenth once 90 % is under way, however late', () => {
    expect(onSchedule({ queued, done: 89_999, elapsedMs: 300_000 }, PUSH_DEADLINE)).toBe(false);
    expect(onSchedule({ queued, done: 90_000, elapsedMs: 300_000 }, PUSH_DEADLINE)).toBe(true);
  });

  it('a clock behind the send (another instance created it) counts as no time passed', () => {
    expect(onSchedule({ queued, done: 0, elapsedMs: -2_000 }, PUSH_DEADLINE)).toBe(true);
  });

  it('a channel without a promised pace (e-mail) always yields to readers', () => {
    expect(onSchedule({ queued, done: 0, elapsedMs: 600_000 }, undefined)).toBe(true);
  });
});

describe('the pacer', () => {
  afterEach(() => vi.useRealTimers());
  /** Whether `turn` has finished once the pacer's look at the loop has run and `ms` more have passed. */
  async function waited(progress: Progress | undefined, deadline: Deadline | undefined, busy: boolean) {
    vi.useFakeTimers();
    const pacer = createPacer(() => busy);
    pacer.start();
    pacer.noteRequest();
    await vi.advanceTimersByTimeAsync(100);
    let done = false;
    void pacer.turn(progress && (() => progress), deadline).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    const atOnce = done;
    await vi.advanceTimersByTimeAsync(BUSY_PAUSE_MS);
    pacer.stop();
    return { atOnce, later: done };
  }
  const behind = { queued: 100_000, done: 10_000, elapsedMs: 60_000 };
  const ahead = { queued: 100_000, done: 60_000, elapsedMs: 60_000 };

  it('makes a delivery wait while readers keep the loop busy and its send is on schedule', async () => {
    expect(await waited(ahead, PUSH_DEADLINE, true)).toEqual({ atOnce: false, later: true });
    expect(await waited(undefined, undefined, true)).toEqual({ atOnce: false, later: true });
  });

  it('does not make it wait when its send is behind its pace, however busy readers keep the loop', async () => {
    expect(await waited(behind, PUSH_DEADLINE, true)).toEqual({ atOnce: true, later: true });
  });

  it('does not make it wait when the loop is not busy', async () => {
    expect(await waited(ahead, PUSH_DEADLINE, false)).toEqual({ atOnce: true, later: true });
  });
});
