/**
 * The operating system's PostgreSQL (Debian's `postgresql` package: /usr/lib/postgresql/<major>/bin), started by a
 * test in a folder of its own on a free port: an external database of another major version than the embedded one,
 * as several app instances on several machines would share. Run as the `postgres` user when the test runs as root
 * (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../db/embedded';

export interface SystemPostgres {
  /** The server's major version (e.g. 15). */
  major: number;
  /** postgres://… of a database created for the test. */
  url: string;
  /** The postmaster's pid (its children are the sessions, to freeze or kill in tests). */
  readonly pid: number;
  /** As a crash or a failover does: every session cut at once (immediate shutdown), then the server started again. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

export function findSystemPostgres(): { bin: string; major: number } | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const majors = fs
    .readdirSync(base)
    .map(Number)
    .filter((v) => v > 0 && fs.existsSync(path.join(base, String(v), 'bin', 'postgres')))
    .sort((a, b) => b - a);
  return majors.length ? { bin: path.join(base, String(majors[0]), 'bin'), major: majors[0]! } : undefined;
}

export async function startSystemPostgres(database = 'sahifa'): Promise<SystemPostgres> {
  const found = findSystemPostgres();
  if (!found) throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql); .ci/run installs it");
  const root = process.getuid?.() === 0;
  const owner = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-syspg-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (root) fs.chownSync(dataDir, owner.uid!, owner.gid!);
  const password = 'test-only-password';
  const pwFile = path.join(dir, 'pw');
  fs.writeFileSync(pwFile, password, { mode: 0o600 });
  if (root) fs.chownSync(pwFile, owner.uid!, owner.gid!);
  execFileSync(
    path.join(found.bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--pwfile', pwFile, '-A', 'scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'],
    { ...owner, stdio: 'ignore', cwd: dir },
  );
  const port = await freePort();
  let log = '';
  let child!: ChildProcess;
  const launch = () => {
    child = spawn(
      path.join(found.bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        '-c',
        'fsync=off',
      ],
      { ...owner, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    child.on('error', (err) => (log += `\nspawn error: ${String(err)}`));
  };
  const admin = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  /** Waits until the server takes connections, then runs `first` on one (if given). */
  const ready = async (first?: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const c = new pg.Client({ connectionString: admin });
      c.on('error', () => {}); // a connection refused while the server starts is retried below, never uncaught
      try {
        await c.connect();
        if (first) await c.query(first);
        await c.end();
        return;
      } catch (err) {
        await c.end().catch(() => {});
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`Debian's PostgreSQL did not start: ${String(err)}\n${log}`, { cause: err });
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const halt = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  launch();
  await ready(`create database ${database} encoding 'UTF8' template template0`);
  return {
    major: found.major,
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    get pid() {
      return child.pid!;
    },
    restart: async () => {
      await halt('SIGQUIT'); // immediate shutdown: every session cut at once, recovery from the WAL at the next start
      launch();
      await ready();
    },
    stop: async () => {
      await halt('SIGINT'); // fast shutdown
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
