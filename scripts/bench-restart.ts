/**
 * How soon the site is back after a crash: the app (node dist/server/main.js) is killed with SIGKILL while it serves,
 * leaving its embedded PostgreSQL behind as an orphan, and `npm start` is run again, as a supervisor or a person would;
 * the time from that command to the first healthy /healthz, ten times, and their median. Also the same with
 * `node dist/server/main.js` (what a systemd unit runs), so the share of npm itself is visible.
 *
 * Run by `npm run bench` (part 6) and on its own: `node --import tsx scripts/bench-restart.ts`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePorts } from '../src/server/db/embedded';
import { scratchDir } from './bench-processes';

const root = path.resolve(import.meta.dirname, '..');
const KILLS = Number(process.env.RESTART_KILLS ?? 10);

interface Started {
  child: ChildProcess;
  ms: number;
}

async function healthy(url: string, child: ChildProcess, since: number, timeoutMs = 120_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was healthy`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return performance.now() - since;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
}

/** The pid of the app (node scripts/start.mjs, or node … dist/server/main.js) in the group the command started. */
function appPid(group: number): number {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(group)], { encoding: 'utf8' });
  const line = out
    .split('\n')
    .find((l) => /node\s.*(scripts\/start\.mjs|dist\/server\/main\.js)/.test(l) && !l.includes(' sh -c'));
  if (!line) throw new Error(`no app process in group ${group}:\n${out}`);
  return Number(line.trim().split(/\s+/)[0]);
}

export async function measureRestart(
  log: (line: string) => void = console.log,
): Promise<{ npm: number[]; node: number[] }> {
  const dataDir = scratchDir('sahifa-restart-');
  fs.chmodSync(dataDir, 0o755);
  const [port, pgPort] = await freePorts(2);
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    WEATHER_API_URL: 'http://127.0.0.1:9',
    ADMIN_USERNAME: 'restart-admin',
    ADMIN_PASSWORD: 'restart-password-1',
    STAFF_2FA_ROLES: 'none',
  };
  const health = `http://127.0.0.1:${port}/healthz`;
  const start = (command: 'npm' | 'node'): Started => {
    const child =
      command === 'npm'
        ? spawn('npm', ['start', '--silent'], { cwd: root, env, detached: true, stdio: 'ignore' })
        : spawn(process.execPath, ['dist/server/main.js'], {
            cwd: root,
            env,
            detached: true,
            stdio: 'ignore',
          });
    return { child, ms: performance.now() };
  };
  const kill = (s: Started) => {
    const pid = appPid(s.child.pid!);
    process.kill(pid, 'SIGKILL');
    return new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)));
  };
  const results = { npm: [] as number[], node: [] as number[] };
  let running: Started | undefined;
  try {
    running = start('npm'); // the first start makes the database and the demo content
    await healthy(health, running.child, running.ms, 300_000);
    for (const command of ['npm', 'node'] as const) {
      for (let i = 0; i < KILLS; i++) {
        // Serving for a moment, then killed outright: its PostgreSQL is left running, as after a real crash.
        await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
        await kill(running);
        running = start(command);
        results[command].push(await healthy(health, running.child, running.ms));
      }
    }
  } finally {
    if (running && running.child.exitCode === null) {
      try {
        process.kill(-running.child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      await new Promise((r) => (running!.child.exitCode !== null ? r(null) : running!.child.once('exit', r)));
    }
    // The server stops its PostgreSQL on SIGTERM; give it a moment before the folder goes.
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  for (const command of ['npm', 'node'] as const) {
    const runs = results[command];
    log(
      `${(command === 'npm' ? 'npm start' : 'node dist/server/main.js').padEnd(24)} median ${median(runs).toFixed(0)} ms (goal ≤ 2000 ms), min ${Math.min(...runs).toFixed(0)}, max ${Math.max(...runs).toFixed(0)}: ${runs.map((r) => r.toFixed(0)).join(' ')}`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Restart after SIGKILL to a healthy /healthz, ${KILLS} kills each:`);
  measureRestart().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
