/**
 * Part 8 of `npm run bench` (also `node --import tsx scripts/bench-push.ts`): a breaking-news alert to 100,000 Web
 * Push subscriptions, through the editor's «إرسال تنبيه» and the fan-out job, to a local stand-in push service (an
 * HTTP server that accepts what a push service accepts, checks the VAPID signature and records when each message
 * arrives; in a process of its own at the lowest CPU priority, as bench-push-service.ts says why).
 * Goals: 90 % of the messages delivered within 2 minutes of the editor's «إرسال» (the Guardian's "90 in 2"), and the
 * site's readers unaffected meanwhile: their rate (200 connections over the home page, an article and /api/news) at
 * least 0.8 of their rate without a send, measured just before and just after. The readers keep reading for the
 * send's first DURING_S seconds, as on an evening of breaking news, not only for a moment of it: a send that yields to
 * readers must still reach 90 % within the two minutes while they read.
 */
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePorts } from '../src/server/db/embedded';
import {
  BENCH_SERVER_ENV,
  children,
  cleanUpOnSignal,
  scratchDir,
  signIn,
  startProcess,
  stopAllAndExit,
  waitFor,
} from './bench-processes';
import { loadMix } from './bench-load';

const SUBSCRIPTIONS = Number(process.env.BENCH_PUSH_SUBSCRIPTIONS ?? 100_000);
/** How long readers read from «إرسال»: most of the two minutes, and less than the send takes while they do. */
const DURING_S = Number(process.env.BENCH_PUSH_DURING_S ?? 90);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };
const fixed = (n: number, d = 0) => n.toFixed(d);

/** The stand-in push service at nice 19, and what it says over IPC. */
async function startStandIn() {
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', 'scripts/bench-push-service.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  // A send on a channel already closed reports here rather than throwing out of the bench.
  child.on('error', (err) => console.error(`[bench] the stand-in push service: ${err.message}`));
  /** Its next message (the asks are one at a time), or an error once it has stopped. */
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      if (gone() || !child.connected) return reject(new Error('the stand-in push service stopped'));
      const failed = () => reject(new Error('the stand-in push service stopped'));
      child.once('exit', failed);
      child.once('message', (m) => {
        child.off('exit', failed);
        resolve(m as T);
      });
    });
  const { origin } = await next<{ origin: string }>();
  const ask = <T>(what: string) => {
    const answer = next<T>();
    child.send(what);
    return answer;
  };
  return {
    origin,
    count: async () => (await ask<{ count: number }>('count')).count,
    arrivals: async () => (await ask<{ arrivals: number[] }>('arrivals')).arrivals,
    close: async () => {
      if (gone()) return;
      const exited = new Promise((r) => child.once('exit', r));
      if (child.connected) child.disconnect();
      else child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function benchPush(seconds: number): Promise<void> {
  console.log(
    `\n8. A breaking-news alert by Web Push to ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions (a local stand-in push service), while 200 readers read`,
  );
  const dataDir = scratchDir('sahifa-bench-push-');
  fs.chmodSync(dataDir, 0o755);
  const service = await startStandIn();
  const metricsToken = randomBytes(24).toString('hex');
  const [port, pgPort] = await freePorts(2);
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess('dist/server/main.js', (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    METRICS_TOKEN: metricsToken,
    PUSH_ENDPOINT_ORIGINS: service.origin,
  });
  let db: pg.Client | undefined;
  try {
    await waitFor(`${origin}/healthz`, server);
    const password = encodeURIComponent(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
    db = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/sahifa` });
    await db.connect();

    // The subscriptions: each its own endpoint at the stand-in; one real key pair for all (the stand-in does not
    // decrypt; the push tests do, each with its own keys).
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const t0 = performance.now();
    await fetch(`${origin}/api/push/config`); // the VAPID keys made
    await db.query(
      `insert into push_subscriptions (endpoint, p256dh, auth, topics, created_at, updated_at)
       select $1 || '/push/s' || g, $2, $3, '{breaking}', now(), now() from generate_series(1, $4::int) g`,
      [service.origin, keys.getPublicKey().toString('base64url'), randomBytes(16).toString('base64url'), SUBSCRIPTIONS],
    );
    console.log(
      `(${SUBSCRIPTIONS.toLocaleString('en')} subscriptions stored in ${fixed((performance.now() - t0) / 1000, 1)} s)`,
    );
    // The database's own after-work of a bulk write (autovacuum's analyze, a checkpoint writing it out) done now, not
    // during a measured run: it would make the readers' rate without a send look lower than it is.
    const settle = (table: string) => db!.query(`vacuum analyze ${table}`).then(() => db!.query('checkpoint'));
    await settle('push_subscriptions');

    const cookie = await signIn(origin);
    const admin = (method: string, p: string, body?: unknown) =>
      fetch(`${origin}/api/admin${p}`, {
        method,
        headers: { 'content-type': 'application/json', cookie, origin },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const [article] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
    const targets = ['/', `/news/${article!.id}`, '/api/news'];
    const readers = (length = seconds) =>
      loadMix(origin, targets, { connections: 200, seconds: length, headers: BROWSER });
    await loadMix(origin, targets, { connections: 200, seconds: 5, headers: BROWSER }); // warm-up (JIT, cache)
    const alone = await readers();

    const created = await admin('POST', '/breaking-news', {
      title: 'عاجل: انقطاع واسع للكهرباء في طرابلس',
      isActive: true,
      priority: 100,
      expiresAt: null,
    });
    const breaking = (await created.json()) as { id: number };
    const source = { type: 'breaking', id: breaking.id };
    const preview = (await (await admin('POST', '/alerts/preview', { source, channels: ['push'] })).json()) as {
      channels: { audience: number }[];
      confirmation: string;
    };
    const sentAt = Date.now();
    const res = await admin('POST', '/alerts', { source, channels: ['push'], confirmation: preview.confirmation });
    if (res.status !== 201) throw new Error(`the alert answered ${res.status}: ${await res.text()}`);
    const { sends } = (await res.json()) as { sends: { sendId: number; queued: number }[] };
    const during = await readers(DURING_S);
    // Readers read while the send went on only if it was still going when they stopped.
    const overlapped = (await service.count()) < sends[0]!.queued;

    // Until every message has arrived (or 5 minutes have passed).
    const deadline = Date.now() + 5 * 60_000;
    while ((await service.count()) < sends[0]!.queued && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    const arrivals = await service.arrivals();
    const at = (share: number) => {
      const i = Math.ceil(share * SUBSCRIPTIONS) - 1;
      return i < arrivals.length ? (arrivals[i]! - sentAt) / 1000 : undefined;
    };
    const show = (s: number | undefined) => (s === undefined ? 'never' : `${fixed(s, 1)} s`);
    // Readers again once the send is over: the rate without a send is the mean of before and after (A-B-A), so the
    // machine's own drift over the run (the JIT still warming, a neighbour's load) does not count for or against it.
    // A send still going is no "after": then before alone.
    const ended = arrivals.length >= sends[0]!.queued;
    if (ended) await settle('fanout_deliveries'); // 100,000 rows just updated
    const after = ended ? await readers() : undefined;
    const figures = (await (await admin('GET', `/push/sends/${sends[0]!.sendId}`)).json()) as Record<string, unknown>;
    const ninety = at(0.9);
    console.log(`audience ${preview.channels[0]!.audience}, queued ${sends[0]!.queued}; arrived ${arrivals.length}`);
    console.log(
      `delivered: 10 % ${show(at(0.1))}, 50 % ${show(at(0.5))}, 90 % ${show(ninety)}, 100 % ${show(at(1))} after «إرسال» (goal: 90 % within 120 s) ${ninety !== undefined && ninety <= 120 ? 'ok' : 'MISSED'}`,
    );
    console.log(`the editor's figures: ${JSON.stringify(figures)}`);
    const without = after ? (alone.rps + after.rps) / 2 : alone.rps;
    const ratio = during.rps / without;
    console.log(
      `readers without a send: ${fixed(without)} req/s (before ${fixed(alone.rps)}, p99 ${alone.p99} ms; ${after ? `after ${fixed(after.rps)}, p99 ${after.p99} ms` : 'no after: the send never ended'})`,
    );
    console.log(
      `readers during the send's first ${DURING_S} s: ${fixed(during.rps)} req/s, p99 ${during.p99} ms: ${fixed(ratio, 2)}× (goal ≥ 0.8×) ${ratio >= 0.8 ? 'ok' : 'MISSED'}; against before alone ${fixed(during.rps / alone.rps, 2)}×${overlapped ? '' : ' (the send ended before the readers stopped: part of this is without a send)'}`,
    );
  } finally {
    await db?.end().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await service.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  cleanUpOnSignal();
  benchPush(Number(process.env.BENCH_SECONDS ?? 20)).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      void stopAllAndExit(1);
    },
  );
}
