/**
 * The supervision the staff and render threads share, on threads small enough to say what they do in a line: one
 * that dies at once (a broken build, a database it cannot reach), one that is ready and then dies, one that answers.
 */
import { describe, expect, it } from 'vitest';
import { PendingRequests, superviseWorker } from './supervised-worker';

const thread = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);
const DIES_AT_ONCE = thread('process.exit(3);');
const READY_THEN_DIES = thread(`
  import { parentPort } from 'node:worker_threads';
  parentPort.postMessage({ type: 'ready' });
  setTimeout(() => process.exit(4), 20);
`);
const ANSWERS = thread(`
  import { parentPort } from 'node:worker_threads';
  parentPort.on('message', (m) => parentPort.postMessage({ type: 'echo', text: m.text }));
  parentPort.postMessage({ type: 'ready' });
`);

const DRAINS_LATE = thread(`
  import { parentPort } from 'node:worker_threads';
  // A slow start: it says it is ready only once it is told to stop, then drains.
  parentPort.on('message', (m) => {
    if (m.type !== 'stop') return;
    parentPort.postMessage({ type: 'ready' });
    setTimeout(() => parentPort.postMessage({ type: 'stopped' }), 50);
  });
`);

/** What the supervisor logs when a thread stops: its exit code and the wait it chose before the next start. */
function logger() {
  const stops: { code: unknown; restartMs: unknown }[] = [];
  return {
    stops,
    log: {
      warn: (o: object, m: string) => {
        const { code, restartMs } = o as { code?: unknown; restartMs?: unknown };
        if (m.includes('stopped')) stops.push({ code, restartMs });
      },
    },
  };
}

describe('a supervised worker thread', () => {
  it('starts a thread that keeps dying before it is ready later and later, and never after stop()', async () => {
    const { stops, log } = logger();
    let gone = 0;
    const s = superviseWorker({
      name: 'the test thread',
      meanwhile: 'nothing',
      entry: DIES_AT_ONCE,
      workerData: undefined,
      startDelayMs: 0,
      restartMs: 200,
      log,
      onMessage: () => {},
      onGone: () => gone++,
    });
    s.start();
    await expect.poll(() => stops.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(s.ready).toBe(false);
    expect(s.worker).toBeUndefined();
    expect(stops.every((x) => x.code === 3)).toBe(true);
    // The wait doubles from one start to the next: 400, 800, 1,600 ms.
    expect(stops.slice(0, 3).map((x) => x.restartMs)).toEqual([400, 800, 1600]);
    await s.stop();
    const starts = s.starts;
    // Every thread gone was told (one alive at stop() is gone without dying).
    expect(gone).toBeGreaterThanOrEqual(stops.length);
    expect(gone).toBeLessThanOrEqual(stops.length + 1);
    // Past the longest wait it had set (1,600 ms after the last start, or 3,200), nothing was started again.
    await new Promise((r) => setTimeout(r, 3400));
    expect(s.starts).toBe(starts);
  });

  it('starts a thread that died after it was ready again without the growing wait', async () => {
    const { stops, log } = logger();
    let readies = 0;
    const s = superviseWorker<{ type: string }>({
      name: 'the test thread',
      meanwhile: 'nothing',
      entry: READY_THEN_DIES,
      workerData: undefined,
      startDelayMs: 0,
      restartMs: 150,
      log,
      onMessage: (m) => m.type === 'ready' && readies++,
      onGone: () => {},
    });
    s.start();
    await expect.poll(() => stops.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await s.stop();
    // Every thread was ready before it died: the wait stays 150 ms, never 300, 600...
    expect(stops.map((x) => x.restartMs)).toEqual(stops.map(() => 150));
    expect(readies).toBeGreaterThanOrEqual(3);
    expect(stops.every((x) => x.code === 4)).toBe(true);
  });

  it('replaces a stuck thread and hands on the new one’s messages', async () => {
    const { log } = logger();
    const got: string[] = [];
    let gone = 0;
    const s = superviseWorker<{ type: string; text?: string }>({
      name: 'the test thread',
      meanwhile: 'nothing',
      entry: ANSWERS,
      workerData: undefined,
      startDelayMs: 0,
      restartMs: 10,
      log,
      onMessage: (m) => m.type === 'echo' && got.push(m.text!),
      onGone: () => gone++,
    });
    s.start();
    await expect.poll(() => s.ready, { timeout: 10_000 }).toBe(true);
    const first = s.worker!;
    first.postMessage({ text: 'one' });
    await expect.poll(() => got).toEqual(['one']);
    s.replace(first);
    expect(s.worker).toBeUndefined();
    await expect.poll(() => s.ready && s.worker !== first, { timeout: 10_000 }).toBe(true);
    expect(s.starts).toBe(2);
    expect(gone).toBe(1);
    s.worker!.postMessage({ text: 'two' });
    await expect.poll(() => got).toEqual(['one', 'two']);
    let drained = false;
    await s.stop(async (w) => {
      expect(w).not.toBe(first);
      drained = true;
    });
    expect(drained).toBe(true);
    expect(s.ready).toBe(false);
    expect(gone).toBe(2);
  });

  it('never takes a thread it is stopping as ready, though it says so while it drains', async () => {
    const { log } = logger();
    const s = superviseWorker<{ type: string }>({
      name: 'the test thread',
      meanwhile: 'nothing',
      entry: DRAINS_LATE,
      workerData: undefined,
      startDelayMs: 0,
      restartMs: 10,
      log,
      onMessage: () => {},
      onGone: () => {},
    });
    s.start();
    await expect.poll(() => s.starts, { timeout: 10_000 }).toBe(1);
    let readyWhileDraining: boolean | undefined;
    await s.stop(async (w) => {
      await new Promise<void>((resolve) => {
        w.on('message', (m: { type: string }) => {
          if (m.type === 'ready') readyWhileDraining = s.ready || s.worker !== undefined;
          if (m.type === 'stopped') resolve();
        });
        w.postMessage({ type: 'stop' });
      });
    });
    expect(readyWhileDraining).toBe(false);
    expect(s.ready).toBe(false);
  });
});

describe('requests a thread holds', () => {
  it('fails one not answered in time, once, and settles each only once', async () => {
    const pending = new PendingRequests<string>();
    const timedOut: string[] = [];
    const a = pending.add('a', 30, (v) => timedOut.push(v));
    const b = pending.add('b', 30, (v) => timedOut.push(v));
    pending.add('c', 60_000, (v) => timedOut.push(v));
    expect(a).not.toBe(b);
    expect(pending.settle(b)).toBe('b');
    expect(pending.settle(b)).toBeUndefined();
    await expect.poll(() => timedOut).toEqual(['a']);
    expect(pending.settle(a)).toBeUndefined();
    expect(pending.size).toBe(1);
    expect(pending.drain()).toEqual(['c']);
    expect(pending.size).toBe(0);
  });
});
