/**
 * CSV for spreadsheets (the newsletter's subscribers, an advertiser's report): UTF-8 with a BOM so Arabic reads
 * right, fields quoted where needed, and a cell that would start a formula (= + - @) kept as text.
 */
export const CSV_BOM = '\uFEFF';

export const csvField = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

export const csvRow = (cells: readonly (string | number)[]) =>
  `${cells.map((c) => (typeof c === 'number' ? String(c) : csvField(c))).join(',')}\r\n`;
