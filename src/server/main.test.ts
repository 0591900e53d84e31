/**
 * The real server as a process on the embedded PostgreSQL: first start with demo content, a second start on
 * the same data refused, recovery after SIGKILL with nothing committed lost, and a clean SIGTERM stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-main-'));
fs.chmodSync(dataDir, 0o755);
const running: ChildProcess[] = [];

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number): Server {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEATHER_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      VIEW_FLUSH_MS: '200',
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

async function waitUntilUp(port: number, server: Server): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not come up:\n${server.output()}`);
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  // Stop any postgres a failed run left behind, then remove the folder.
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    /* none */
  }
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
});
