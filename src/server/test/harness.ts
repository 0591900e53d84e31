/** Test helpers: a fresh database per test file (cloned from the migrated template) and an app over it. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { connect, type Database } from '../db/client';
import { createMediaStore } from '../modules/media/media.store';

export interface TestDatabase extends Database {
  name: string;
  drop: () => Promise<void>;
}

/** One statement as the test cluster's superuser (creating and dropping databases). */
export async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `sahifa_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${inject('templateDb')}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const database = connect(url.toString(), { max: 5 });
  return {
    ...database,
    name,
    drop: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The data folders this test file made, removed after its last test: many tests build their app from testConfig()
 * and close it themselves, and each left a folder in /tmp on every run. Registered when a test file imports this,
 * so it runs after the file's own afterAll hooks (Vitest runs them in reverse order), once its apps are closed.
 */
const madeDataDirs: string[] = [];
afterAll(() => {
  for (const dir of madeDataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-data-'));
  madeDataDirs.push(dataDir);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEATHER_API_URL: 'http://127.0.0.1:9',
    // Tests of other features sign in with a password alone (the policy set as an automated set-up would);
    // the second-factor tests pass STAFF_2FA_ROLES: '' to get the settings' policy (admins and editors by default).
    STAFF_2FA_ROLES: 'none',
    // A read right after a write sees it (the default lets readers have the previous copy for a moment, which the
    // cache's own tests check); tests of other features read what they just wrote.
    CACHE_SERVE_PREVIOUS_MS: '0',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
}

/** A database of its own and an app over it; close() drops both. */
export async function createTestApp(deps: Partial<Omit<AppDeps, 'db'>> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = deps.config ?? testConfig();
  const app = await buildApp({ ...deps, config, db: database.db });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Services over a database of their own, without HTTP; `invalidated` records the tags each write dropped. */
export async function createTestModules(now: () => Date = () => new Date()) {
  const { buildModules } = await import('../modules');
  const database = await createTestDatabase();
  const config = testConfig();
  const invalidated: string[][] = [];
  const modules = buildModules({
    db: database.db,
    config,
    now,
    fetch,
    log: { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as never,
    invalidation: {
      announce: async () => {},
      invalidate: async (tags) => void invalidated.push([...tags]),
    },
    mediaStore: createMediaStore(config.media),
  });
  return {
    modules,
    database,
    invalidated,
    close: async () => {
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
