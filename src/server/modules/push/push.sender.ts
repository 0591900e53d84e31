/**
 * One push message to one subscription. `web-push` does the protocol: the payload encrypted for the subscription's
 * keys (RFC 8291, aes128gcm: a new ECDH key pair for every message) and the VAPID authorization (RFC 8292, signed once
 * per push service here and kept for 11 of its 12 hours). We send its request ourselves with node's http/https client
 * and a kept-alive agent: its own sendNotification opens a new HTTPS connection for every message, where the agent
 * keeps connections to each push service open, which a fan-out to 100,000 browsers needs.
 *
 * The encryption and the request run in a worker thread (one, with its own event loop), not on the thread that
 * answers readers: two elliptic-curve operations per message are about a third of a millisecond, and during a big
 * alert that would be taken from every reader's page (measured in `npm run bench`, part 8). The thread is started
 * with the first message and ended with the app. Messages go to it, and their outcomes come back, in batches (what one
 * turn of either event loop has), not one message across threads per push message.
 *
 * Answers (RFC 8030): 201 accepted; 404 and 410 the subscription is gone (the caller deletes it); 429 and 5xx, a
 * timeout or no answer are worth retrying; any other refusal (400, 403 for a key the subscription was not made with,
 * 413) will not change by retrying.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import type { VapidKeys } from './push.repository';

export type PushOutcome =
  | { kind: 'accepted' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'refused'; error: string };

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps it for a browser that is offline. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Collapse key: a newer message with the same topic replaces one not yet delivered. */
  topic: string;
}

const VAPID_VALID_S = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600 * 1000;

interface Job {
  id: number;
  target: PushTarget;
  payload: string;
  opts: PushOptions;
  authorization: string;
  timeoutMs: number;
}

/**
 * The worker's code (plain JavaScript, evaluated in the thread, so it needs no file of its own in the built server):
 * encrypt with web-push, POST with node's http/https client, answer with the outcome. It never throws: every failure is an outcome.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const webpush = require(workerData.webPush);
// Readers first, by the kernel's scheduler: this thread runs at a lower priority (a higher nice value) than the one
// answering readers, so an alert takes the CPU readers leave over and yields it at once when they need it. On Linux a
// thread has a priority of its own, set through its thread id (/proc/thread-self); elsewhere it stays as it is.
// A thread starts at its creator's priority: node's one pool of helper threads (files, DNS, zlib, crypto for every
// request) is made by whoever first needs it, so it is made here first, at the normal priority, if nobody has yet.
if (workerData.nice > 0)
  require('node:fs').stat('/', () => {
    try {
      const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
      require('node:os').setPriority(tid, workerData.nice);
    } catch {}
  });
// One kept-alive pool of connections per push service; node's own client, which costs a fraction of fetch's per
// request (measured in the bench's profile: fetch and its AbortSignal were a quarter of a message's time).
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
function post(endpoint, headers, body, timeoutMs) {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const agent = agents[url.protocol];
    if (!agent) return reject(new Error('not http(s)'));
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, agent },
      (res) => {
        const chunks = [];
        let size = 0;
        res.on('data', (c) => {
          if (size < 200) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
        res.on('close', () => {
          clearTimeout(timer);
          if (!res.complete) reject(Object.assign(new Error('answer cut off'), { code: 'ECONNRESET' }));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
async function send(job) {
  let request;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: job.target.endpoint, keys: { p256dh: job.target.p256dh, auth: job.target.auth } },
      job.payload,
      { TTL: job.opts.ttl, urgency: job.opts.urgency, topic: job.opts.topic, contentEncoding: 'aes128gcm',
        headers: { Authorization: job.authorization } },
    );
  } catch (err) {
    return { kind: 'refused', error: 'keys: ' + err.message };
  }
  const headers = {};
  for (const [name, value] of Object.entries(request.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  let res;
  try {
    res = await post(request.endpoint, headers, request.body, job.timeoutMs);
  } catch (err) {
    return { kind: 'retry', error: 'unreachable: ' + (err.code ?? err.message) };
  }
  if (res.status < 300) return { kind: 'accepted' };
  const text = res.text.slice(0, 200);
  const error = res.status + (text ? ': ' + text : '');
  if (res.status === 404 || res.status === 410) return { kind: 'gone', error };
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', error };
  return { kind: 'refused', error };
}
// Jobs come in batches and outcomes go back in batches (whatever finished by the end of this turn of the loop): one
// message each way per batch rather than per push message, on this thread and on the readers'.
let outcomes = [];
function answer(id, outcome) {
  if (!outcomes.length) setImmediate(() => {
    const batch = outcomes;
    outcomes = [];
    parentPort.postMessage(batch);
  });
  outcomes.push({ id, outcome });
}
parentPort.on('message', (jobs) => {
  for (const job of jobs)
    send(job).then(
      (outcome) => answer(job.id, outcome),
      (err) => answer(job.id, { kind: 'retry', error: String(err) }),
    );
});
`;

export function pushSender(deps: {
  keys: () => Promise<VapidKeys>;
  subject: () => Promise<string>;
  timeoutMs?: number;
  /** The worker thread's nice value (0 to 19; 0, the default, leaves it at the readers' priority). */
  nice?: number;
}) {
  const vapid = new Map<string, { header: string; until: number }>();
  const waiting = new Map<number, (outcome: PushOutcome) => void>();
  /** The thread, and the jobs it holds (answered "retry" if it dies). */
  let current: { worker: Worker; ids: Set<number> } | undefined;
  let next = 0;
  /** Jobs of this turn of the event loop, posted together. */
  let outbox: Job[] = [];
  let closed = false;

  /** Answers a job, once. */
  function settle(id: number, outcome: PushOutcome) {
    const resolve = waiting.get(id);
    waiting.delete(id);
    resolve?.(outcome);
  }

  function flush() {
    const jobs = outbox;
    outbox = [];
    // The app stopped in between: nothing starts a thread again; they are tried again by the next instance's job.
    if (closed) {
      for (const job of jobs) settle(job.id, { kind: 'retry', error: 'push sender closed' });
      return;
    }
    try {
      const t = thread();
      for (const job of jobs) t.ids.add(job.id);
      t.worker.postMessage(jobs);
    } catch (err) {
      // No thread could be started or reached: tried again later, as any message it could not send.
      for (const job of jobs) settle(job.id, { kind: 'retry', error: `push worker: ${(err as Error).message}` });
    }
  }

  async function authorization(endpoint: string): Promise<string> {
    const audience = new URL(endpoint).origin;
    const kept = vapid.get(audience);
    if (kept && kept.until > Date.now()) return kept.header;
    const { publicKey, privateKey } = await deps.keys();
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      await deps.subject(),
      publicKey,
      privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_VALID_S,
    ) as { Authorization: string };
    vapid.set(audience, { header: Authorization, until: Date.now() + VAPID_REUSE_MS });
    return Authorization;
  }

  function thread() {
    if (current) return current;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { webPush: createRequire(import.meta.url).resolve('web-push'), nice: deps.nice ?? 0 },
    });
    const self = { worker, ids: new Set<number>() };
    worker.unref();
    worker.on('message', (batch: { id: number; outcome: PushOutcome }[]) => {
      for (const { id, outcome } of batch) {
        self.ids.delete(id);
        settle(id, outcome);
      }
    });
    // A thread that died takes its messages with it: those it held are answered "retry" (once, on its error or its
    // exit), and the next message starts another. Messages posted to a newer thread are not its to answer.
    const lost = (error: string) => {
      if (current === self) current = undefined;
      for (const id of self.ids) settle(id, { kind: 'retry', error });
      self.ids.clear();
    };
    worker.on('error', (err) => lost(`push worker failed: ${err.message}`));
    worker.on('exit', () => lost('push worker stopped'));
    current = self;
    return self;
  }

  return {
    async send(target: PushTarget, payload: string, opts: PushOptions): Promise<PushOutcome> {
      let auth: string;
      try {
        auth = await authorization(target.endpoint);
      } catch (err) {
        // The keys could not be read (the database is away) or do not sign: try again later.
        return { kind: 'retry', error: `vapid: ${(err as Error).message}` };
      }
      const job: Job = { id: next++, target, payload, opts, authorization: auth, timeoutMs: deps.timeoutMs ?? 10_000 };
      return new Promise<PushOutcome>((resolve) => {
        waiting.set(job.id, resolve);
        // Posted with the others of this turn of the event loop, in one message.
        if (!outbox.length) setImmediate(flush);
        outbox.push(job);
      });
    },
    /** Ends the thread (the app is stopping); messages in flight are answered "retry". */
    async close(): Promise<void> {
      closed = true;
      const t = current;
      current = undefined;
      await t?.worker.terminate();
    },
  };
}
export type PushSender = ReturnType<typeof pushSender>;
