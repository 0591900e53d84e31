/**
 * The admin panel's HTTP client (SPEC §7): the session cookie travels with every call, errors carry the server's
 * Arabic text, and paged lists read their position from the response headers.
 */
import { PAGE_HEADERS, type PageInfo } from '../../../shared/schemas/common';
import { ApiError, apiFetch } from '../../lib/api';
import { withReauth } from '../lib/reauth';

export { ApiError };

export const adminGet = <T>(path: string) => withReauth(() => apiFetch<T>(path));

/** A change; a sensitive one answered "prove it is you" asks (lib/reauth.ts) and is sent again. */
export const adminSend = <T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) =>
  withReauth(() =>
    apiFetch<T>(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
  );

export interface Paged<T> {
  items: T[];
  info: PageInfo;
}

/** A page of an admin list: the rows, and where they sit in the whole list. */
export async function adminPage<T>(path: string): Promise<Paged<T>> {
  const res = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, (await res.text().catch(() => '')) || res.statusText);
  const items = (await res.json()) as T[];
  const n = (name: string, fallback: number) => Number(res.headers.get(name) ?? fallback);
  return {
    items,
    info: {
      total: n(PAGE_HEADERS.total, items.length),
      exact: res.headers.get(PAGE_HEADERS.exact) !== 'false',
      page: n(PAGE_HEADERS.page, 1),
      pageSize: n(PAGE_HEADERS.pageSize, items.length),
    },
  };
}

/** A query string from the defined values only. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The server's message for a failed call, else the screen's default (SPEC §8). */
export function errorText(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.serverMessage) || fallback;
}

/** Field-level messages of a 400 (e.g. { title: 'جميع الحقول مطلوبة' }), keyed by the field's path in the body. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  try {
    const body = JSON.parse(err.body) as { details?: { path: string; message: string }[] };
    const out: Record<string, string> = {};
    for (const d of body.details ?? []) {
      const field = d.path.replace(/^body\.?/, '');
      if (field && !out[field]) out[field] = d.message;
    }
    return out;
  } catch {
    return {};
  }
}
