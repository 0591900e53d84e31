import { describe, expect, it } from 'vitest';
import { textOn } from './color';

describe('textOn', () => {
  it('puts dark text on light section colours and white on dark ones', () => {
    expect(textOn('#f59e0b')).toBe('#0f172a'); // variety amber
    expect(textOn('#1e3a8a')).toBe('#ffffff');
    expect(textOn('#dc2626')).toBe('#ffffff');
    expect(textOn('#7c3aed')).toBe('#ffffff');
  });
});
