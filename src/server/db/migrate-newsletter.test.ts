/**
 * Subscribers stored before the newsletter sent anything (and before anyone confirmed an address) are kept, marked as
 * needing confirmation (pending, legacy): none of them is mailed a newsletter, none is forgotten before the one
 * confirmation campaign mails them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import { createDatabaseAt } from '../test/database-at';
import { testConfig } from '../test/harness';

let database: Database & { drop: () => Promise<void> };

beforeAll(async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const mine = journal.entries.find((e: { tag: string }) => e.tag.endsWith('_newsletter_sending'));
  database = await createDatabaseAt(mine.idx - 1);
});
afterAll(() => database.drop());

it('keeps the subscribers from before as pending and legacy, mails them nothing, forgets none of them', async () => {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(`insert into newsletter_subscribers (full_name, email, created_at) values
    ('سالم', 'salem@example.ly', now() - interval '2 years'), ('منى', 'mona@example.ly', now() - interval '3 days')`);

  await runMigrations(database.db);

  const { rows } = await q(
    'select email, state, legacy, digest, alerts, sections from newsletter_subscribers order by email',
  );
  expect(rows).toEqual([
    { email: 'mona@example.ly', state: 'pending', legacy: true, digest: true, alerts: true, sections: [] },
    { email: 'salem@example.ly', state: 'pending', legacy: true, digest: true, alerts: true, sections: [] },
  ]);
  const app = await buildApp({ config: testConfig(), db: database.db });
  await app.ready();
  try {
    await app.modules.newsletter.housekeeping();
    expect((await q('select count(*)::int as n from newsletter_subscribers')).rows[0].n).toBe(2);
    expect(await app.modules.newsletter.counts()).toMatchObject({ pending: 2, confirmed: 0, legacyWaiting: 2 });
  } finally {
    await app.close();
  }
});
