/**
 * A newsroom's database from before migration 0006 may hold what its unique indexes now refuse: accounts sharing an
 * e-mail address (in any case) and sections whose names read the same. The migration must not fail on them: the
 * later duplicates are renamed (never deleted), each renaming is in the audit log, and stories already in review join
 * the review queue with who sent them and when.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { createDatabaseAt } from '../test/database-at';

let database: Database & { drop: () => Promise<void> };

beforeAll(async () => {
  // The migrations up to the one before: 0000–0005.
  database = await createDatabaseAt(5);
});
afterAll(() => database.drop());

it('renames duplicate e-mails and section names instead of failing, and fills the review queue', async () => {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  await q(`insert into admins (username, full_name, email, role, password_hash) values
    ('first', 'الأول', 'Desk@Sahifa.ly', 'admin', 'x'),
    ('second', 'الثاني', 'desk@sahifa.ly', 'editor', 'x'),
    ('third', 'الثالث', 'DESK@SAHIFA.LY', 'writer', 'x'),
    ('odd', 'بلا نطاق', 'no-domain', 'writer', 'x'),
    ('odd2', 'بلا نطاق ٢', 'No-Domain', 'writer', 'x')`);
  await q(`insert into categories (name, slug, position) values
    ('اقتصاد', 'economy-2', 3), ('اقتصاد', 'economy', 1), ('الإقتصاد الليبي', 'libyan', 4),
    ('الاقتصاد  الليبي', 'libyan-2', 5), ('رياضة', 'sports', 2), ('الرياضه', 'sports-2', 6)`);
  const writer = (await q("select id from admins where username = 'third'")).rows[0].id;
  const editor = (await q("select id from admins where username = 'second'")).rows[0].id;
  const story = await q(
    `insert into news (title, category, status, author_id, updated_by, updated_at)
     values ('قيد المراجعة', 'sports', 'review', $1, $2, '2026-02-02T10:00:00Z') returning id`,
    [writer, editor],
  );
  const waiting = await q(
    `insert into news (title, category, status, author_id, updated_by, updated_at)
     values ('بلا سجل', 'sports', 'review', $1, $1, '2026-02-03T09:00:00Z') returning id`,
    [writer],
  );
  await q(
    `insert into audit_log (admin_id, admin_username, action, entity, entity_id, details, created_at)
     values ($1, 'third', 'review', 'news', $2, '{}', '2026-02-01T08:00:00Z')`,
    [writer, String(story.rows[0].id)],
  );

  await runMigrations(database.db);

  const emails = (await q('select username, email from admins order by id')).rows;
  expect(emails).toEqual([
    { username: 'first', email: 'Desk@Sahifa.ly' },
    { username: 'second', email: expect.stringMatching(/^desk\+dup\d+@sahifa\.ly$/) },
    { username: 'third', email: expect.stringMatching(/^DESK\+dup\d+@SAHIFA\.LY$/) },
    { username: 'odd', email: 'no-domain' },
    { username: 'odd2', email: expect.stringMatching(/^No-Domain\+dup\d+$/) },
  ]);
  const sections = (await q('select slug, name from categories order by position')).rows;
  expect(sections).toEqual([
    { slug: 'economy', name: 'اقتصاد' },
    { slug: 'sports', name: 'رياضة' },
    { slug: 'economy-2', name: 'اقتصاد (economy-2)' },
    { slug: 'libyan', name: 'الإقتصاد الليبي' },
    { slug: 'libyan-2', name: 'الاقتصاد  الليبي (libyan-2)' },
    { slug: 'sports-2', name: 'الرياضه (sports-2)' },
  ]);
  const logged = (
    await q(
      "select entity, details->>'reason' as reason from audit_log where admin_username = 'system' order by entity, id",
    )
  ).rows;
  expect(logged).toEqual([
    { entity: 'admin', reason: 'duplicate' },
    { entity: 'admin', reason: 'duplicate' },
    { entity: 'admin', reason: 'duplicate' },
    { entity: 'category', reason: 'duplicate' },
    { entity: 'category', reason: 'duplicate' },
    { entity: 'category', reason: 'duplicate' },
  ]);
  const queue = (await q('select id, submitted_at, submitted_by from news order by id')).rows;
  expect(queue).toEqual([
    { id: story.rows[0].id, submitted_at: new Date('2026-02-01T08:00:00Z'), submitted_by: writer },
    { id: waiting.rows[0].id, submitted_at: new Date('2026-02-03T09:00:00Z'), submitted_by: writer },
  ]);
  // From now on the database refuses them.
  await expect(
    q("insert into admins (username, full_name, email, password_hash) values ('x', 'x', 'DESK@sahifa.ly', 'x')"),
  ).rejects.toMatchObject({ constraint: 'admins_email_key' });
  await expect(q("insert into categories (name, slug) values ('إقتصاد', 'eco-3')")).rejects.toMatchObject({
    constraint: 'categories_name_key',
  });
});
