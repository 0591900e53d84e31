/** Minimal XML writing for feeds and sitemaps: escaped text and attributes, no dependencies. */
// XML 1.0 forbids these control characters; they are dropped.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export const xmlEscape = (s: string) =>
  s
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export const tag = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<${name}>${xmlEscape(value)}</${name}>`;
