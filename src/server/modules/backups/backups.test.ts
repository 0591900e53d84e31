/**
 * Scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP, BACKUP_DIR or the media bucket): one instance per slot when
 * several run, archives that restore, the newest BACKUP_KEEP kept, each run logged, its outcome on the admin
 * dashboard's endpoint and in /metrics, failures and interrupted runs shown as such, a slot missed while the server
 * was stopped made up at the next start, and the timer firing by itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { restoreBackup } from '../../ops/backup/restore';
import { addAdmin, as, login } from '../../test/admin-client';
import { addCategory, addNews } from '../../test/fixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3';

const TOKEN = 'metrics-token-backups-0123456789';
const cleanup: (() => Promise<unknown> | void)[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.unshift(() => fs.rmSync(dir, { recursive: true, force: true })); // removed last (the list runs reversed)
  return dir;
};
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** An app over `database` whose log lines are kept, as an instance of the site would run. */
async function instance(database: TestDatabase, env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    }),
  );
  const config = testConfig({ METRICS_TOKEN: TOKEN, ...env });
  const app = await buildApp({ config, db: database.db, logger });
  await app.ready();
  cleanup.push(
    () => app.close(),
    () => fs.rmSync(config.dataDir, { recursive: true, force: true }),
  );
  return { app, config, lines };
}

async function database() {
  const db = await createTestDatabase();
  cleanup.push(() => db.drop());
  await addCategory(db.db, { slug: 'libya', name: 'ليبيا' });
  await addNews(db.db, { category: 'libya', title: 'خبر قبل النسخة الاحتياطية' });
  return db;
}

const slotAt = (iso: string) => new Date(iso);
const archivesIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.tar.gz')) : [];

async function metrics(app: FastifyInstance): Promise<Record<string, number>> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    res.body
      .split('\n')
      .filter((l) => l.startsWith('sahifa_backup_'))
      .map((l) => [l.split(' ')[0]!, Number(l.split(' ')[1])]),
  );
}

async function statusAs(app: FastifyInstance, db: TestDatabase, role: 'admin' | 'editor') {
  const username = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  await addAdmin(db.db, username, role);
  const { cookie } = await login(app, username);
  return as(app, cookie)('GET', '/api/admin/backups');
}

describe('scheduled backups into BACKUP_DIR', () => {
  let db: TestDatabase;
  let backupDir: string;
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    db = await database();
    backupDir = tmp('sahifa-backups-');
    cleanup.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    // Two instances of one site: same database, same schedule, same BACKUP_DIR. The schedule is far away (Jan 1st),
    // so only the slots the tests hand them run.
    const env = { BACKUP_SCHEDULE: '0 3 1 1 *', BACKUP_KEEP: '2', BACKUP_DIR: backupDir };
    [a, b] = await Promise.all([instance(db, env), instance(db, env)]);
  });

  it('is made by one instance per slot, and the archive restores to the same site', async () => {
    const slot = slotAt('2026-01-01T01:00:00Z');
    const outcomes = await Promise.all([a.app.modules.backups.runSlot(slot), b.app.modules.backups.runSlot(slot)]);
    expect(outcomes.map((o) => o.result).sort()).toEqual(['skipped', 'succeeded']);
    expect(archivesIn(backupDir)).toEqual(['sahifa-2026-01-01T01-00-00Z.tar.gz']);

    const target = await createTestDatabase();
    cleanup.push(() => target.drop());
    const dataDir = tmp('sahifa-restored-');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await restoreBackup({
      databaseUrl: target.url,
      dataDir,
      archive: path.join(backupDir, 'sahifa-2026-01-01T01-00-00Z.tar.gz'),
    });
    const { rows } = await target.pool.query<{ title: string }>('select title from news');
    expect(rows.map((r) => r.title)).toEqual(['خبر قبل النسخة الاحتياطية']);

    // Logged by the instance that made it, with where it went and how big it is.
    const made = [...a.lines, ...b.lines].find((l) => l.msg === 'scheduled backup written');
    expect(made).toMatchObject({ location: path.join(backupDir, 'sahifa-2026-01-01T01-00-00Z.tar.gz') });
    expect(made!.bytes).toBeGreaterThan(0);
    expect([...a.lines, ...b.lines].filter((l) => l.msg === 'scheduled backup started')).toHaveLength(1);
  });

  it('keeps the newest BACKUP_KEEP archives and removes the older ones', async () => {
    for (const iso of ['2026-01-02T01:00:00Z', '2026-01-03T01:00:00Z', '2026-01-04T01:00:00Z'])
      expect((await b.app.modules.backups.runSlot(slotAt(iso))).result).toBe('succeeded');
    expect(archivesIn(backupDir).sort()).toEqual([
      'sahifa-2026-01-03T01-00-00Z.tar.gz',
      'sahifa-2026-01-04T01-00-00Z.tar.gz',
    ]);
    expect(await a.app.modules.backups.kept()).toEqual([
      path.join(backupDir, 'sahifa-2026-01-04T01-00-00Z.tar.gz'),
      path.join(backupDir, 'sahifa-2026-01-03T01-00-00Z.tar.gz'),
    ]);
  });

  it('shows the last success to admins and in /metrics, the same from every instance', async () => {
    const res = await statusAs(a.app, db, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const status = res.json();
    expect(status).toMatchObject({
      schedule: '0 3 1 1 *',
      target: 'dir',
      keep: 2,
      latest: { slot: '2026-01-04T01:00:00.000Z', status: 'succeeded' },
      lastSuccess: { slot: '2026-01-04T01:00:00.000Z', status: 'succeeded', error: null },
    });
    expect(Date.parse(status.nextRun)).toBeGreaterThan(Date.now());
    expect(status.lastSuccess.bytes).toBe(fs.statSync(path.join(backupDir, 'sahifa-2026-01-04T01-00-00Z.tar.gz')).size);
    expect((await statusAs(a.app, db, 'editor')).statusCode).toBe(403);

    for (const app of [a.app, b.app]) {
      const m = await metrics(app);
      expect(m.sahifa_backup_last_success_size_bytes).toBe(status.lastSuccess.bytes);
      expect(m.sahifa_backup_last_success_timestamp_seconds).toBe(Date.parse(status.lastSuccess.finishedAt) / 1000);
      expect(m.sahifa_backup_last_success_duration_seconds).toBe(status.lastSuccess.durationMs / 1000);
      expect(m.sahifa_backup_last_run_failed).toBe(0);
    }
  });

  it('records a failure, logs it, and says so on the dashboard and in /metrics; the last good one stays', async () => {
    // BACKUP_DIR made unusable: a file where the folder should be.
    const broken = path.join(tmp('sahifa-broken-'), 'not-a-folder');
    fs.writeFileSync(broken, 'x');
    const c = await instance(db, { BACKUP_SCHEDULE: '0 3 1 1 *', BACKUP_DIR: broken });
    const outcome = await c.app.modules.backups.runSlot(slotAt('2026-01-05T01:00:00Z'));
    expect(outcome.result).toBe('failed');
    expect(c.lines.find((l) => l.msg === 'scheduled backup failed')).toMatchObject({ level: 50 });

    const status = (await statusAs(a.app, db, 'admin')).json();
    expect(status.latest).toMatchObject({ slot: '2026-01-05T01:00:00.000Z', status: 'failed' });
    expect(status.latest.error).toMatch(/not-a-folder/);
    expect(status.lastSuccess.slot).toBe('2026-01-04T01:00:00.000Z');
    expect((await metrics(a.app)).sahifa_backup_last_run_failed).toBe(1);
  });

  it('shows a run whose instance stopped answering as interrupted', async () => {
    await db.pool.query(
      `insert into ops.backup_runs (slot, instance, started_at, heartbeat_at)
       values ('2026-01-06T01:00:00Z', 'gone:1', now() - interval '10 minutes', now() - interval '10 minutes')`,
    );
    const status = (await statusAs(a.app, db, 'admin')).json();
    expect(status.latest).toMatchObject({ slot: '2026-01-06T01:00:00.000Z', status: 'interrupted' });
    expect((await metrics(b.app)).sahifa_backup_last_run_failed).toBe(1);
  });
});

describe('the schedule itself', () => {
  it('makes backups at its slots without being asked', async () => {
    const db = await database();
    const dir = tmp('sahifa-backups-timer-');
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // Every two seconds (croner's six fields: seconds first).
    const i = await instance(db, { BACKUP_SCHEDULE: '*/2 * * * * *', BACKUP_DIR: dir, BACKUP_KEEP: '1' });
    await expect.poll(() => archivesIn(dir).length, { timeout: 20_000 }).toBe(1);
    const first = archivesIn(dir)[0];
    // The next slot replaces it (BACKUP_KEEP=1).
    await expect
      .poll(() => archivesIn(dir)[0] !== first && archivesIn(dir).length === 1, { timeout: 20_000 })
      .toBe(true);
    const { rows } = await db.pool.query<{ slot: Date }>(
      `select slot from ops.backup_runs where status = 'succeeded' order by slot`,
    );
    for (const r of rows) expect(r.slot.getUTCSeconds() % 2).toBe(0);
    expect(i.lines.filter((l) => l.msg === 'scheduled backup written').length).toBeGreaterThanOrEqual(2);
  });

  it('makes up, at start, a slot missed while the server was stopped (once a site has had one)', async () => {
    const db = await database();
    const dir = tmp('sahifa-backups-missed-');
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    // The last backup was made three days ago; at least two daily slots passed since, the newest is made up.
    await db.pool.query(
      `insert into ops.backup_runs (slot, instance, status, started_at, heartbeat_at, finished_at)
       values (now() - interval '3 days', 'old:1', 'succeeded', now() - interval '3 days', now() - interval '3 days',
               now() - interval '3 days')`,
    );
    const i = await instance(db, { BACKUP_SCHEDULE: '0 3 * * *', BACKUP_DIR: dir });
    const succeeded = async () =>
      (
        await db.pool.query<{ slot: Date }>(
          `select slot from ops.backup_runs where status = 'succeeded' order by slot desc`,
        )
      ).rows;
    await expect.poll(async () => (await succeeded()).length).toBe(2);
    expect(archivesIn(dir)).toHaveLength(1);
    const rows = await succeeded();
    // 03:00 in Tripoli (UTC+2), the most recent one before now.
    const slot = rows[0]!.slot;
    expect(slot.getUTCHours()).toBe(1);
    expect(Date.now() - slot.getTime()).toBeLessThan(24 * 3_600_000);
    expect(i.lines.some((l) => String(l.msg).startsWith('making up a scheduled backup'))).toBe(true);
  });

  it('refuses a BACKUP_SCHEDULE it cannot read, saying what it expects', () => {
    expect(() => testConfig({ BACKUP_SCHEDULE: 'every night' })).toThrow(/BACKUP_SCHEDULE: a cron expression/);
  });
});

describe('scheduled backups with media on S3', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3('sahifa-backups-s3');
    cleanup.push(() => s3.close());
  });

  it('go to the media bucket under backups/, keeping BACKUP_KEEP there and nothing on the disk', async () => {
    const db = await database();
    const dir = tmp('sahifa-backups-staging-');
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const i = await instance(db, { ...s3.env, BACKUP_SCHEDULE: '0 3 1 1 *', BACKUP_KEEP: '1', BACKUP_DIR: dir });
    for (const iso of ['2026-02-01T01:00:00Z', '2026-02-02T01:00:00Z'])
      expect(await i.app.modules.backups.runSlot(slotAt(iso))).toMatchObject({
        result: 'succeeded',
        location: `s3://${s3.bucket}/backups/sahifa-${iso.replace(/:/g, '-').replace('.000', '')}.tar.gz`,
      });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'backups/' }));
    client.destroy();
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['backups/sahifa-2026-02-02T01-00-00Z.tar.gz']);
    expect(listed.Contents?.[0]?.Size).toBeGreaterThan(0);
    expect(archivesIn(dir)).toEqual([]);
    const status = (await statusAs(i.app, db, 'admin')).json();
    expect(status).toMatchObject({ target: 's3', lastSuccess: { status: 'succeeded' } });
  });
});
