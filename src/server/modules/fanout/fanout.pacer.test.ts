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
  /**
   * How `turn` goes once the pacer has looked at a loop that is `busy` (readers' requests noted or not): done at once,
   * just before the pause would end, and after it.
   */
  async function waited(progress: Progress | undefined, deadline: Deadline | undefined, busy: boolean, requests = 1) {
    vi.useFakeTimers();
    // Busy as the real measure has it: the loop busy *and* readers' requests coming in.
    const pacer = createPacer((noted) => busy && noted > 0);
    pacer.start();
    for (let i = 0; i < requests; i++) pacer.noteRequest();
    await vi.advanceTimersByTimeAsync(100);
    let read = 0;
    let done = false;
    void pacer
      .turn(
        progress &&
          (() => {
            read++;
            return progress;
          }),
        deadline,
      )
      .then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    const atOnce = done;
    await vi.advanceTimersByTimeAsync(BUSY_PAUSE_MS - 1);
    const justBefore = done;
    await vi.advanceTimersByTimeAsync(1);
    pacer.stop();
    return { atOnce, justBefore, later: done, read };
  }
  const behind = { queued: 100_000, done: 10_000, elapsedMs: 60_000 };
  const ahead = { queued: 100_000, done: 60_000, elapsedMs: 60_000 };
  const waits = { atOnce: false, justBefore: false, later: true };
  const goes = { atOnce: true, justBefore: true, later: true };

  it('makes a delivery wait its pause while readers keep the loop busy and its send is on schedule', async () => {
    expect(await waited(ahead, PUSH_DEADLINE, true)).toEqual({ ...waits, read: 1 });
    expect(await waited(undefined, undefined, true)).toEqual({ ...waits, read: 0 });
  });

  it('does not make it wait when its send is behind its pace, however busy readers keep the loop', async () => {
    expect(await waited(behind, PUSH_DEADLINE, true)).toEqual({ ...goes, read: 1 });
  });

  it('does not make it wait, nor look at its progress, when the loop is not busy or no reader came', async () => {
    expect(await waited(ahead, PUSH_DEADLINE, false)).toEqual({ ...goes, read: 0 });
    expect(await waited(ahead, PUSH_DEADLINE, true, 0)).toEqual({ ...goes, read: 0 });
  });
});
