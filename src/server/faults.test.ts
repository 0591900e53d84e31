/**
 * The database failing under load, as a newsroom's engineer would test it: readers (cached pages and answers made
 * afresh), view beacons, a health poller and one editor publishing run throughout while the database is killed,
 * restarted or frozen. What must hold: the process (and every worker) lives, /healthz is back within seconds by
 * itself, readers always get a page with its content or the Arabic 503 within their time bound (never a 500, a reset
 * connection or an empty page), and every write the editor was told was saved is there afterwards.
 *
 * Each test prints its figures (requests, answers by kind, slowest answers, time to healthy).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';
import { describeTally, Load, missingWrites, signIn } from './test/load';
import {
  alive,
  childrenOf,
  fetchWhole,
  postmasterPid,
  startServer,
  stopLeftovers,
  waitUntilUp,
  workersOf,
  type Server,
} from './test/server-process';
import { startSystemPostgres } from './test/system-postgres';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-faults-'));
fs.chmodSync(dataDir, 0o755);
const EDITOR = { username: 'chief', password: 'chief-password-for-faults' };
/** The bounds the server is started with (the defaults, written out so the test says what it checks). */
const READER_TIMEOUT_MS = 4000;
const ADMIN_TIMEOUT_MS = 10_000;
/** What a busy 2-core machine may add to a bound before the answer is on the wire and read. */
const SLACK_MS = 2500;

/** The server of the test running now: its log's end is printed if the test fails. */
let current: Server | undefined;
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && current)
    console.log(`[faults] the server's last lines:\n${current.output().split('\n').slice(-40).join('\n')}`);
  current = undefined;
  await stopLeftovers(dataDir);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, extra: Record<string, string> = {}): Server {
  current = startServer(port, { dataDir, env: env(extra) });
  return current;
}

const env = (extra: Record<string, string> = {}) => ({
  ADMIN_USERNAME: EDITOR.username,
  ADMIN_PASSWORD: EDITOR.password,
  READER_TIMEOUT_MS: String(READER_TIMEOUT_MS),
  ADMIN_TIMEOUT_MS: String(ADMIN_TIMEOUT_MS),
  // Held clients of every kind at any moment: views written every 50 ms, the scheduler's claim every 500 ms.
  VIEW_FLUSH_MS: '50',
  SCHEDULER_INTERVAL_MS: '500',
  ...extra,
});

/** The load, ready to start against a running server. */
async function loadFor(base: string): Promise<{ load: Load; cookie: string }> {
  const cookie = await signIn(base, EDITOR.username, EDITOR.password);
  const list = (await (await fetchWhole(`${base}/api/news?limit=12`)).json()) as { id: number; title: string }[];
  const sections = (await (await fetchWhole(`${base}/api/categories`)).json()) as { slug: string }[];
  const section = sections.find((s) => s.slug !== 'home')!.slug;
  const load = new Load({ base, cookie, articles: list, section });
  await load.warm();
  return { load, cookie };
}

/** Lines a server logged that mean an error reached Node's last resort: there must be none. */
const lastResortLines = (server: Server) =>
  server
    .output()
    .split('\n')
    .filter((l) => /unhandledRejection|uncaughtException|Unhandled 'error' event/.test(l));

/** Waits for /healthz to answer 200 again after `since`; returns the milliseconds it took. */
async function timeToHealthy(base: string, since: number, limitMs = 30_000): Promise<number> {
  const deadline = since + limitMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetchWhole(`${base}/healthz`);
      if (res.ok) return Date.now() - since;
    } catch {
      /* counted by the load as a network error */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/healthz not back within ${limitMs} ms`);
}

/** Asserts what readers and the editor got, and prints the figures. */
function judge(name: string, load: Load, extra: string) {
  const t = load.tally;
  console.log(`[faults] ${name}: ${describeTally(t)}; ${extra}`);
  expect(t.failures, t.failures.join('\n')).toEqual([]);
  expect(t.byKind['network error'] ?? 0).toBe(0);
  expect(t.slowestReaderMs).toBeLessThan(READER_TIMEOUT_MS + SLACK_MS);
  expect(t.slowestWriteMs).toBeLessThan(ADMIN_TIMEOUT_MS + SLACK_MS);
  // /healthz answered throughout, within its own second (and the machine's slack).
  expect(t.slowestHealthMs).toBeLessThan(1000 + SLACK_MS);
  // The load did run through the fault: pages were read and the editor was told of saves.
  const pages = ['page 200', 'page 503', 'search 200', 'search 503'].reduce((n, k) => n + (t.byKind[k] ?? 0), 0);
  expect(pages).toBeGreaterThan(20);
  expect(load.acknowledged.breaking.length + load.acknowledged.news.length).toBeGreaterThan(3);
}

describe('the embedded PostgreSQL killed under load', () => {
  for (const workers of [1, 2]) {
    it(
      `never stops the site (WEB_CONCURRENCY=${workers}): three SIGKILLs, back by itself, nothing acknowledged lost`,
      { timeout: 240_000 },
      async () => {
        const port = await freePort();
        const server = start(port, { WEB_CONCURRENCY: String(workers) });
        await waitUntilUp(port, server);
        const base = `http://127.0.0.1:${port}`;
        if (workers > 1)
          await expect.poll(() => server.output().split('worker listening').length - 1, { timeout: 30_000 }).toBe(2);
        const workerPids = workers > 1 ? workersOf(server) : [];
        const { load, cookie } = await loadFor(base);
        load.start();
        const recoveries: number[] = [];
        try {
          for (let round = 0; round < 3; round++) {
            await new Promise((r) => setTimeout(r, 1500)); // load running, clients held of every kind
            const postmaster = postmasterPid(dataDir);
            process.kill(postmaster, 'SIGKILL');
            const killedAt = Date.now();
            await expect.poll(() => alive(postmaster), { timeout: 10_000 }).toBe(false);
            recoveries.push(await timeToHealthy(base, killedAt));
            expect(server.child.exitCode).toBeNull();
          }
          await new Promise((r) => setTimeout(r, 1500)); // and serving as before afterwards
        } finally {
          await load.stop();
        }
        // The process lives, and with workers, none of them died either (the same pids throughout).
        expect(server.child.exitCode).toBeNull();
        if (workers > 1) expect(workersOf(server).sort()).toEqual(workerPids.sort());
        expect(lastResortLines(server)).toEqual([]);
        expect(server.output()).toContain('a database connection was lost');
        judge(`SIGKILL x3, WEB_CONCURRENCY=${workers}`, load, `healthy again after ${recoveries.join(', ')} ms`);
        for (const ms of recoveries) expect(ms).toBeLessThan(15_000);
        expect(await missingWrites(base, cookie, load)).toEqual([]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      },
    );
  }
});

describe('the embedded PostgreSQL frozen under load', () => {
  it(
    'answers every reader within the bound for 20 s (the last good copy or an Arabic 503), then serves fresh pages',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const server = start(port);
      await waitUntilUp(port, server);
      const base = `http://127.0.0.1:${port}`;
      const { load, cookie } = await loadFor(base);
      load.start();
      let frozen: number[] = [];
      let healthyMs: number | undefined;
      let frozenAt = 0;
      let thawedAt = 0;
      try {
        await new Promise((r) => setTimeout(r, 1500));
        // The postmaster and every session it runs, as a stalled disk or a paused VM freezes them.
        const postmaster = postmasterPid(dataDir);
        frozen = [postmaster, ...childrenOf(postmaster)];
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
        frozenAt = Date.now();
        await new Promise((r) => setTimeout(r, 20_000));
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
        thawedAt = Date.now();
        frozen = [];
        healthyMs = await timeToHealthy(base, thawedAt);
        await new Promise((r) => setTimeout(r, 1500));
      } finally {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
        await load.stop();
      }
      expect(server.child.exitCode).toBeNull();
      expect(lastResortLines(server)).toEqual([]);
      const whileFrozen = load.tally.pagesAt.filter((t) => t >= frozenAt && t <= thawedAt).map((t) => t - frozenAt);
      const seconds = whileFrozen.map((ms) => (ms / 1000).toFixed(1)).join(' ');
      judge('SIGSTOP 20 s', load, `healthy ${healthyMs} ms after the thaw; pages while frozen at (s) ${seconds}`);
      // Every page readers had read before came with its content while the database slept (the last good copy),
      // never a 503; and pages kept coming: as many as there are readers, and into the freeze's second half.
      expect(load.tally.byKind['page 503'] ?? 0).toBe(0);
      expect(whileFrozen.length).toBeGreaterThanOrEqual(8);
      expect(whileFrozen.filter((ms) => ms > 10_000).length).toBeGreaterThan(0);
      expect(await missingWrites(base, cookie, load)).toEqual([]);
      // Fresh again: a page no cache holds renders from the database.
      expect((await fetchWhole(`${base}/search?q=${encodeURIComponent('بعد التجميد')}`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});

describe('an external PostgreSQL (Debian’s) restarted under load', () => {
  it('reconnects by itself after two restarts, with nothing acknowledged lost', { timeout: 240_000 }, async () => {
    const db = await startSystemPostgres('sahifa_faults');
    try {
      const port = await freePort();
      const server = start(port, { DATABASE_URL: db.url });
      await waitUntilUp(port, server, 90_000);
      const base = `http://127.0.0.1:${port}`;
      const { load, cookie } = await loadFor(base);
      load.start();
      const recoveries: number[] = [];
      try {
        for (let round = 0; round < 2; round++) {
          await new Promise((r) => setTimeout(r, 1500));
          const cutAt = Date.now();
          await db.restart();
          recoveries.push(await timeToHealthy(base, cutAt));
        }
        await new Promise((r) => setTimeout(r, 1500));
      } finally {
        await load.stop();
      }
      expect(server.child.exitCode).toBeNull();
      expect(lastResortLines(server)).toEqual([]);
      judge('external PostgreSQL restarted x2', load, `healthy again after ${recoveries.join(', ')} ms`);
      expect(await missingWrites(base, cookie, load)).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await db.stop();
    }
  });
});
