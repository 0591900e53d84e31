/** Cache keys (the path and the query parameters a route reads) and the origin of a request seen before Fastify. */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** The normalised URL and key: only the parameters the route reads, sorted; the first of a repeated one. */
export function normalise(
  rawUrl: string,
  allowed: readonly string[],
  origin: string,
): { key: string; url: string; pathname: string } {
  const q = rawUrl.indexOf('?');
  const pathname = q < 0 ? rawUrl : rawUrl.slice(0, q);
  let url = pathname;
  if (q >= 0 && allowed.length) {
    const search = new URLSearchParams(rawUrl.slice(q + 1));
    const kept: string[] = [];
    for (const name of [...allowed].sort()) {
      const value = search.get(name);
      if (value !== null) kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
    if (kept.length) url = `${pathname}?${kept.join('&')}`;
  }
  return { key: `${origin} ${url}`, url, pathname };
}

export type TrustFn = (address: string, hop: number) => boolean;

export function compileTrust(setting: boolean | number | string | string[]): TrustFn {
  if (setting === true) return () => true;
  if (setting === false || setting === undefined) return () => false;
  if (typeof setting === 'number') return (_a, hop) => hop < setting;
  return proxyAddr.compile(typeof setting === 'string' ? setting.split(',').map((s) => s.trim()) : setting);
}

/**
 * The scheme X-Forwarded-Proto names, or undefined when it names none we serve: only `http` or `https` (any case,
 * the first of a comma list, trimmed). Anything else (`javascript`, `ftp`, junk) is ignored, so it can never reach a
 * canonical or Open Graph URL, a cache key, the cookie's Secure flag or the same-origin check. The one rule for the
 * header: the fast path reads it here, and app.ts rewrites the header with it before Fastify's req.protocol reads it.
 */
export function forwardedProto(header: string | string[] | undefined): 'http' | 'https' | undefined {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first === 'http' || first === 'https' ? first : undefined;
}

/** Leaves X-Forwarded-Proto as the one scheme forwardedProto accepts, or removes it (the connection's scheme then counts). */
export function normaliseForwardedProto(headers: IncomingHttpHeaders): void {
  const proto = forwardedProto(headers['x-forwarded-proto']);
  if (proto) headers['x-forwarded-proto'] = proto;
  else delete headers['x-forwarded-proto'];
}

/** Scheme and host as Fastify would read them (X-Forwarded-* only from a trusted proxy). */
export function fastOrigin(req: IncomingMessage, trust: TrustFn): string | undefined {
  const socketAddress = req.socket.remoteAddress ?? '';
  const trusted = trust(socketAddress, 0);
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  let proto = encrypted ? 'https' : 'http';
  let host = req.headers.host;
  if (trusted) {
    proto = forwardedProto(req.headers['x-forwarded-proto']) ?? proto;
    const xfh = req.headers['x-forwarded-host'];
    if (typeof xfh === 'string' && xfh) host = xfh.split(',').pop()!.trim();
  }
  return host ? `${proto}://${host}` : undefined;
}
