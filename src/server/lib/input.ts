/** What every request's strings go through before validation (app.ts's validator compiler). */

// C0 controls and DEL, except tab, line feed and carriage return (which text areas and article bodies use).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A copy of `data` with control characters removed from every string in it (objects and arrays walked). */
export function withoutControlChars<T>(data: T, depth = 0): T {
  if (typeof data === 'string') return data.replace(CONTROL, '') as T;
  if (depth > 32 || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) return data.map((x) => withoutControlChars(x, depth + 1)) as T;
  // Plain objects, and the null-prototype ones the query-string parser makes; class instances (multipart file
  // parts, buffers) are left alone.
  const proto = Object.getPrototypeOf(data) as object | null;
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = withoutControlChars(v, depth + 1);
  return out as T;
}
