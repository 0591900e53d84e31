import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

describe('coalesced loads', () => {
  it('loads once per key per gap however many ask, and never answers with data read before the question', async () => {
    let version = 0;
    const starts: number[] = [];
    const load = coalesced(200, async (key: string) => {
      starts.push(performance.now());
      const seen = version;
      await new Promise((r) => setTimeout(r, 20));
      return `${key}@${seen}`;
    });
    const t0 = performance.now();
    const first = await Promise.all(Array.from({ length: 100 }, () => load('a')));
    expect(new Set(first)).toEqual(new Set(['a@0']));
    version = 1; // a write after the first load started
    const second = await Promise.all(Array.from({ length: 100 }, () => load('a')));
    expect(new Set(second)).toEqual(new Set(['a@1']));
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(195);
    expect(performance.now() - t0).toBeLessThan(2000);
    // Another key has its own pace.
    expect(await load('b')).toBe('b@1');
    expect(starts).toHaveLength(3);
  });

  it('joins a load in flight only if it has not started: a caller during a load gets the next one', async () => {
    let version = 0;
    let loads = 0;
    const load = coalesced(50, async () => {
      loads++;
      const seen = version;
      await new Promise((r) => setTimeout(r, 30));
      return seen;
    });
    const inFlight = load('k');
    await new Promise((r) => setTimeout(r, 5)); // the load has started
    version = 1;
    const later = load('k');
    expect(await inFlight).toBe(0);
    expect(await later).toBe(1);
    expect(loads).toBe(2);
  });

  it('passes a failure to the callers of that load only', async () => {
    let fail = true;
    const load = coalesced(10, async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(load('k')).rejects.toThrow('database away');
    fail = false;
    expect(await load('k')).toBe('ok');
  });
});
