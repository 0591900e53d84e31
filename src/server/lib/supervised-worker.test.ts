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

function logger() {
  const stops: { at: number; code: unknown }[] = [];
  return {
    stops,
    log: {
      warn: (o: object, m: string) => {
        if (m.includes('stopped')) stops.push({ at: performance.now(), code: (o as { code?: unknown }).code });
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
    // The wait doubles: 400, then 800 ms from one start to the next (a quarter off for how long each took to die).
    for (let k = 1; k < 3; k++) expect(stops[k]!.at - stops[k - 1]!.at).toBeGreaterThanOrEqual(0.75 * 200 * 2 ** k);
    await s.stop();
    const starts = s.starts;
    // Every thread gone was told (one alive at stop() is gone without dying).
    expect(gone).toBeGreaterThanOrEqual(stops.length);
    expect(gone).toBeLessThanOrEqual(stops.length + 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(s.starts).toBe(starts);
  });

  it('starts a thread that died after it was ready again without the growing wait', async () => {
    const { stops, log } = logger();
    const readies: number[] = [];
    const s = superviseWorker<{ type: string }>({
      name: 'the test thread',
      meanwhile: 'nothing',
      entry: READY_THEN_DIES,
      workerData: undefined,
      startDelayMs: 0,
      restartMs: 150,
      log,
      onMessage: (m) => m.type === 'ready' && readies.push(performance.now()),
      onGone: () => {},
    });
    s.start();
    await expect.poll(() => readies.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await s.stop();
    // Every thread was ready before it died: the wait stays 150 ms from one start to the next, never 300, 600...
    for (let k = 1; k < 4; k++) expect(readies[k]! - readies[k - 1]!).toBeLessThan(290);
    expect(stops.length).toBeGreaterThanOrEqual(3);
    expect(stops.every((x) => x.code === 4)).toBe(true);
  });

  it('hands messages of the current thread only, and replaces a stuck one', async () => {
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
