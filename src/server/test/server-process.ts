/**
 * The real server as a child process, for the tests that start, kill, freeze and stop it (main.test.ts,
 * faults.test.ts): start it on a data directory, wait for it, find its workers and its PostgreSQL, and stop whatever
 * a test left running so that one failure cannot hold a data directory for the next test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';

export const root = path.resolve(import.meta.dirname, '../../..');

/**
 * fetch that reads the whole answer before returning it: no body is left half-read on a keep-alive connection
 * when a server is stopped or killed under it (that surfaces later as an error nobody handles).
 */
export async function fetchWhole(url: string, init?: RequestInit): Promise<Response> {
  const res = await globalThis.fetch(url, init);
  const body = await res.arrayBuffer();
  const empty = res.status === 204 || res.status === 304;
  return new Response(empty ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

export interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every server a test started, so that afterEach can stop what is left (stopLeftovers). */
export const running: ChildProcess[] = [];

export function startServer(
  port: number,
  opts: { dataDir: string; ownGroup?: boolean; env?: Record<string, string> },
): Server {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    // Its own process group, as a terminal runs it: a signal to the group reaches everything the group holds.
    detached: opts.ownGroup ?? false,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      WEATHER_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      VIEW_FLUSH_MS: '200',
      // These servers' tests sign staff in with a password alone (the second-factor tests run in-process).
      STAFF_2FA_ROLES: 'none',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitUntilUp(port: number, server: Server, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetchWhole(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not come up:\n${server.output()}`);
}

/** The embedded PostgreSQL's postmaster, from its pid file (throws if there is none). */
export const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** GET on a connection of its own (no keep-alive pool): the primary of WEB_CONCURRENCY hands it to the next worker. */
export function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Pids whose parent is `pid`, from /proc. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // The field after the parenthesised command name is the state, then the parent pid.
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** The WEB_CONCURRENCY workers of a server (its other child is PostgreSQL). */
export const workersOf = (server: Server) =>
  childrenOf(server.child.pid!).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js');
    } catch {
      return false;
    }
  });

/** How many times a WEB_CONCURRENCY server's workers have started listening (the primary logs each). */
export const listeningCount = (server: Server) => server.output().split('worker listening').length - 1;

/** Whether a process is still alive (a zombie counts as gone). */
export function alive(pid: number): boolean {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

/**
 * Stops whatever a test left running: its servers, their workers and the embedded PostgreSQL of `dataDir` (only if
 * that pid is still a postgres: pids are reused).
 */
export async function stopLeftovers(dataDir: string): Promise<void> {
  const left = running.splice(0).filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of left) {
    for (const pid of childrenOf(c.pid!)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    c.kill('SIGKILL');
  }
  await Promise.all(
    left.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode ? r(null) : c.once('exit', r)))),
  );
  let pid = 0;
  try {
    pid = postmasterPid(dataDir);
  } catch {
    return; // none
  }
  const isPostgres = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
    } catch {
      return false;
    }
  };
  if (pid > 0 && alive(pid) && isPostgres()) {
    process.kill(pid, 'SIGQUIT');
    await expect.poll(() => alive(pid), { timeout: 15_000 }).toBe(false);
  }
}
