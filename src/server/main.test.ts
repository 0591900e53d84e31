/**
 * The real server as a process on the embedded PostgreSQL: first start with demo content, a second start on
 * the same data refused, recovery after SIGKILL with nothing committed lost, PostgreSQL frozen (SIGSTOP) or killed
 * under the app, Ctrl-C to the group, and a clean SIGTERM stop.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';
import {
  alive,
  childrenOf,
  fetchWhole,
  getOnNewConnection,
  listeningCount,
  postmasterPid as pidOf,
  startServer as start,
  stopLeftovers,
  waitUntilUp,
  workersOf,
} from './test/server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-main-'));
fs.chmodSync(dataDir, 0o755);
const fetch = fetchWhole;
const startServer = (port: number, opts: { ownGroup?: boolean; env?: Record<string, string> } = {}) =>
  start(port, { ...opts, dataDir });
const postmasterPid = () => pidOf(dataDir);
const statusOnNewConnection = async (url: string) => (await getOnNewConnection(url)).status;

// A test that fails half-way must not leave a server holding the data directory for the next one.
afterEach(() => stopLeftovers(dataDir));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it(
    'starts, refuses a second owner, survives SIGKILL without losing data, and stops cleanly',
    { timeout: 120_000 },
    async () => {
      const portA = await freePort();
      const a = startServer(portA);
      await waitUntilUp(portA, a);
      const base = `http://127.0.0.1:${portA}`;
      const list = await (await fetch(`${base}/api/news?limit=20`)).json();
      expect(list).toHaveLength(20);
      const id = list[0].id as number;
      const viewed = await (await fetch(`${base}/api/news/${id}/view`, { method: 'POST' })).json();
      // Views are written every VIEW_FLUSH_MS (200 here): a crash loses at most the last interval's. Past it, none.
      await new Promise((r) => setTimeout(r, 1000));

      // A second server on the same data directory is refused and does no harm to the first.
      const portB = await freePort();
      const b = startServer(portB);
      expect(await b.exited).toBe(1);
      expect(b.output()).toContain(`in use by another Sahifa server (pid ${a.child.pid}`);
      expect((await fetch(`${base}/healthz`)).ok).toBe(true);

      // SIGKILL leaves postgres orphaned; the next start stops it and comes up with every committed row.
      a.child.kill('SIGKILL');
      await a.exited;
      const portC = await freePort();
      const c = startServer(portC);
      await waitUntilUp(portC, c);
      expect(c.output()).toContain('left running by a previous server');
      const article = await (await fetch(`http://127.0.0.1:${portC}/api/news/${id}`)).json();
      expect(article.views).toBe(viewed.views);
      expect(c.output()).not.toContain('Demo content added'); // seeded once, not again

      // SIGTERM: a graceful stop that also stops postgres and frees the data directory.
      c.child.kill('SIGTERM');
      expect(await c.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'sahifa.lock'))).toBe(false);
    },
  );

  it(
    'runs WEB_CONCURRENCY workers over one embedded PostgreSQL, replaces a worker that dies, and stops them all cleanly',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = startServer(port, { env: { WEB_CONCURRENCY: '2' } });
      await waitUntilUp(port, server);
      const base = `http://127.0.0.1:${port}`;
      const workers = () => workersOf(server);
      const listening = () => listeningCount(server);
      // Both forked and both listening: until a worker listens, the primary hands it no connections, and killing
      // the only one that listens would close the port.
      await expect.poll(() => workers().length === 2 && listening() === 2, { timeout: 30_000 }).toBe(true);
      expect(server.output()).toContain('Started 2 workers');
      const [article] = await (await fetch(`${base}/api/news?limit=1`)).json();

      // A worker killed: the other goes on answering, and the primary starts a replacement.
      const [victim] = workers();
      process.kill(victim!, 'SIGKILL');
      await expect
        .poll(() => server.output().includes('worker exited; starting another'), { timeout: 10_000 })
        .toBe(true);
      // Before the replacement is up (a second later), the other worker answers everything. (The connections the
      // dead worker held were reset with it; each request here comes on a new one.)
      for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(`${base}/healthz`)).toBe(200);
      await expect
        .poll(() => workers().length === 2 && !workers().includes(victim!) && listening() === 3, { timeout: 30_000 })
        .toBe(true);

      // Views counted by either worker add up; SIGTERM drains both, writes what they hold, then stops PostgreSQL.
      const before = (await (await fetch(`${base}/api/news/${article.id}`)).json()).views as number;
      const counted = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${base}/api/news/${article.id}/view`, { method: 'POST' })),
      );
      expect(counted.every((r) => r.status === 200)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'sahifa.lock'))).toBe(false);
      const again = startServer(port);
      await waitUntilUp(port, again);
      expect((await (await fetch(`${base}/api/news/${article.id}`)).json()).views).toBe(before + 20);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it(
    'answers /metrics for all its workers together, whichever worker takes the scrape',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const token = 'a-metrics-token-for-this-test';
      const server = startServer(port, { env: { WEB_CONCURRENCY: '2', METRICS_TOKEN: token } });
      await waitUntilUp(port, server);
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(() => listeningCount(server), { timeout: 30_000 }).toBe(2);
      // Ten requests, each on a new connection: the primary hands them to the two workers in turn.
      for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(`${base}/api/categories`)).toBe(200);
      const counted = (text: string) =>
        Number(/^http_requests_total\{method="GET",route="\/api\/categories",status="200"\} (\d+)$/m.exec(text)?.[1]);
      // Scrapes reach both workers too; each says ten, the whole server's count, not the half its worker answered.
      for (let i = 0; i < 4; i++) {
        const scrape = await getOnNewConnection(`${base}/metrics`, { authorization: `Bearer ${token}` });
        expect(scrape.status).toBe(200);
        expect(counted(scrape.body)).toBe(10);
        expect(scrape.body).toMatch(/^sahifa_draining 0$/m);
        expect(scrape.body).toMatch(/^sahifa_db_pool_max_connections 20$/m); // two workers' pools of 10
      }
      expect((await getOnNewConnection(`${base}/metrics`, { authorization: 'Bearer wrong' })).status).toBe(401);

      // A worker that cannot answer (frozen): the scrape is an Arabic 503 within seconds, never a count missing its
      // share. A scrape handed to the frozen worker itself waits; the next connection goes to the other one.
      const [frozen] = workersOf(server).filter(alive);
      expect(frozen).toBeDefined();
      process.kill(frozen!, 'SIGSTOP');
      try {
        let answer: { status: number; body: string } | undefined;
        for (let attempt = 0; attempt < 3 && !answer; attempt++) {
          answer = await Promise.race([
            getOnNewConnection(`${base}/metrics`, { authorization: `Bearer ${token}` }),
            new Promise<undefined>((r) => setTimeout(() => r(undefined), 8000)),
          ]);
        }
        expect(answer?.status).toBe(503);
        expect(JSON.parse(answer!.body).message).toMatch(/[\u0600-\u06FF]/);
      } finally {
        process.kill(frozen!, 'SIGCONT');
      }
      const scrape = () => getOnNewConnection(`${base}/metrics`, { authorization: `Bearer ${token}` });
      // Thawed, it catches up and answers again.
      await expect.poll(async () => (await scrape()).status).toBe(200);
      expect(counted((await scrape()).body)).toBe(10);

      // A worker that dies takes its counts with it; the sum keeps them (a counter that went down would read as a
      // reset in every rate), and its replacement adds its own from zero.
      const [victim] = workersOf(server);
      process.kill(victim!, 'SIGKILL');
      await expect.poll(() => listeningCount(server), { timeout: 30_000 }).toBe(3);
      const afterDeath = await scrape();
      expect(afterDeath.status).toBe(200);
      expect(counted(afterDeath.body)).toBe(10);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it(
    'stops with an error when its workers cannot start (the port is taken), leaving nothing behind',
    { timeout: 120_000 },
    async () => {
      const blocker = http.createServer(() => {});
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
      const port = (blocker.address() as { port: number }).port;
      try {
        const server = startServer(port, { env: { WEB_CONCURRENCY: '2' } });
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain('workers in a row exited before listening');
        expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
        expect(fs.existsSync(path.join(dataDir, 'sahifa.lock'))).toBe(false);
      } finally {
        blocker.close();
      }
    },
  );

  it(
    'stays answerable while PostgreSQL is frozen for 20 s (SIGSTOP): healthz within a second, no 500, no empty page',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = startServer(port, { ownGroup: true });
      await waitUntilUp(port, server);
      const base = `http://127.0.0.1:${port}`;
      const [article] = await (await fetch(`${base}/api/news?limit=1`)).json();
      const page = await fetch(`${base}/news/${article.id}`);
      expect(page.status).toBe(200);
      const postmaster = postmasterPid();

      // The postmaster and every process it started (each backend is a session of its own) are frozen, as a
      // stalled disk or a paused VM would freeze them.
      const frozen = [postmaster, ...childrenOf(postmaster)];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      const frozenAt = Date.now();
      const answers: Promise<{ what: string; status: number; body: string }>[] = [];
      const ask = (what: string) => {
        const answer = fetch(`${base}${what}`).then(async (r) => ({ what, status: r.status, body: await r.text() }));
        answer.catch(() => {}); // awaited below; if an assertion fails first, its rejection is not an unhandled one
        answers.push(answer);
      };
      try {
        ask(`/news/${article.id}`); // cached: served
        ask(`/news/${article.id}?fresh=1`); // same page, a fresh query string
        ask('/category/libya');
        ask('/search?q=%D8%AE%D8%A8%D8%B1');
        ask('/api/news?limit=3&offset=7');
        ask(`/api/news/${article.id}`);
        ask('/api/breaking-news');
        ask('/api/search?q=%D9%84%D9%8A%D8%A8%D9%8A%D8%A7');
        ask('/api/settings');
        ask('/sitemap.xml');
        ask('/rss.xml');
        while (Date.now() - frozenAt < 20_000) {
          const asked = Date.now();
          const health = await fetch(`${base}/healthz`);
          expect(Date.now() - asked).toBeLessThan(1500);
          expect(health.status).toBe(503);
          await new Promise((r) => setTimeout(r, 1000));
        }
      } finally {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      }
      for (const a of await Promise.all(answers)) {
        // Served (a good or last-good copy, with its content), or an Arabic "come back shortly": never a 500.
        expect([200, 503], a.what).toContain(a.status);
        if (a.status === 503) expect(a.body, a.what).toMatch(/[\u0600-\u06FF]/);
        if (a.what.startsWith('/news/') && a.status === 200) expect(a.body).toContain(article.title);
      }

      // Back by itself: healthy, and the pages render from the database again.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(await fetch(`${base}/healthz`)).ok)
        await new Promise((r) => setTimeout(r, 200));
      expect((await fetch(`${base}/healthz`)).ok).toBe(true);
      const again = await fetch(`${base}/category/libya?after=stall`);
      expect(again.status).toBe(200);
      const fresh = await fetch(`${base}/api/news/${article.id}?after=stall`);
      expect(fresh.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it(
    'restarts PostgreSQL by itself when it dies, and Ctrl-C to the group drains every request before stopping it',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const server = startServer(port, { ownGroup: true });
      await waitUntilUp(port, server);
      const base = `http://127.0.0.1:${port}`;

      // PostgreSQL killed under the app: /healthz says so quickly, then all is well again without anyone's help.
      const first = postmasterPid();
      process.kill(first, 'SIGKILL');
      // Meanwhile /healthz answers at once (503 while PostgreSQL is away), never hangs; then 200 again by itself.
      const deadline = Date.now() + 60_000;
      let healthy = false;
      while (Date.now() < deadline && !healthy) {
        const asked = Date.now();
        const res = await fetch(`${base}/healthz`);
        expect(Date.now() - asked).toBeLessThan(2000);
        expect([200, 503]).toContain(res.status);
        healthy = res.ok && server.output().includes('PostgreSQL is running again');
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect((await fetch(`${base}/healthz`)).ok).toBe(true);
      expect(postmasterPid()).not.toBe(first);
      expect(server.output()).toContain('PostgreSQL exited unexpectedly');
      expect(server.output()).toContain('PostgreSQL is running again');

      // Ctrl-C reaches the whole group: requests already in flight are all answered, page views are flushed,
      // then PostgreSQL (in a group of its own) is stopped by the app, and the data directory is freed.
      const before = (await (await fetch(`${base}/api/news?limit=1`)).json())[0];
      const inFlight = Array.from({ length: 10 }, (_, i) =>
        fetch(`${base}/search?q=${encodeURIComponent(`خبر ${i}`)}`).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      );
      for (const p of inFlight) p.catch(() => {}); // awaited below, as above
      // A view acknowledged just before the stop, still in memory (flushes come every 200 ms here).
      const counted = await (await fetch(`${base}/api/news/${before.id}/view`, { method: 'POST' })).json();
      process.kill(-server.child.pid!, 'SIGINT');
      // None reset: each is served, or told in Arabic to come back (a 503 with Retry-After) if it came too late.
      const statuses = await Promise.all(inFlight);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'sahifa.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      // The view acknowledged just before the stop was written by the graceful stop.
      const again = startServer(port);
      await waitUntilUp(port, again);
      expect((await (await fetch(`${base}/api/news/${before.id}`)).json()).views).toBe(counted.views);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );
});
