import { describe, expect, it } from 'vitest';
import { creativeImageFor, pickByWeight } from './ads';
import { campaignState } from './ads-desk';

describe('creatives', () => {
  it('uses the other device’s image only where both boxes are the same size', () => {
    const both = { phone: 'p', desktop: 'd' };
    expect(creativeImageFor('header', 'phone', both)).toBe('p');
    expect(creativeImageFor('header', 'phone', { phone: null, desktop: 'd' })).toBeNull();
    expect(creativeImageFor('sidebar', 'phone', { phone: null, desktop: 'd' })).toBe('d');
    expect(creativeImageFor('sticky', 'desktop', both)).toBeNull();
  });

  it('picks by weight, and nothing from an empty list', () => {
    const items = [
      { id: 1, weight: 1 },
      { id: 2, weight: 3 },
    ];
    expect(pickByWeight(items, 0)!.id).toBe(1);
    expect(pickByWeight(items, 0.24)!.id).toBe(1);
    expect(pickByWeight(items, 0.26)!.id).toBe(2);
    expect(pickByWeight(items, 0.9999)!.id).toBe(2);
    expect(pickByWeight([], 0.5)).toBeUndefined();
  });

  it('names a campaign’s state', () => {
    const c = { paused: false, startsAt: new Date('2026-06-01'), endsAt: new Date('2026-07-01') };
    expect(campaignState(c, new Date('2026-05-31'))).toBe('scheduled');
    expect(campaignState(c, new Date('2026-06-15'))).toBe('running');
    expect(campaignState(c, new Date('2026-07-01'))).toBe('ended');
    expect(campaignState({ ...c, paused: true }, new Date('2026-06-15'))).toBe('paused');
  });
});
