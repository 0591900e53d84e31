import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatFullDate, formatHijri, formatNumber, timeAgo } from './format';

describe('reader and admin formatting (ar-LY, Western digits, Africa/Tripoli)', () => {
  it('writes dates in Arabic with Western digits, in Tripoli time', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Tripoli (UTC+2).
    const at = new Date('2025-12-31T23:30:00Z');
    expect(formatDate(at)).toBe('1 يناير 2026');
    expect(formatFullDate(at)).toContain('الخميس');
    expect(formatFullDate(at)).not.toMatch(/[٠-٩]/);
  });

  it('gives the Hijri date with its correction', () => {
    const at = new Date('2026-03-20T10:00:00Z');
    expect(formatHijri(at)).toMatch(/هـ$/);
    expect(formatHijri(at, 1)).not.toBe(formatHijri(at));
  });

  it('says how long ago, with Arabic dual and plural forms', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const ago = (s: number) => timeAgo(new Date(now.getTime() - s * 1000).toISOString(), now);
    expect(ago(10)).toBe('الآن');
    expect(ago(60)).toBe('منذ دقيقة');
    expect(ago(120)).toBe('منذ دقيقتين');
    expect(ago(5 * 60)).toBe('منذ 5 دقائق');
    expect(ago(11 * 60)).toBe('منذ 11 دقيقة');
    expect(ago(3 * 3600)).toBe('منذ 3 ساعات');
    expect(ago(2 * 86400)).toBe('منذ يومين');
    expect(timeAgo(null)).toBe('بدون تاريخ');
    expect(timeAgo('not a date')).toBe('تاريخ غير معروف');
  });

  it('writes numbers with Western digits and grouping', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('groups whole numbers exactly as Intl does, without making a formatter', () => {
    const intl = new Intl.NumberFormat('ar', { numberingSystem: 'latn' });
    const made = vi.spyOn(Intl, 'NumberFormat');
    const wholes = [0, 1, 12, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 98_765_432, Number.MAX_SAFE_INTEGER];
    for (let n = 0; n < 5000; n += 7) wholes.push(n * 997);
    for (const n of wholes) expect(formatNumber(n)).toBe(intl.format(n));
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    // Anything else is Intl's own writing.
    for (const n of [-1234, 1.5, 1234.25, 2 ** 60]) expect(formatNumber(n)).toBe(intl.format(n));
  });
});
