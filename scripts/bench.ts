/**
 * `npm run bench`: the built server on fresh demo data against a baseline (the same server, see
 * bench-baseline.ts, answering with a fixed buffer of the same size and type), measured in one run on this machine and printed as
 * ratios to the baseline. Load comes from autocannon on loopback only and is bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../src/server/db/embedded';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function spawnTs(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
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

async function measure(url: string, uncached = false) {
  let n = 0;
  // A fresh query string per request misses the page cache: every answer is rendered.
  const requests = uncached
    ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: `${req.path}?bench=${n++}` }) }]
    : undefined;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: requests as never });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/client/.vite/manifest.json'))) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-bench-'));
  fs.chmodSync(dataDir, 0o755);
  try {
    const [port, basePort, pgPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      WEATHER_API_URL: 'http://127.0.0.1:9',
    };
    const server = spawnTs('src/server/main.ts', { ...env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) });
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/healthz`, server);
    const [first] = (await (await fetch(`${origin}/api/news?limit=1`)).json()) as { id: number }[];
    const targets = { home: '/', article: `/news/${first!.id}`, 'api-news': '/api/news' };

    const sizes: Record<string, { bytes: number; type: string; base64: string }> = {};
    for (const [name, p] of Object.entries(targets)) {
      const res = await fetch(origin + p);
      const bytes = Buffer.from(await res.arrayBuffer());
      sizes[name] = {
        bytes: bytes.length,
        type: res.headers.get('content-type') ?? 'text/plain',
        base64: bytes.toString('base64'),
      };
    }
    const bodiesFile = path.join(dataDir, 'bench-bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(sizes));
    const pgPassword = encodeURIComponent(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
    const baseline = spawnTs('scripts/bench-baseline.ts', {
      ...env,
      PORT: String(basePort),
      DATABASE_URL: `postgres://postgres:${pgPassword}@127.0.0.1:${pgPort}/sahifa`,
      BENCH_BODIES: bodiesFile,
    });
    const baseOrigin = `http://127.0.0.1:${basePort}`;
    await waitFor(`${baseOrigin}/fixed/home`, baseline);

    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, on ${os.cpus().length} cores\n`);
    console.log('target      bytes    req/s  baseline  ratio   p99 ms  baseline  ratio');
    const print = (name: string, s: { rps: number; p99: number }, b: { rps: number; p99: number }) =>
      console.log(
        `${name.padEnd(10)} ${String(sizes[name.replace('*', '')]!.bytes).padStart(6)} ${s.rps.toFixed(0).padStart(8)} ${b.rps.toFixed(0).padStart(9)} ${(s.rps / b.rps).toFixed(2).padStart(6)} ${String(s.p99).padStart(8)} ${String(b.p99).padStart(9)} ${(s.p99 / Math.max(b.p99, 1)).toFixed(2).padStart(6)}`,
      );
    for (const [name, p] of Object.entries(targets)) {
      await measure(origin + p); // warm-up: fills the page cache and the JIT
      const s = await measure(origin + p);
      const b = await measure(`${baseOrigin}/fixed/${name}`);
      print(name, s, b);
    }
    const rendered = await measure(origin + '/', true);
    const b = await measure(`${baseOrigin}/fixed/home`);
    print('home*', rendered, b);
    console.log('\nhome*: every request misses the cache and renders the page (queries, React, document).');
    console.log(
      'ratio: server ÷ baseline (req/s: 1.00 means as fast as serving a fixed buffer; p99: lower is better).',
    );
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
