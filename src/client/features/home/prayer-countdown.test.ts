import { describe, expect, it } from 'vitest';
import type { PrayerTimesResponse } from '../../../shared/schemas/prayer-times';
import { nextPrayer } from './prayer-countdown';

const data = (instant: string): PrayerTimesResponse => ({
  city: 'طرابلس',
  citySlug: 'tripoli',
  source: 'computed',
  method: 'egyptian',
  prayerTimes: { date: '2026-06-01', fajr: '03:30', dhuhr: '13:10', asr: '16:55', maghrib: '20:30', isha: '22:00' },
  nextPrayer: {
    key: 'dhuhr',
    name: 'الظهر',
    time: '13:10',
    date: '2026-06-01',
    instant,
    remaining: '01:10',
    remainingSeconds: 4200,
  },
});

describe('the next prayer’s countdown', () => {
  it('is the server’s own count before the page has a clock', () => {
    expect(nextPrayer(data('2026-06-01T11:10:00.000Z'), null)).toEqual({ key: 'dhuhr', at: '13:10', left: '01:10' });
  });

  it('counts down to the instant the answer named, in seconds', () => {
    expect(nextPrayer(data('2026-06-01T11:10:00.000Z'), new Date('2026-06-01T10:07:57Z'))).toEqual({
      key: 'dhuhr',
      at: '13:10',
      left: '01:02:03',
    });
  });

  it('moves on to the following prayer once that instant has passed (an answer the page kept)', () => {
    // 13:15 in Tripoli: dhuhr has passed; asr at 16:55 is next.
    expect(nextPrayer(data('2026-06-01T11:10:00.000Z'), new Date('2026-06-01T11:15:00Z'))).toEqual({
      key: 'asr',
      at: '16:55',
      left: '03:40:00',
    });
  });
});
