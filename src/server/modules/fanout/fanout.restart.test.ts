/**
 * A send survives its instance stopping midway, gracefully or killed: every recipient gets the message once, nobody
 * twice, nobody never. Messages are held by the SMTP stand-in after their data arrived and before its 250, so the
 * moment of the stop is chosen exactly: some delivered (and recorded), some in flight, the rest not started.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { freePort } from '../../db/embedded';
import { SYSTEM_ACTOR } from '../../lib/write';
import { addSubscriber } from '../../test/fixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness';
import { startServer, stopLeftovers, waitUntilUp } from '../../test/server-process';
import { startSmtp, TEST_MAIL_IDENTITY, type SmtpStandIn } from '../../test/smtp';
import type { FastifyInstance } from 'fastify';

let smtp: SmtpStandIn;
let database: TestDatabase;
const apps: FastifyInstance[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-fanout-'));

beforeAll(async () => {
  smtp = await startSmtp();
  database = await createTestDatabase();
});
// Each test's instances stop with it (one left running would take the next test's send).
afterEach(async () => {
  await stopLeftovers(dataDir);
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await database.drop();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const config = () =>
  testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'صحيفة <news@sahifa.test>', MAIL_RATE: '0', MAIL_CONNECTIONS: '3' });

async function instance(now: () => Date = () => new Date(), ready = true) {
  const app = await buildApp({ config: config(), db: database.db, now, fanout: { pollMs: 100 } });
  apps.push(app);
  if (ready) await app.ready();
  return app;
}

/** A breaking-news e-mail to every confirmed subscriber who wants alerts, queued by `app`. */
async function queueSend(app: FastifyInstance, key: string) {
  const created = await app.modules.fanout.create(SYSTEM_ACTOR, {
    channel: 'email',
    kind: 'breaking',
    dedupeKey: key,
    title: 'عاجل: اختبار الاستئناف',
    payload: {
      ...TEST_MAIL_IDENTITY,
      kind: 'breaking',
      breaking: { title: 'اختبار الاستئناف', url: null, timeLabel: '' },
    },
    audience: { kind: 'alerts', section: null },
  });
  return created!;
}

const sendRow = async (id: number) =>
  (await database.pool.query('select * from fanout_sends where id = $1', [id])).rows[0];

/** Each of `emails` received the send's message exactly once. */
function expectEachOnce(emails: string[], title: string) {
  for (const e of emails)
    expect(
      smtp.to(e).filter((r) => r.mail.subject === title),
      e,
    ).toHaveLength(1);
}

/** Takes held messages one at a time until `n` were delivered. */
async function deliver(n: number) {
  let done = 0;
  while (done < n) {
    await expect.poll(() => smtp.held.length).toBeGreaterThan(0);
    await smtp.held.shift()!.accept();
    done++;
  }
}

it(
  'a graceful stop midway hands the rest to the next instance: nobody twice, nobody lost',
  { timeout: 60_000 },
  async () => {
    const people = await Promise.all(
      Array.from({ length: 24 }, (_, i) => addSubscriber(database.db, { email: `graceful${i}@example.ly` })),
    );
    const emails = people.map((p) => p.email);
    smtp.hold = () => true;
    const first = await instance();
    const send = await queueSend(first, 'restart:graceful');
    await deliver(6);
    await expect.poll(() => smtp.held.length).toBe(3); // three connections, each holding one message
    // The graceful stop (what app.close() and SIGTERM run) while three are in flight: they finish (the stand-in takes
    // them) and are recorded; nothing else starts; the claimed rest goes back to the queue.
    const stopping = first.modules.fanoutRunner.stop();
    for (const h of smtp.held.splice(0)) await h.accept();
    await stopping;
    smtp.hold = undefined;
    expect(smtp.received).toHaveLength(9);
    expect(await sendRow(send.id)).toMatchObject({ state: 'sending', sent: 9, lease_owner: null });
    const back = await database.pool.query(
      `select count(*)::int as n from fanout_deliveries where send_id = $1 and state = 'pending'`,
      [send.id],
    );
    expect(back.rows[0].n).toBe(15);

    await instance();
    await expect.poll(async () => (await sendRow(send.id)).state).toBe('done');
    expectEachOnce(emails, 'عاجل: اختبار الاستئناف');
    expect(await sendRow(send.id)).toMatchObject({ queued: 24, sent: 24, failed: 0 });
  },
);

it(
  'a crash midway (SIGKILL) is resumed once the dead instance’s claims lapse: nobody twice, nobody lost',
  { timeout: 90_000 },
  async () => {
    await database.pool.query(`update newsletter_subscribers set alerts = false`);
    const people = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addSubscriber(database.db, { email: `crash${i}@example.ly` })),
    );
    const emails = people.map((p) => p.email);
    // The instance that will take over, started only after the crash, with a clock ten minutes ahead: the dead one's
    // leases and claims have lapsed for it.
    const later = await instance(() => new Date(Date.now() + 10 * 60_000), false);
    smtp.hold = () => true;
    const port = await freePort();
    const server = startServer(port, {
      dataDir,
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'صحيفة <news@sahifa.test>',
        MAIL_RATE: '0',
        MAIL_CONNECTIONS: '3',
        LOG_LEVEL: 'warn',
      },
    });
    await waitUntilUp(port, server);
    // Queued on the real clock (the crashing instance must find it due).
    const send = await queueSend(await instance(() => new Date(), false), 'restart:crash');
    const before = smtp.received.length;
    await deliver(5);
    await expect.poll(() => smtp.held.length).toBe(3);
    // Five delivered and recorded, three in flight (their data sent, no 250 yet), twelve claimed but not started.
    await expect.poll(async () => (await sendRow(send.id)).sent).toBe(5);
    server.child.kill('SIGKILL');
    await server.exited;
    smtp.held.splice(0); // their connections died with the process: never delivered
    expect(smtp.received.length - before).toBe(5);
    const claimed = await database.pool.query(
      `select count(*)::int as n from fanout_deliveries where send_id = $1 and state = 'sending'`,
      [send.id],
    );
    expect(claimed.rows[0].n).toBe(15);

    smtp.hold = undefined;
    await later.ready();
    await expect.poll(async () => (await sendRow(send.id)).state, { timeout: 30_000 }).toBe('done');
    expectEachOnce(emails, 'عاجل: اختبار الاستئناف');
    expect(await sendRow(send.id)).toMatchObject({ queued: 20, sent: 20, failed: 0 });
  },
);

it('two workers claiming the same send at once never take the same delivery', async () => {
  await database.pool.query(`update newsletter_subscribers set alerts = false`);
  await Promise.all(
    Array.from({ length: 300 }, (_, i) => addSubscriber(database.db, { email: `pair${i}@example.ly` })),
  );
  const app = await instance(() => new Date(), false);
  const send = await queueSend(app, 'restart:pair');
  const other = await createTestDatabaseHandle();
  try {
    const { fanoutRepository } = await import('./fanout.repository');
    const a = fanoutRepository(database.db);
    const b = fanoutRepository(other.db);
    const until = new Date(Date.now() + 60_000);
    const [x, y] = await Promise.all([
      a.claimDeliveries(send.id, new Date(), until, 200),
      b.claimDeliveries(send.id, new Date(), until, 200),
    ]);
    const ids = [...x, ...y].map((c) => c.recipientId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(300);
  } finally {
    await other.close();
  }
});

/** A second pool on the same database: another instance's connections. */
async function createTestDatabaseHandle() {
  const { connect } = await import('../../db/client');
  return connect(database.url, { max: 2 });
}
