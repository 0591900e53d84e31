import { describe, expect, it } from 'vitest';
import {
  formatDateTimeOr,
  formatDayMonth,
  formatPrayerDate,
  fromLocalInput,
  isolateLtr,
  toLocalInput,
} from './admin-format';

describe('the newsroom’s dates (tables, forms, charts)', () => {
  it('says «غير محدد» for no date, and writes prayer-table dates as yyyy/MM/dd', () => {
    expect(formatDateTimeOr(null)).toBe('غير محدد');
    expect(formatPrayerDate('2026-03-01')).toBe('2026/03/01');
  });

  it('fills a datetime-local field on Tripoli’s clock and reads it back as the same instant', () => {
    expect(toLocalInput('2026-06-01T10:05:00.000Z')).toBe('2026-06-01T12:05');
    expect(fromLocalInput('2026-06-01T12:05')).toBe('2026-06-01T10:05:00.000Z');
    expect(fromLocalInput('')).toBe('');
  });

  it('writes chart dates as day/month with no bidi mark inside, isolated as one left-to-right run', () => {
    // Intl's ar-LY numeric format is "25\u200f/11": the mark after the day made charts show "2511/".
    expect(formatDayMonth('2025-11-25')).toBe('\u206625/11\u2069');
    expect(formatDayMonth('2026-03-01')).toBe(isolateLtr('1/3'));
    expect(formatDayMonth('2026-03-01')).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});
