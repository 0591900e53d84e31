/** The benchmarks' child processes: started from the repository root, remembered for the stop, waited for. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const children: ChildProcess[] = [];
/** Folders made for this run (the servers' data, a bench's own database): removed at the end, and on a stop signal. */
const scratch: string[] = [];

/** A new folder in the system's temporary directory, removed by removeScratch(). */
export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export function removeScratch(): void {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Stops every child still running (SIGTERM: a server stops its own embedded PostgreSQL) and waits until each has. */
export async function stopChildren(): Promise<void> {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
}

/**
 * Stops the children, then `more` (a database the bench runs itself), removes the folders and exits with `code`: after
 * a failure (SIGTERM, not SIGKILL: a server stops its embedded PostgreSQL only when it stops by itself), or on a stop
 * signal. Once, whoever asks first.
 */
let exiting: Promise<never> | undefined;
export function stopAllAndExit(code: number, more?: () => Promise<void>): Promise<never> {
  return (exiting ??= stopChildren()
    .then(() => more?.())
    .catch((e) => console.error(e))
    .then(() => removeScratch())
    .finally(() => process.exit(code)) as Promise<never>);
}

/**
 * On Ctrl-C or SIGTERM, everything stopped and removed (stopAllAndExit), exit 130: a bench stopped midway had left its
 * servers and their PostgreSQL running and gigabytes in /tmp.
 */
export function cleanUpOnSignal(more?: () => Promise<void>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers and their databases`);
    void stopAllAndExit(130, more);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

/** Runs `node [...args] script` with `env` over this process's environment; its stderr shows through. */
/** The staff account the bench signs in with (made at the server's first start from these variables). */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-1' } as const;

/** What every measured server of the bench runs with: production mode, quiet logs, no weather provider. */
export const BENCH_SERVER_ENV = {
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  WEATHER_API_URL: 'http://127.0.0.1:9',
  ADMIN_USERNAME: BENCH_ADMIN.username,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
} as const;

/** Signs the bench's staff account in; the session cookie to send with its requests. */
export async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

export function startProcess(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...args, script], {
    cwd: root,
    // The bench's staff accounts sign in with a password alone (STAFF_2FA_ROLES, as an automated set-up would).
    env: { ...process.env, STAFF_2FA_ROLES: 'none', ...env },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  children.push(child);
  // A child that stops by itself (not by our SIGTERM/SIGKILL at the end of its part) is said so, with how.
  child.once('exit', (code, signal) => {
    if (!child.killed && code !== 0)
      console.error(`[bench] ${script} (pid ${child.pid}) exited by itself: ${signal ?? `code ${code}`}`);
  });
  return child;
}

/** Resolves once `url` answers 2xx; fails if the child exits first or nothing answers within `timeoutMs`. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
