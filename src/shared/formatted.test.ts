import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tripoliDate } from './dates';
import { formatDateTime, formatFullDate, formatHijri, formatNumber } from './format';
import { recordFormatted, takeFormatted } from './formatted';

afterEach(() => takeFormatted(undefined));

describe('dates and numbers the server formatted, handed to the browser with the page', () => {
  it('keeps what one render formatted, under each kind and input', () => {
    const at = new Date('2026-11-28T09:30:00Z');
    const { result, strings } = recordFormatted(
      () =>
        `${formatFullDate(at)} ${formatHijri(at, 1)} ${formatDateTime(at)} ${tripoliDate(at)} ${formatNumber(1234.5)} ${formatNumber(1234)}`,
    );
    expect(strings).toEqual({
      [`full|${at.toISOString()}`]: formatFullDate(at),
      [`hijri1|${at.toISOString()}`]: formatHijri(at, 1),
      [`datetime|${at.toISOString()}`]: formatDateTime(at),
      [`day|${at.toISOString()}`]: '2026-11-28',
      'number|1234.5': formatNumber(1234.5),
    });
    // A whole number is grouped without Intl (format.ts): nothing to hand over.
    expect(result).toContain('1,234');
    expect(result).toContain('2026-11-28');
    // Outside a render nothing is kept.
    expect(recordFormatted(() => 0).strings).toEqual({});
  });

  it('gives the browser the server’s strings without making a date formatter, and formats the rest itself', async () => {
    // A browser's first load of these modules: no formatter made yet.
    vi.resetModules();
    let made = 0;
    const Real = Intl.DateTimeFormat;
    Intl.DateTimeFormat = new Proxy(Real, {
      construct(target, args: ConstructorParameters<typeof Real>) {
        made++;
        return new target(...args);
      },
    });
    onTestFinished(() => {
      Intl.DateTimeFormat = Real;
    });
    const fresh = {
      ...(await import('./format')),
      ...(await import('./dates')),
      ...(await import('./formatted')),
    };
    const at = new Date('2026-11-28T09:30:00Z');
    fresh.takeFormatted({
      [`full|${at.toISOString()}`]: 'السبت 28 نوفمبر 2026 (من الخادم)',
      [`day|${at.toISOString()}`]: '2026-11-28',
    });
    expect(fresh.formatFullDate(at)).toBe('السبت 28 نوفمبر 2026 (من الخادم)');
    expect(fresh.tripoliDate(at)).toBe('2026-11-28');
    expect(made).toBe(0);
    // What the server did not format is formatted as ever.
    const later = new Date('2026-11-28T22:30:00Z');
    expect(fresh.tripoliDate(later)).toBe('2026-11-29');
    expect(fresh.formatFullDate(later)).toBe(formatFullDate(later));
    expect(made).toBeGreaterThan(0);
    fresh.takeFormatted(undefined);
  });
});
