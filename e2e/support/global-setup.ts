/**
 * End-to-end runs: the built server (`npm run build` first) as a real process on a fresh embedded database
 * with the demo content, a local fake weather provider, a local stand-in push service (a known push service for the
 * server), and a known admin account. Tests drive Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts } from '../../src/server/db/embedded';
import { startFakePushService } from '../../src/server/test/fake-push-service';
import { startFakeWeather } from '../../src/server/test/fake-weather';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    adminUsername: string;
    adminPassword: string;
    /** The server's DATA_DIR (its outbox folder holds the e-mails it would have sent). */
    dataDir: string;
    /** The local stand-in push service's origin (a known push service for the server; GET /arrived/<id> lists). */
    pushOrigin: string;
    /** A subscription id at that stand-in whose browser is gone: it answers 410 Gone, always. */
    pushGoneId: string;
  }
}

const PUSH_GONE_ID = 'e2e-gone';
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-1234' };

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error('Run `npm run build` before the e2e tests.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const weather = await startFakeWeather();
  const push = await startFakePushService();
  push.answer(PUSH_GONE_ID, [{ status: 410 }], true);
  const [port, pgPort] = await freePorts(2);
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      WEATHER_API_URL: weather.url,
      PUSH_ENDPOINT_ORIGINS: push.origin,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Scheduled articles are looked for every 2 s (10 s in production), so the scheduling test waits less.
      SCHEDULER_INTERVAL_MS: '2000',
      // Live coverage pages poll every second (10 s in production), so a reader sees an entry at once.
      LIVE_POLL_SECONDS: '1',
      // A reader's page right after an editor's save shows it (by default readers may get the previous copy for up to
      // a second while it is re-rendered; the cache's own tests check that).
      CACHE_SERVE_PREVIOUS_MS: '0',
      // The end-to-end tests sign staff in with a password; security.e2e.ts enrols its own second factors.
      STAFF_2FA_ROLES: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stopped = () =>
    new Promise((r) => (server.exitCode !== null || server.signalCode !== null ? r(null) : server.once('exit', r)));
  const stop = async () => {
    server.kill('SIGTERM'); // drains, then stops its PostgreSQL
    await stopped();
    await weather.close();
    await push.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/healthz`);
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    // Nothing left behind: no server holding a port, no PostgreSQL, no weather server keeping vitest alive.
    await stop();
    throw err;
  }
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/sahifa`);
  project.provide('adminUsername', E2E_ADMIN.username);
  project.provide('adminPassword', E2E_ADMIN.password);
  project.provide('dataDir', dataDir);
  project.provide('pushOrigin', push.origin);
  project.provide('pushGoneId', PUSH_GONE_ID);

  return stop;
}
