/** White or near-black text for a coloured background: whichever has the higher WCAG contrast. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  if (!Number.isFinite(n)) return '#ffffff';
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  const DARK = 0.0116; // relative luminance of #0f172a
  const withWhite = 1.05 / (l + 0.05);
  const withDark = (l + 0.05) / (DARK + 0.05);
  return withWhite >= withDark ? '#ffffff' : '#0f172a';
}
