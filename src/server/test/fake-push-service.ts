/**
 * A local stand-in for a browser vendor's push service (RFC 8030), for tests and the push bench: it accepts what a
 * push service accepts (POST to a subscription's endpoint with TTL, Urgency, Topic, a valid VAPID Authorization and
 * an aes128gcm body) with 201 Created, records each message with its arrival time, and answers what a test asks for a
 * given subscription (410 Gone, 404, 429 with Retry-After, 500). Subscriptions made here have real key pairs, so a
 * test can decrypt what arrived (RFC 8291, written out below independently of the library that encrypted it).
 * `GET /arrived/<id>` lists what arrived for a subscription (bodies base64), for a test running in another process.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ArrivedMessage {
  id: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's secret half, to decrypt with. */
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

export interface FakePushService {
  origin: string;
  messages: ArrivedMessage[];
  /** How many arrived (cheap for the bench, which keeps no bodies). */
  count: () => number;
  arrivals: number[];
  /** A subscription at this service with a fresh key pair. */
  subscription: (id?: string) => FakeSubscription;
  /** What this subscription's next messages get instead of 201 (in order; then 201 again unless `always`). */
  answer: (id: string, statuses: { status: number; retryAfter?: number }[], always?: boolean) => void;
  close: () => Promise<void>;
}

const verified = new Map<string, number>();

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key, for this push service's origin
 * (`aud`), not expired and at most 24 hours ahead, with a contact (`sub`). A push service refuses anything else (403).
 * A header already checked is remembered until it expires (servers send the same one for hours).
 */
function vapidValid(header: string | undefined, origin: string): boolean {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) return false;
  const known = verified.get(header!);
  if (known) return known > Date.now();
  const [h, p, sig] = m[1]!.split('.') as [string, string, string];
  const point = Buffer.from(m[2]!, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    const key = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const ok = crypto.verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    const header_ = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
    const exp = (claims.exp ?? 0) * 1000;
    const valid =
      ok &&
      header_.alg === 'ES256' &&
      claims.aud === origin &&
      exp > Date.now() &&
      exp <= Date.now() + 24 * 3600_000 &&
      /^(mailto:|https:)/.test(claims.sub ?? '');
    if (valid) verified.set(header!, exp);
    return valid;
  } catch {
    return false;
  }
}

export async function startFakePushService(opts: { keepBodies?: boolean } = {}): Promise<FakePushService> {
  const keep = opts.keepBodies ?? true;
  const messages: ArrivedMessage[] = [];
  const arrivals: number[] = [];
  const scripted = new Map<string, { queue: { status: number; retryAfter?: number }[]; always: boolean }>();
  const server = http.createServer((req, res) => {
    const m = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // What arrived for a subscription, for a test in another process (the end-to-end tests' server runs there).
      const asked = req.method === 'GET' && /^\/arrived\/([\w-]+)$/.exec(req.url ?? '');
      if (asked) {
        const list = messages
          .filter((msg) => msg.id === asked[1])
          .map((msg) => ({ at: msg.at, headers: msg.headers, body: msg.body.toString('base64') }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
        return;
      }
      if (!m || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const id = m[1]!;
      const script = scripted.get(id);
      const next = script && (script.always ? script.queue[0] : script.queue.shift());
      if (next) {
        res.writeHead(next.status, next.retryAfter !== undefined ? { 'retry-after': String(next.retryAfter) } : {});
        res.end(next.status === 410 ? 'push subscription has unsubscribed or expired' : '');
        return;
      }
      if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.ttl) {
        res.writeHead(400).end('bad push request');
        return;
      }
      if (!vapidValid(req.headers.authorization, origin)) {
        res.writeHead(403).end('invalid VAPID authorization');
        return;
      }
      const at = Date.now();
      arrivals.push(at);
      if (keep) messages.push({ id, at, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201, { location: `/message/${id}/${arrivals.length}` }).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    messages,
    arrivals,
    count: () => arrivals.length,
    subscription(id = crypto.randomUUID()) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
    },
    answer: (id, statuses, always = false) => scripted.set(id, { queue: [...statuses], always }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8291 + RFC 8188 (aes128gcm, one record): what the browser does with a message for its subscription. */
export function decryptPush(body: Buffer, sub: Pick<FakeSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const shared = sub.ecdh.computeSecret(serverKey);
  const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}\0`)]);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
  return padded.subarray(0, end).toString('utf8');
}
