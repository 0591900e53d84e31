/**
 * `npm run bench`, part 7 (`BENCH_ONLY=7 npm run bench` alone): the daily digest to 100,000 confirmed subscribers through a local SMTP stand-in (the
 * `smtp-server` package in a process of its own, accepting every message as a relay would), unthrottled (MAIL_RATE=0,
 * five connections): the rate reached and the time to finish, and the readers' rate on the same instance while it
 * sends against their rate without a send (goal ≥ 0.8×).
 *
 * Run as `node --import tsx scripts/bench-newsletter.ts` with BENCH_SMTP_SINK_PORT set, this file is the stand-in
 * itself (it answers its count of messages on BENCH_SMTP_SINK_HTTP_PORT).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePorts } from '../src/server/db/embedded';
import { loadUrl, type LoadResult } from './bench-load';
import {
  BENCH_ADMIN,
  BENCH_SERVER_ENV,
  cleanUpOnSignal,
  removeScratch,
  scratchDir,
  startProcess,
  stopChildren,
  waitFor,
} from './bench-processes';

/** 100,000 (BENCH_NEWSLETTER_SUBSCRIBERS sets another number, to try a change quickly). */
const SUBSCRIBERS = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 100_000);

async function sink(smtpPort: number, httpPort: number) {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((r) => server.listen(smtpPort, '127.0.0.1', () => r()));
  http.createServer((_req, res) => res.end(String(received))).listen(httpPort, '127.0.0.1');
}

export interface NewsletterBenchOptions {
  /** The environment every bench server gets (production, the admin account…). */
  env: Record<string, string>;
  seconds: number;
  /** Requests of a reader: its headers. */
  headers: Record<string, string>;
  credentials: { username: string; password: string };
}

const fixed = (n: number, d = 0) => n.toFixed(d);

/**
 * A server of its own (its own embedded PostgreSQL with the demo content), so that no other instance of the bench
 * (none of which has SMTP) takes the send.
 */
export async function benchNewsletter(o: NewsletterBenchOptions): Promise<void> {
  const [port, pgPort, smtpPort, sinkHttpPort] = await freePorts(4);
  const dataDir = scratchDir('sahifa-bench-mail-');
  fs.chmodSync(dataDir, 0o755);
  const sinkProcess = startProcess('scripts/bench-newsletter.ts', ['--import', 'tsx'], {
    BENCH_SMTP_SINK_PORT: String(smtpPort),
    BENCH_SMTP_SINK_HTTP_PORT: String(sinkHttpPort),
  });
  const sinkUrl = `http://127.0.0.1:${sinkHttpPort}/`;
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess('dist/server/main.js', [], {
    ...o.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: origin,
    EMBEDDED_PG_PORT: String(pgPort),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'صحيفة <news@bench.example>',
    MAIL_RATE: '0',
    MAIL_CONNECTIONS: '5',
  });
  await waitFor(`${origin}/healthz`, server);
  await waitFor(sinkUrl, sinkProcess);
  const pgPassword = encodeURIComponent(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
  const db = new pg.Client({ connectionString: `postgres://postgres:${pgPassword}@127.0.0.1:${pgPort}/sahifa` });
  await db.connect();
  try {
    await db.query(`
      insert into newsletter_subscribers (full_name, email, state, confirmed_at)
      select 'قارئ ' || g, 'reader' || g || '@bench.example', 'confirmed', now() from generate_series(1, ${SUBSCRIBERS}) g
      on conflict do nothing`);
    const sent = async () => Number(await (await fetch(sinkUrl)).text());
    const [article] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
    const readers = (): Promise<LoadResult> =>
      loadUrl(`${origin}/news/${article!.id}`, { connections: 50, seconds: o.seconds * 2, headers: o.headers });

    await loadUrl(`${origin}/news/${article!.id}`, { connections: 50, seconds: 2, headers: o.headers }); // warm-up
    const alone = await readers();

    // The digest: its hour set to midnight (past), which sends today's at once.
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(o.credentials),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const t0 = performance.now();
    const put = await fetch(`${origin}/api/admin/newsletter/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ digestEnabled: true, digestHour: 0 }),
    });
    if (!put.ok) throw new Error(`newsletter settings answered ${put.status}`);
    const queuedIn = performance.now() - t0;
    const before = await sent();
    const r0 = performance.now();
    const during = await readers();
    const duringSeconds = (performance.now() - r0) / 1000;
    const sentDuring = (await sent()) - before;
    const row = async () =>
      (
        await db.query<{ state: string; queued: number; sent: number; failed: number; ms: number | null }>(
          `select state, queued, sent, failed, extract(epoch from finished_at - started_at) * 1000 as ms
           from fanout_sends where kind = 'digest' order by id desc limit 1`,
        )
      ).rows[0];
    const a0 = performance.now();
    const afterReaders = await sent();
    for (;;) {
      const r = await row();
      if (r?.state === 'done' || r?.state === 'skipped') break;
      if (performance.now() - t0 > 20 * 60_000) throw new Error('the digest did not finish in 20 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    const aloneRate = ((await sent()) - afterReaders) / ((performance.now() - a0) / 1000);
    const d = (await row())!;
    const total = Number(d.ms) / 1000;
    console.log(
      `digest to ${SUBSCRIBERS.toLocaleString('en')} confirmed subscribers: ${d.queued} queued in ${fixed(queuedIn)} ms (the settings' answer), ${d.sent} sent, ${d.failed} failed, the stand-in received ${await sent()}`,
    );
    console.log(
      `time to finish: ${fixed(total, 1)} s, ${fixed(d.sent / total)} messages/s over the whole send; ${fixed(aloneRate)}/s with no readers, ${fixed(sentDuring / duringSeconds)}/s while readers loaded the server`,
    );
    console.log(`readers alone (an article, 50 connections): ${pad(fixed(alone.rps), 7)} req/s, p99 ${alone.p99} ms`);
    console.log(
      `readers while it sends:                     ${pad(fixed(during.rps), 7)} req/s, p99 ${during.p99} ms: ${fixed(during.rps / alone.rps, 2)}× (goal ≥ 0.8×)`,
    );
  } finally {
    await db.end();
    server.kill('SIGTERM');
    sinkProcess.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pad = (v: string, n: number) => v.padStart(n);

if (process.env.BENCH_SMTP_SINK_PORT)
  await sink(Number(process.env.BENCH_SMTP_SINK_PORT), Number(process.env.BENCH_SMTP_SINK_HTTP_PORT));
else if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  // This section alone: `npm run build && node --import tsx scripts/bench-newsletter.ts`.
  cleanUpOnSignal();
  try {
    await benchNewsletter({
      env: BENCH_SERVER_ENV,
      seconds: Number(process.env.BENCH_SECONDS ?? 6),
      headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' },
      credentials: BENCH_ADMIN,
    });
  } finally {
    await stopChildren();
    removeScratch();
  }
}
