/** Cache keys (the path and the query parameters a route reads) and the origin of a request seen before Fastify. */
import type { IncomingMessage } from 'node:http';
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

/** Scheme and host as Fastify would read them (X-Forwarded-* only from a trusted proxy). */
export function fastOrigin(req: IncomingMessage, trust: TrustFn): string | undefined {
  const socketAddress = req.socket.remoteAddress ?? '';
  const trusted = trust(socketAddress, 0);
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  let proto = encrypted ? 'https' : 'http';
  let host = req.headers.host;
  if (trusted) {
    const xfp = req.headers['x-forwarded-proto'];
    if (typeof xfp === 'string' && xfp) proto = xfp.split(',')[0]!.trim();
    const xfh = req.headers['x-forwarded-host'];
    if (typeof xfh === 'string' && xfh) host = xfh.split(',').pop()!.trim();
  }
  return host ? `${proto}://${host}` : undefined;
}
