/**
 * Before the media library (migrations 0013 media_library and 0014 media_usages_backfill), pictures belonged to
 * whichever article they were uploaded in. After it, every picture an article already shows (its own, one inserted by
 * address in its body, a live entry's) is recorded as used by it, so the library lists it and refuses to delete it;
 * existing pictures get empty texts, to be written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import { createDatabaseAt } from '../test/database-at';

let database: Database & { drop: () => Promise<void> };

beforeAll(async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const mine = journal.entries.find((e: { tag: string }) => e.tag.endsWith('_media_library'));
  database = await createDatabaseAt(mine.idx - 1);
});
afterAll(() => database.drop());

it('records the pictures existing articles and live entries show', async () => {
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  const ids = ['a', 'b', 'c', 'd'].map((c) => `0000000${c}-0000-4000-8000-00000000000${c}`);
  for (const id of ids)
    await q(
      `insert into media (id, original_name, source_type, width, height, widths, bytes) values ($1, 'x.png', 'png', 10, 10, '{400}', 1)`,
      [id],
    );
  await q(`insert into categories (name, slug, position) values ('ليبيا', 'libya', 0)`);
  const { rows } = await q(
    `insert into news (title, content, category, image_url) values
      ('خبر بصورتين', $1, 'libya', $2),
      ('تغطية', '<p>نص</p>', 'libya', null)
     returning id`,
    [
      `<p>نص</p><p><img src="/media/${ids[1]}/800.webp"></p><p>رابط /media/ffffffff-0000-4000-8000-000000000000/1.webp</p>`,
      `/media/${ids[0]}/1200.webp`,
    ],
  );
  const [story, coverage] = rows.map((r) => r.id as number);
  await q(`insert into live_coverages (news_id, started_at) values ($1, now())`, [coverage]);
  await q(
    `insert into live_entries (news_id, seq, body, image_url, authors, created_at, updated_at) values
      ($1, 1, '<p>تحديث</p>', $2, '[]', now(), now())`,
    [coverage, `/media/${ids[2]}/1200.webp`],
  );

  await runMigrations(database.db);

  const { rows: uses } = await q('select media_id, news_id from media_usages order by news_id, media_id');
  expect(uses).toEqual([
    { media_id: ids[0], news_id: story },
    { media_id: ids[1], news_id: story },
    { media_id: ids[2], news_id: coverage },
  ]);
  // The unused picture has no use; a path to no picture made none. Texts start empty.
  const { rows: texts } = await q('select alt, caption, credit, source, focus_x from media where id = $1', [ids[3]]);
  expect(texts[0]).toEqual({ alt: '', caption: '', credit: '', source: '', focus_x: null });
});
