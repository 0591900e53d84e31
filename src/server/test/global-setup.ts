/**
 * Once per test run: a PostgreSQL to test against (TEST_DATABASE_URL, else a throw-away embedded cluster)
 * and a migrated template database. Each test file clones the template (see harness.ts), which takes
 * milliseconds, so every file starts from a clean, fully migrated schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/client';
import { acquireDataDirLock, startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';

export const TEMPLATE_DB = 'sahifa_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let teardown = async () => {};
  if (!adminUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-test-'));
    fs.chmodSync(dir, 0o755);
    const release = acquireDataDirLock(dir);
    const server = await startEmbeddedPostgres({ dataDir: dir, log: () => {} });
    adminUrl = server.url('postgres');
    teardown = async () => {
      await server.stop();
      release();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB} encoding 'UTF8' template template0`);
  await admin.end();
  const template = connect(withDatabase(adminUrl, TEMPLATE_DB), { max: 2 });
  await runMigrations(template.db);
  await template.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', TEMPLATE_DB);
  return teardown;
}
