/**
 * Backup and restore end to end: a database with rows in every table (Arabic text, NULLs, escapes, JSON, arrays) and
 * media files, backed up, restored into a fresh database and data directory, then compared table by table and byte
 * by byte. Also what a restore refuses (a non-empty target, damaged or foreign archives, other migrations) and that
 * a load failing half-way leaves nothing behind.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBreaking, addCategory, addNews } from '../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { BackupError, type Manifest } from './manifest';
import { restoreBackup } from './restore';
import { writeBackup } from './write';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const cleanup: (() => Promise<void> | void)[] = [];

async function freshTarget() {
  const database = await createTestDatabase();
  const dataDir = tmp('sahifa-restore-');
  cleanup.push(
    () => database.drop(),
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
  );
  return { database, dataDir };
}

async function publicTables(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Every row of a table as JSON text, in a stable order (generated columns included: they must come out equal). */
async function tableRows(db: TestDatabase, table: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ row: string }>(
    `select to_jsonb(t)::text as row from public."${table}" t order by t::text`,
  );
  return rows.map((r) => r.row);
}

async function rowCounts(db: TestDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of await publicTables(db)) {
    const { rows } = await db.pool.query<{ n: number }>(`select count(*)::int as n from public."${t}"`);
    counts[t] = rows[0]!.n;
  }
  return counts;
}

function filesUnder(root: string, rel = ''): string[] {
  if (!fs.existsSync(path.join(root, rel))) return [];
  return fs
    .readdirSync(path.join(root, rel), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(root, path.join(rel, e.name)) : e.isFile() ? [path.join(rel, e.name)] : [],
    )
    .sort();
}

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Unpacks an archive, lets `change` edit the folder, packs it again. */
async function repack(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = tmp('sahifa-repack-');
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  await tar.extract({ file: archive, cwd: dir });
  change(dir);
  const out = path.join(tmp('sahifa-repacked-'), 'archive.tar.gz');
  cleanup.push(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));
  await tar.create({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
  return out;
}

function editManifest(dir: string, edit: (m: Manifest) => void) {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  edit(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
}

let source: TestDatabase;
let sourceDir: string;
let archive: string;
let fresh: Record<string, number>;
let deletedBreakingId: number;

async function fill(db: TestDatabase) {
  const q = (text: string, values: unknown[] = []) => db.pool.query(text, values);
  const section = await addCategory(db.db, { name: 'سياسة', slug: 'politics', description: 'أخبار «السياسة»' });
  await addCategory(db.db, { name: 'رياضة', slug: 'sports', description: null, isActive: false });
  const admin = (
    await q(
      `insert into admins (username, full_name, email, role, bio, password_hash)
       values ('editor1', 'محمد الطرابلسي', 'm@example.ly', 'editor', E'سطر\\tأول\\nسطر ثانٍ \\\\ مائل', '$argon2id$v=19$x')
       returning id`,
    )
  ).rows[0].id as number;
  await q(
    `insert into admins (username, full_name, email, role, password_hash) values ('w', 'كاتب', 'w@x.ly', 'writer', 'h')`,
  );
  const a = await addNews(db.db, {
    category: section.slug,
    title: 'طرابلس تستضيف مؤتمراً دولياً',
    content: '<p>نصّ بالعربية مع تشكيل: إِنَّ</p>\n<p>سطر "مقتبس" و\\ مائل</p>',
    authorId: admin,
    views: 42,
  });
  const b = await addNews(db.db, { category: section.slug, status: 'draft', publishedAt: null, imageUrl: null });
  await addNews(db.db, { category: 'sports', featured: true });
  await q(`insert into tags (name, slug) values ('ليبيا', 'libya'), ('اقتصاد', 'economy')`);
  await q(`insert into news_tags (news_id, tag_id, position, visible_at) select $1, id, 0, now() from tags`, [a.id]);
  await q(`insert into tag_slug_aliases (slug, tag_id) select 'lyby', id from tags where slug = 'libya'`);
  await q(`insert into news_authors (news_id, admin_id, position) values ($1, $2, 0), ($3, $2, 0)`, [
    a.id,
    admin,
    b.id,
  ]);
  await q(
    `insert into news_revisions (news_id, version, admin_id, admin_name, reason, title, description, content, category,
       byline, authors, tags) values ($1, 1, $2, 'محمد', 'save', 'عنوان', '', '<p>x</p>', 'politics', '', $3, '[]')`,
    [a.id, admin, JSON.stringify([{ id: admin, fullName: 'محمد الطرابلسي' }])],
  );
  await q(`insert into news_presence (news_id, admin_id, seen_at) values ($1, $2, now())`, [a.id, admin]);
  await q(
    `insert into news_autosaves (news_id, admin_id, payload, base_version, saved_at) values ($1, $2, $3, 1, now())`,
    [a.id, admin, JSON.stringify({ title: 'مسودة', nested: { list: [1, 2.5, null, 'نص'] } })],
  );
  await q(`insert into idempotency_keys (admin_id, key, resource_id, created_at) values ($1, 'k-1', $2, now())`, [
    admin,
    a.id,
  ]);
  await q(`insert into news_daily_views (day, news_id, views) values ('2026-05-01', $1, 7), ('2026-05-02', $1, 35)`, [
    a.id,
  ]);
  await q(`insert into section_daily_views (day, category, views) values ('2026-05-01', 'politics', 7)`);
  await addBreaking(db.db, { title: 'عاجل: انقطاع الكهرباء', priority: 90, expiresAt: new Date(Date.now() + 3600e3) });
  await addBreaking(db.db, { title: 'خبر عاجل ثانٍ', isActive: false });
  deletedBreakingId = (await addBreaking(db.db, { title: 'يُحذف' })).id;
  await q(`delete from breaking_news where id = $1`, [deletedBreakingId]);
  await q(
    `insert into prayer_times (date, fajr, dhuhr, asr, maghrib, isha) values ('2026-05-01', '04:31', '12:58', '16:37', '19:59', '21:21')`,
  );
  const {
    rows: [picture],
  } = await q(
    `insert into media (original_name, source_type, width, height, widths, bytes, created_by, alt, caption, credit, focus_x, focus_y)
     values ('صورة.jpg', 'jpeg', 1600, 900, '{320,640,1200}', 12345, $1, 'ميناء', 'ميناء طرابلس', 'رويترز', 30, 60)
     returning id`,
    [admin],
  );
  await q(`insert into media_usages (media_id, news_id) values ($1, $2)`, [picture.id, a.id]);
  // Advertising: a placement an admin saved, a campaign with a creative showing the picture, and a day's counts.
  await q(
    `insert into ad_placements (key, enabled, after_paragraph, network_code, updated_by) values ('header', true, 2, '<script>n()</script>', $1)`,
    [admin],
  );
  const {
    rows: [campaign],
  } = await q(
    `insert into ad_campaigns (advertiser, name, starts_at, ends_at, placements, sections, weight, daily_cap, created_at, created_by)
     values ('مصرف الجمهورية', 'حملة «الادخار»', now(), now() + interval '30 days', '{header,sidebar}', '{libya}', 3, 1000, now(), $1)
     returning id`,
    [admin],
  );
  const {
    rows: [creative],
  } = await q(
    `insert into ad_creatives (campaign_id, position, desktop_media_id, phone_media_id, alt, url)
     values ($1, 0, $2, null, 'ادخر', 'https://bank.example.ly/?a=1&b=2') returning id`,
    [campaign.id, picture.id],
  );
  await q(
    `insert into ad_daily_stats (day, campaign_id, creative_id, placement, device, impressions, clicks)
     values ('2026-05-01', $1, $2, 'header', 'phone', 120, 3)`,
    [campaign.id, creative.id],
  );
  await q(
    `insert into news_notes (news_id, kind, body, created_at, created_by, created_by_name, removed_at, removed_by, removed_by_name, removed_reason)
     values ($1, 'correction', 'تصحيح', now(), $2, 'محرر', null, null, null, null),
            ($1, 'update', 'تحديث', now(), $2, 'محرر', now(), $2, 'محرر', 'خطأ')`,
    [a.id, admin],
  );
  await q(
    `insert into editorial_notes (news_id, body, author_id, author_name, created_at, resolved_at, resolved_by, resolved_by_name)
     values ($1, 'ملاحظة', $2, 'محرر', now(), now(), $2, 'محرر')`,
    [a.id, admin],
  );
  await q(
    `insert into sessions (token_hash, admin_id, expires_at, user_agent) values ('abc', $1, now() + interval '7 days', null)`,
    [admin],
  );
  await q(`insert into login_attempts (key, succeeded) values ('user:editor1', true), ('addr:ff', false)`);
  // Second factors: a bytea public key, a text[] of transports, a used and an unused recovery code.
  await q(`update admins set totp_secret = 'JBSWY3DPEHPK3PXP', totp_last_step = 59000000 where id = $1`, [admin]);
  await q(`insert into recovery_codes (admin_id, code_hash, used_at) values ($1, 'h-1', null), ($1, 'h-2', now())`, [
    admin,
  ]);
  await q(
    `insert into passkeys (admin_id, credential_id, public_key, counter, transports, name)
     values ($1, 'cred-1', '\\x0102ff'::bytea, 3, '{internal,hybrid}', 'هاتفي')`,
    [admin],
  );
  await q(
    `insert into webauthn_challenges (id, challenge, admin_id, purpose, expires_at)
     values ('0b7c8e8a-0000-4000-8000-000000000001', 'chal', $1, 'register', now() + interval '5 minutes')`,
    [admin],
  );
  await q(`insert into known_devices (token_hash, admin_id) values ('dev-hash', $1), ('addr:ab', $1)`, [admin]);
  await q(`insert into settings (key, value, updated_by) values ('site', $1, $2)`, [
    JSON.stringify({ siteName: 'صحيفة', social: { x: '' } }),
    admin,
  ]);
  await q(`insert into newsletter_subscribers (full_name, email) values ('قارئ', 'reader@example.ly')`);
  await q(`insert into daily_stats (day, visits, page_views, unique_visitors) values ('2026-05-01', 10, 30, 8)`);
  await q(`insert into daily_salts (day, salt) values ('2026-05-02', 'salt')`);
  await q(`insert into daily_visitors (day, visitor_hash, device) values ('2026-05-02', 'h1', 'mobile')`);
  await q(`insert into daily_devices (day, device, visitors) values ('2026-05-01', 'desktop', 3)`);
  await q(
    `insert into audit_log (admin_id, admin_username, action, entity, entity_id, details)
     values ($1, 'editor1', 'create', 'news', $2, $3), (null, 'system', 'publish', 'news', null, null)`,
    [admin, String(a.id), JSON.stringify({ title: 'طرابلس' })],
  );
  await q(
    `insert into live_coverages (news_id, state, started_at, last_seq, last_entry_at, started_by)
     values ($1, 'live', now(), 2, now(), $2)`,
    [a.id, admin],
  );
  await q(
    `insert into live_entries (news_id, seq, body, key_event, authors, created_by, created_at, updated_at)
     values ($1, 2, '<p>تحديث من طرابلس</p>', 'حدث بارز', $2, $3, now(), now())`,
    [a.id, JSON.stringify([{ id: admin, username: 'editor1', fullName: 'محرر' }]), admin],
  );
  // A send of the newsletter, half delivered: a backup taken mid-send resumes it after a restore.
  const send = await q(
    `insert into fanout_sends (channel, kind, dedupe_key, title, payload, state, created_by, created_at, next_at, queued, sent)
     values ('email', 'digest', 'digest:2026-05-02', 'نشرة اليوم', $1, 'sending', $2, now(), now(), 1, 0) returning id`,
    [JSON.stringify({ day: '2026-05-02' }), admin],
  );
  await q(
    `insert into fanout_deliveries (send_id, recipient_id, next_at)
     select $1, id, now() from newsletter_subscribers`,
    [send.rows[0].id],
  );
  // Readers' push subscriptions and the keys they were made for (a restored site must still reach them), and a post
  // waiting in the Telegram outbox.
  await q(`insert into push_keys (public_key, private_key, created_at) values ('BPub', 'priv', now())`);
  await q(
    `insert into push_subscriptions (endpoint, p256dh, auth, topics, created_at, updated_at)
     values ('https://fcm.googleapis.com/fcm/send/abc', 'BKey', 'auth', '{breaking,libya}', now(), now())`,
  );
  await q(
    `insert into telegram_posts (kind, ref_id, title, url, next_at, created_at)
     values ('article', $1, 'طرابلس', 'https://example.ly/news/1', now(), now())`,
    [a.id],
  );
  await q(`update counters set value = 42 where key = 'views'`);
}

beforeAll(async () => {
  const empty = await createTestDatabase();
  fresh = await rowCounts(empty);
  await empty.drop();

  source = await createTestDatabase();
  sourceDir = tmp('sahifa-source-');
  cleanup.push(
    () => source.drop(),
    () => fs.rmSync(sourceDir, { recursive: true, force: true }),
  );
  await fill(source);
  const media = path.join(sourceDir, 'media');
  const id = randomUUID();
  fs.mkdirSync(path.join(media, id), { recursive: true });
  fs.writeFileSync(path.join(media, id, '1200.webp'), randomBytes(200_000));
  fs.writeFileSync(path.join(media, id, 'og.jpg'), randomBytes(5_000));
  fs.writeFileSync(path.join(media, id, 'empty.webp'), '');
  fs.mkdirSync(path.join(media, 'demo', 'nested'), { recursive: true });
  fs.writeFileSync(path.join(media, 'demo', 'nested', 'صورة.webp'), randomBytes(1_000));
  // An upload in progress (storeImage writes <id>.tmp-<pid>/ and renames it): not part of the backup.
  const pending = path.join(media, `${randomUUID()}.tmp-1234`);
  fs.mkdirSync(pending);
  fs.writeFileSync(path.join(pending, '1200.webp'), 'half-written');

  const outDir = tmp('sahifa-backups-');
  cleanup.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
  const summary = await writeBackup({
    databaseUrl: source.url,
    dataDir: sourceDir,
    out: path.join(outDir, 'b.tar.gz'),
  });
  archive = summary.out;
  expect(summary.mediaFiles).toBe(4);
  expect(summary.bytes).toBe(fs.statSync(archive).size);
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  expect(fs.readdirSync(outDir)).toEqual(['b.tar.gz']); // no staging folder or partial file left
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('backup and restore', () => {
  it('restores every table row for row, every media file byte for byte, and sequences that continue', async () => {
    const tables = await publicTables(source);
    const counts = await rowCounts(source);
    // The fill reaches every table (a new table needs a row above to be covered by this test).
    expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);

    const target = await freshTarget();
    const summary = await restoreBackup({ databaseUrl: target.database.url, dataDir: target.dataDir, archive });
    expect(summary.tables).toBe(tables.length);
    expect(summary.mediaFiles).toBe(4);

    expect(await publicTables(target.database)).toEqual(tables);
    for (const t of tables) expect(await tableRows(target.database, t), t).toEqual(await tableRows(source, t));

    const from = path.join(sourceDir, 'media');
    const to = path.join(target.dataDir, 'media');
    const expected = filesUnder(from).filter((f) => !f.includes('.tmp-'));
    expect(filesUnder(to)).toEqual(expected);
    for (const f of expected) {
      expect(sha(path.join(to, f)), f).toBe(sha(path.join(from, f)));
      expect(fs.statSync(path.join(to, f)).mode & 0o777, f).toBe(fs.statSync(path.join(from, f)).mode & 0o777);
    }
    expect(fs.readdirSync(target.dataDir)).toEqual(['media']); // no staging folder left

    // Sequences continue: new rows do not collide, and a deleted row's id is not given again.
    const news = await addNews(target.database.db, { category: 'politics' });
    const { rows: max } = await source.pool.query<{ id: number }>('select max(id) as id from news');
    expect(news.id).toBe(max[0]!.id + 1);
    const breaking = await addBreaking(target.database.db);
    expect(breaking.id).toBe(deletedBreakingId + 1);
    await target.database.pool.query(
      `insert into admins (username, full_name, email, password_hash) values ('new', 'جديد', 'n@x.ly', 'h')`,
    );
    await target.database.pool.query(`insert into audit_log (admin_username, action, entity) values ('x', 'y', 'z')`);
  });

  it('lists everything in the manifest', async () => {
    const dir = tmp('sahifa-list-');
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const names: string[] = [];
    await tar.list({ file: archive, onReadEntry: (e) => void names.push(e.path) });
    expect(names[0]).toBe('manifest.json');
    await tar.extract({ file: archive, cwd: dir, filter: (p) => p === 'manifest.json' });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    const { rows } = await source.pool.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at',
    );
    expect(manifest.migrations.count).toBe(rows.length);
    expect(manifest.migrations.lastHash).toBe(rows.at(-1)!.hash);
    const counts = await rowCounts(source);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(counts);
    expect(manifest.tables.find((t) => t.name === 'news')!.columns).not.toContain('search_vector');
    expect(manifest.media.map((m) => m.path)).toContain('media/demo/nested/صورة.webp');
  });

  it('refuses a database that is not empty, and a media folder that is not', async () => {
    const before = await tableRows(source, 'news');
    const elsewhere = tmp('sahifa-x-');
    cleanup.push(() => fs.rmSync(elsewhere, { recursive: true, force: true }));
    await expect(restoreBackup({ databaseUrl: source.url, dataDir: elsewhere, archive })).rejects.toThrow(
      /The database is not empty \(rows in .*news.*\)/,
    );
    expect(await tableRows(source, 'news')).toEqual(before);

    const target = await freshTarget();
    fs.mkdirSync(path.join(target.dataDir, 'media', 'x'), { recursive: true });
    await expect(restoreBackup({ databaseUrl: target.database.url, dataDir: target.dataDir, archive })).rejects.toThrow(
      /media already holds files/,
    );
    expect(await rowCounts(target.database)).toEqual(fresh);
  });

  /** A refused archive leaves the target exactly as a freshly migrated database and an empty data directory. */
  async function expectRefused(file: string, message: RegExp) {
    const target = await freshTarget();
    const err = await restoreBackup({ databaseUrl: target.database.url, dataDir: target.dataDir, archive: file }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(message);
    expect(await rowCounts(target.database)).toEqual(fresh);
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  }

  it('refuses a corrupt or foreign archive with a clear message', async () => {
    const dir = tmp('sahifa-bad-');
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const noise = path.join(dir, 'noise.tar.gz');
    fs.writeFileSync(noise, randomBytes(4096));
    await expectRefused(noise, /is not a usable Sahifa backup: it is not gzip-compressed/);
    const gzippedNoise = path.join(dir, 'gzipped-noise.tar.gz');
    fs.writeFileSync(gzippedNoise, gzipSync(randomBytes(4096)));
    await expectRefused(gzippedNoise, /is not a usable Sahifa backup: it cannot be read as a gzip'd tar/);

    const truncated = path.join(dir, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    await expectRefused(truncated, /is not a usable Sahifa backup/);

    fs.writeFileSync(path.join(dir, 'notes.txt'), 'something else');
    const foreign = path.join(dir, 'foreign.tar.gz');
    await tar.create({ gzip: true, file: foreign, cwd: dir }, ['notes.txt']);
    await expectRefused(foreign, /it holds notes\.txt, which no Sahifa backup has/);

    fs.mkdirSync(path.join(dir, 'tables'));
    fs.writeFileSync(path.join(dir, 'tables', 'news.copy'), '');
    const headless = path.join(dir, 'headless.tar.gz');
    await tar.create({ gzip: true, file: headless, cwd: dir }, ['tables']);
    await expectRefused(headless, /it has no manifest\.json/);

    const otherFormat = await repack(archive, (d) => editManifest(d, (m) => ((m as { format: string }).format = 'x')));
    await expectRefused(otherFormat, /is not a sahifa-backup manifest/);

    const damaged = await repack(archive, (d) => fs.appendFileSync(path.join(d, 'tables', 'news.copy'), 'x'));
    await expectRefused(damaged, /tables\/news\.copy is damaged/);

    const missing = await repack(archive, (d) => fs.rmSync(path.join(d, 'media', 'demo'), { recursive: true }));
    await expectRefused(missing, /media\/demo\/nested\/صورة\.webp is missing/);
  });

  it('refuses an archive whose migrations are not the code’s', async () => {
    const older = await repack(archive, (d) =>
      editManifest(d, (m) => {
        m.migrations.hashes.pop();
        m.migrations.count--;
      }),
    );
    await expectRefused(older, /made by an older version of Sahifa .*Restore it with the version that made it/);

    const newer = await repack(archive, (d) => editManifest(d, (m) => void m.migrations.hashes.push('f'.repeat(64))));
    await expectRefused(newer, /made by a newer version/);

    const other = await repack(archive, (d) => editManifest(d, (m) => (m.migrations.hashes[0] = 'e'.repeat(64))));
    await expectRefused(other, /another branch or another application/);
  });

  it('rolls everything back when a table fails to load half-way', async () => {
    // A valid archive (hashes match) whose last table's data PostgreSQL rejects: earlier tables were already loaded.
    const bad = await repack(archive, (d) =>
      editManifest(d, (m) => {
        const entry = m.tables.find((t) => t.name === 'news_tags')!;
        const file = path.join(d, entry.file);
        fs.writeFileSync(file, 'not\ta\tvalid\trow\n');
        entry.bytes = fs.statSync(file).size;
        entry.sha256 = sha(file);
      }),
    );
    const target = await freshTarget();
    await expect(
      restoreBackup({ databaseUrl: target.database.url, dataDir: target.dataDir, archive: bad }),
    ).rejects.toThrow(/Loading table news_tags failed \(.*integer.*\)\. Nothing was restored\./);
    expect(await rowCounts(target.database)).toEqual(fresh);
    expect(fs.readdirSync(target.dataDir)).toEqual([]);
  });
});
