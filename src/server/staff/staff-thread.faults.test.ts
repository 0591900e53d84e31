/**
 * The main thread's side of the staff thread (staff-thread.ts) against a stand-in thread that speaks its protocol:
 * what is handed over and what is not, the body bound, the tags told before the answer, and a thread that dies with a
 * request in hand (an Arabic 503, then the main thread answers until the thread is back).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStaffThread, STAFF_ROUTE_HEADER, type StaffThread } from './staff-thread';

const STAND_IN = `
import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready', instance: 'stand-in-' + process.pid });
parentPort.on('message', (m) => {
  if (m.type === 'stop') return parentPort.postMessage({ type: 'stopped' });
  if (m.url === '/api/admin/die') process.exit(1);
  if (m.url === '/api/admin/broken') return parentPort.postMessage({ type: 'failed', id: m.id });
  const body = new TextEncoder().encode(JSON.stringify({
    method: m.method, url: m.url, bytes: m.body ? m.body.byteLength : 0, address: m.remoteAddress,
    chunked: m.headers['transfer-encoding'] ?? null, cookie: m.headers.cookie ?? null,
  }));
  parentPort.postMessage({ type: 'invalidate', tags: ['article:' + m.url.length] });
  parentPort.postMessage(
    { type: 'response', id: m.id, status: 201, body, headers: {
      'content-type': 'application/json; charset=utf-8', 'set-cookie': ['a=1; HttpOnly', 'b=2; HttpOnly'],
      connection: 'keep-alive', '${STAFF_ROUTE_HEADER}': '/api/admin/things/:id',
    } },
    [body.buffer],
  );
});
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-staff-stand-in-'));
const entry = path.join(dir, 'stand-in.mjs');
fs.writeFileSync(entry, STAND_IN);

let staff: StaffThread;
let server: http.Server;
let origin: string;
let serving = true;
const dropped: string[][] = [];
const ignored: string[] = [];
const observed: { route: string | undefined; status: number }[] = [];
const warned: Record<string, unknown>[] = [];
/** How many tags the main side had dropped when each answer was written. */
const droppedAtAnswer: number[] = [];

beforeAll(async () => {
  staff = createStaffThread({
    entry: pathToFileURL(entry),
    databaseUrl: 'postgres://unused',
    adminTimeoutMs: 1000,
    log: { warn: (o, m) => warned.push({ ...o, m }), info: () => {} },
    startDelayMs: 0,
  });
  server = http.createServer((req, res) => {
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof res.end>) => {
      droppedAtAnswer.push(dropped.length);
      return end(...args);
    }) as typeof res.end;
    if (!staff.forward(req, res)) res.end('main thread');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Answered here until the thread says it is ready.
  expect(await (await fetch(`${origin}/api/admin/things/1`)).text()).toBe('main thread');
  staff.start({
    cache: { dropLocal: (tags) => dropped.push([...tags]), ignoreFrom: (id) => ignored.push(id) },
    serving: () => serving,
    observe: (_method, route, _url, status) => observed.push({ route, status }),
  });
  const deadline = Date.now() + 10_000;
  while (!staff.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
});

afterAll(async () => {
  await staff.stop();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('hands the admin API over, body and all, and writes its answer back as it came', async () => {
  expect(ignored).toEqual([expect.stringMatching(/^stand-in-/)]);
  const res = await fetch(`${origin}/api/admin/things/7?x=1`, {
    method: 'POST',
    headers: { cookie: 'sahifa_session=abc', 'content-type': 'application/octet-stream' },
    body: new Uint8Array(70_000).fill(7),
  });
  expect(res.status).toBe(201);
  const seen = (await res.json()) as Record<string, unknown>;
  expect(seen).toMatchObject({
    method: 'POST',
    url: '/api/admin/things/7?x=1',
    bytes: 70_000,
    cookie: 'sahifa_session=abc',
  });
  expect(seen.address).toMatch(/127\.0\.0\.1/);
  expect(res.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
  // The thread's route name is for the metrics here, not for the client.
  expect(res.headers.get(STAFF_ROUTE_HEADER)).toBeNull();
  expect(observed.at(-1)).toEqual({ route: '/api/admin/things/:id', status: 201 });
  // The tags the thread's write dropped were dropped here before the answer was written.
  expect(dropped.at(-1)).toEqual([`article:${'/api/admin/things/7?x=1'.length}`]);
  expect(droppedAtAnswer.at(-1)).toBe(dropped.length);

  // A body sent in chunks arrives whole, without the connection's own framing.
  const chunked = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = http.request(`${origin}/api/admin/things/8`, { method: 'PUT' }, (r) => {
      let text = '';
      r.on('data', (c) => (text += c));
      r.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.write('x'.repeat(1000));
    req.end('y'.repeat(500));
  });
  expect(chunked).toMatchObject({ bytes: 1500, chunked: null });
});

it('leaves everything else, and a draining server, to the main thread', async () => {
  for (const p of ['/', '/api/news', '/api/administrator', '/admin/login'])
    expect(await (await fetch(origin + p)).text()).toBe('main thread');
  serving = false;
  expect(await (await fetch(`${origin}/api/admin/things/1`)).text()).toBe('main thread');
  serving = true;
});

it('refuses a body over the bound with the Arabic 413, before keeping it whole', async () => {
  const res = await fetch(`${origin}/api/admin/media`, {
    method: 'POST',
    body: new Uint8Array(17 * 1024 * 1024),
  }).catch((err: Error) => err);
  if (res instanceof Response) {
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe('حجم البيانات المرسلة أكبر من المسموح');
  } else expect(String(res)).toMatch(/fetch failed|socket|EPIPE|ECONNRESET/);
});

it('answers an Arabic 503 at once when the thread could not answer at all, and stays up', async () => {
  const broken = await fetch(`${origin}/api/admin/broken`, { method: 'POST', body: '{}' });
  expect(broken.status).toBe(503);
  const body = (await broken.json()) as { message: string; requestId: string };
  expect(body.message).toBe('الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل');
  expect(warned).toContainEqual(expect.objectContaining({ requestId: body.requestId, url: '/api/admin/broken' }));
  expect(staff.pending).toBe(0);
  expect(staff.ready).toBe(true);
  expect((await fetch(`${origin}/api/admin/things/1`)).status).toBe(201);
});

it('answers an Arabic 503 for what a dying thread held, then answers itself until the thread is back', async () => {
  const died = await fetch(`${origin}/api/admin/die`, { method: 'POST', body: '{}' });
  expect(died.status).toBe(503);
  expect(died.headers.get('retry-after')).toBe('5');
  const body = (await died.json()) as { message: string; requestId: string };
  expect(body.message).toBe('الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل');
  // The id the staff member can quote is the one in the engineer's log.
  expect(warned).toContainEqual(expect.objectContaining({ requestId: body.requestId, url: '/api/admin/die' }));
  expect(observed.at(-1)).toEqual({ route: undefined, status: 503 });
  expect(staff.ready).toBe(false);
  expect(await (await fetch(`${origin}/api/admin/things/1`)).text()).toBe('main thread');
  // Started again (a second later): it answers again.
  await expect.poll(() => staff.ready, { timeout: 10_000 }).toBe(true);
  expect((await fetch(`${origin}/api/admin/things/1`)).status).toBe(201);
  expect(staff.pending).toBe(0);
});
