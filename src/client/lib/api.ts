/**
 * The API client of SPEC §7: relative to the site origin, cookies included, JSON back. A non-success status
 * raises an error whose message is "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The error code of a JSON error body (src/shared/error-codes.ts), if there is one. */
  get code(): string | undefined {
    return this.field('code');
  }

  /** The Arabic message of a JSON error body, if there is one. */
  get serverMessage(): string | undefined {
    return this.field('message');
  }

  private field(name: 'code' | 'message'): string | undefined {
    try {
      const value = (JSON.parse(this.body) as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text || res.statusText);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
