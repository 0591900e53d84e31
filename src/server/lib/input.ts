/** What every request's strings go through before validation (app.ts's validator compiler). */

// C0 controls and DEL, except tab, line feed and carriage return (which text areas and article bodies use).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * `data` with control characters removed from every string in it (objects and arrays walked). Nothing is copied
 * unless something changes: the common request costs one scan of its strings.
 */
export function withoutControlChars<T>(data: T, depth = 0): T {
  if (typeof data === 'string') return (CONTROL.test(data) ? data.replace(CONTROL_ALL, '') : data) as T;
  if (depth > 32 || data === null || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    let out: unknown[] | undefined;
    data.forEach((x, i) => {
      const clean = withoutControlChars(x, depth + 1);
      if (clean !== x) (out ??= [...data])[i] = clean;
    });
    return (out ?? data) as T;
  }
  // Plain objects, and the null-prototype ones the query-string parser makes; class instances (multipart file
  // parts, buffers) are left alone.
  const proto = Object.getPrototypeOf(data) as object | null;
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return data;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(data)) {
    const clean = withoutControlChars(v, depth + 1);
    if (clean !== v) (out ??= { ...(data as Record<string, unknown>) })[k] = clean;
  }
  return (out ?? data) as T;
}
