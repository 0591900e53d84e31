/**
 * The benchmarks' load generator. `wrk` (Debian's package `wrk`) when it is installed: written in C, one thread drives
 * a bare node:http server past 50k req/s with a 20 KB page on this machine, so it is not what limits the figures.
 * Otherwise autocannon (in a worker thread), which parses every answer in JavaScript and saturates far lower with
 * pages of that size (a few thousand a second): near its ceiling both servers look alike, so the bench prints no ratio
 * there (the tables print the bare server's own rate beside each, so the ceiling is always visible).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers counted (2xx, or 3xx when they are what was asked for). */
  ok: number;
  /** Answers that were not (an overloaded server's 503s) and socket errors: only with `tolerate`, else a failure. */
  failed: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /**
   * Report failed answers in `failed` instead of failing the run: for pages rendered every time, where a server past
   * its capacity answers some readers with its Arabic 503 after the reader's time bound, and that is the finding.
   */
  tolerate?: boolean;
}

export interface MixOptions extends LoadOptions {
  /** GET (default) or POST (an empty body, as a beacon, unless `body` is given). */
  method?: 'GET' | 'POST';
  /** The body of every POST (JSON: send a content-type header with it). */
  body?: string;
}

/** BENCH_GENERATOR=autocannon uses autocannon even where wrk is installed (to compare the two). */
export const WRK = (() => {
  if (process.env.BENCH_GENERATOR === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk --version exits 1 after printing its version.
    return (e as { status?: number }).status === 1;
  }
})();

export const GENERATOR = WRK
  ? 'wrk (1 thread)'
  : 'autocannon (1 worker; it parses every answer in JavaScript, so near its own ceiling both servers look alike)';

/** Milliseconds from wrk's "1.23ms" / "456.00us" / "1.01s". */
const ms = (v: string) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
};

/**
 * wrk over one URL, or over several paths in turn (a Lua script: each request takes the next path, so 200 connections
 * ask for a mix, as readers do), GET or POST.
 */
function wrk(url: string, o: MixOptions, paths?: readonly string[]): Promise<LoadResult> {
  // A render of a page may take a few seconds under load: wrk's own 2 s would count it as an error.
  const args = ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '--timeout', '15s'];
  for (const [k, v] of Object.entries(o.headers)) args.push('-H', `${k}: ${v}`);
  let script: string | undefined;
  if (paths || (o.method && o.method !== 'GET') || o.body) {
    const list = (paths ?? [new URL(url).pathname + new URL(url).search]).map((p) => JSON.stringify(p)).join(', ');
    script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-wrk-')), 'mix.lua');
    fs.writeFileSync(
      script,
      `local paths = { ${list} }\nlocal body = ${o.body ? JSON.stringify(o.body) : 'nil'}\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("${o.method ?? 'GET'}", paths[(n % #paths) + 1], nil, body)\nend\n`,
    );
    args.push('-s', script);
  }
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`wrk exited ${code}: ${out}`));
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
      const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
      const total = Number(/(\d+) requests in/.exec(out)?.[1]);
      const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const errors = sock ? sock.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
      if ((bad || errors) && !o.tolerate)
        return reject(new Error(`${url}: ${bad} non-2xx/3xx answers, ${errors} socket errors`));
      // wrk's rate counts every answer; the rate reported is of good ones.
      const seconds = total / rps || o.seconds;
      resolve({ rps: (total - bad) / seconds, p50, p99, ok: total - bad, failed: bad + errors });
    });
  });
}

async function cannon(url: string, o: MixOptions, paths?: readonly string[]): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: o.connections,
    duration: o.seconds,
    headers: o.headers,
    workers: 1,
    ...(paths || o.method
      ? {
          requests: (paths ?? [new URL(url).pathname]).map((p) => ({
            method: o.method ?? 'GET',
            path: p,
            ...(o.body ? { body: o.body } : {}),
          })),
        }
      : {}),
  });
  const failed = r.errors + r.non2xx - r['3xx'];
  if (failed > 0 && !o.tolerate) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const ok = r['2xx'] + r['3xx'];
  return {
    // Its average counts every answer, not socket errors; the rate reported is of good answers.
    rps: failed > 0 ? ok / r.duration : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok,
    failed,
  };
}

/** GETs `url` for `seconds` over `connections` keep-alive connections. */
export const loadUrl = (url: string, o: LoadOptions) => (WRK ? wrk(url, o) : cannon(url, o));
/** Asks `origin` for each of `paths` in turn (GET, or POST with `body` or none) over `connections` keep-alive connections. */
export const loadMix = (origin: string, paths: readonly string[], o: MixOptions) =>
  WRK ? wrk(origin, o, paths) : cannon(origin, o, paths);
