/** The ad counter keeps each count on the Tripoli day it was made, through a failed flush and midnight. */
import { describe, expect, it } from 'vitest';
import { adCounter } from './ads.counter';
import type { CountKey, Counts } from './ads.repository';

describe('ad counts and their day', () => {
  it('writes counts made before midnight on that day, even when the flush that should have written them failed', async () => {
    let clock = new Date('2026-06-10T21:59:59Z').getTime(); // 23:59:59 in Tripoli (UTC+2)
    const writes: { day: string; batch: [CountKey, Counts][] }[] = [];
    let fail = true;
    let capped = 0;
    const counter = adCounter({
      repo: {
        add: async (day, batch) => {
          if (fail) throw new Error('database down');
          writes.push({ day, batch: [...batch].map(([k, v]) => [k, { ...v }]) });
          return day === '2026-06-11' ? [7] : [];
        },
      },
      now: () => new Date(clock),
      log: { warn: () => {} },
      capped: async () => void capped++,
    });
    counter.impression(7, 70, 'header', 'phone');
    counter.impression(7, 70, 'header', 'phone');
    await counter.flush(); // fails: kept
    expect(counter.unflushed).toBe(2);
    clock += 2000; // 00:00:01 on the 11th
    fail = false;
    counter.impression(7, 70, 'header', 'phone');
    counter.click(7, 70, 'header', 'phone');
    await counter.flush();
    expect(writes).toEqual([
      { day: '2026-06-10', batch: [['7|70|header|phone', { impressions: 2, clicks: 0 }]] },
      { day: '2026-06-11', batch: [['7|70|header|phone', { impressions: 1, clicks: 1 }]] },
    ]);
    expect(counter.unflushed).toBe(0);
    // The cap reached on the 11th drops the served answer once, not at every flush after.
    expect(capped).toBe(1);
    counter.impression(7, 70, 'header', 'phone');
    await counter.flush();
    expect(capped).toBe(1);
  });
});
