/**
 * Backups (`npm run backup`, `npm run restore`): one gzip'd tar holding the whole database and the local media.
 *
 *   manifest.json        format and version, when, the drizzle migrations the database was at, every table of the
 *                        public schema (columns, row count, size and sha256 of its data), every sequence's next value,
 *                        every media file (size, sha256)
 *   tables/<table>.copy  the table in PostgreSQL's COPY text format
 *   media/...            <DATA_DIR>/media as it was (the `local` media driver's files)
 *
 * No pg_dump is needed (the embedded PostgreSQL does not ship one): the dump is COPY from Node, every table read in
 * one `repeatable read, read only` transaction, so the archive is one consistent snapshot even while the app writes.
 * Media are taken (hard-linked into the staging folder) right after that snapshot is fixed; files are written
 * before their rows and renamed into place, so every image a row of the snapshot names is there.
 *
 * Restore brings an empty database (freshly migrated by the caller) and an empty media folder to the archive's
 * state: the archive is extracted and checked first (every file listed, sizes and hashes, migrations equal to this
 * code's), then all tables are loaded in ONE transaction in foreign-key order, with every table locked, and the
 * sequences set past the restored ids; the media folder is moved into place only after that commit. A refused or
 * failed restore leaves the database and the data directory as they were. Everything is streamed: neither a table
 * nor a file is held in memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { z } from 'zod';
import { mediaDir } from '../modules/media/media.store';
import { standaloneClient } from '../db/client';

export const BACKUP_FORMAT = 'sahifa-backup';
export const BACKUP_VERSION = 1;

/** A backup or restore refused for a reason the operator can act on; the message says what and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Rows the migrations themselves write into an empty database (drizzle/0004_newsroom.sql's "-- Data:" section starts
 * the views counter at 0). A database holding only these is still empty; restore deletes them before loading.
 */
const MIGRATION_ROWS: Readonly<Record<string, string>> = {
  counters: `key = 'views' and value = 0`,
};

/** Fixed for both sides, so COPY's text is read back exactly as it was written whatever the server's defaults. */
const SESSION_SETTINGS = [
  `set local statement_timeout = 0`,
  `set local idle_in_transaction_session_timeout = 0`,
  `set local client_encoding = 'UTF8'`,
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 3`,
];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  postgres: z.string(),
  migrations: z.object({
    count: z.number().int().min(0),
    lastHash: z.string().nullable(),
    hashes: z.array(z.string()),
  }),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.string().min(1)),
      rows: z.number().int().min(0),
      file: z.string(),
      bytes: z.number().int().min(0),
      sha256: sha256Hex,
    }),
  ),
  sequences: z.array(
    z.object({ name: z.string(), table: z.string(), column: z.string(), next: z.string().regex(/^-?\d+$/) }),
  ),
  media: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: sha256Hex })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export interface BackupSummary {
  out: string;
  /** Size of the archive file. */
  bytes: number;
  tables: number;
  rows: number;
  /** Size of the tables' COPY data before compression. */
  databaseBytes: number;
  mediaFiles: number;
  mediaBytes: number;
}

export interface RestoreSummary {
  createdAt: string;
  tables: number;
  rows: number;
  mediaFiles: number;
  mediaBytes: number;
}

type Log = (message: string) => void;

// ---------------------------------------------------------------------------------------------- the catalogue

const ident = (name: string) => pg.Client.prototype.escapeIdentifier(name);
const qualified = (table: string) => `public.${ident(table)}`;

interface TableInfo {
  name: string;
  /** Columns COPY reads and writes: every column but generated ones (which the database computes again). */
  columns: string[];
}

async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[] | null }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) filter (where a.attnum > 0) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind = 'r'
     group by c.relname
     order by c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns ?? [] }));
}

/** Every table after the tables it references (self-references are fine within one COPY). */
async function foreignKeyOrder(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public'`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new BackupError(`The foreign keys between ${left.join(', ')} form a cycle: no order loads them.`);
    }
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

/** The sequences of the public schema and the column each one numbers (identity and serial columns). */
async function listSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string; table: string; column: string }>(`
    select s.relname as name, t.relname as table, a.attname as column
      from pg_class s
      join pg_namespace n on n.oid = s.relnamespace
      join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S' and n.nspname = 'public'
     order by s.relname`);
  return rows;
}

/** The drizzle migrations applied to this database, oldest first (none when drizzle never ran here). */
async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: exists } = await client.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  if (!exists[0]?.table) return [];
  const { rows } = await client.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/** Tables holding rows beyond the ones the migrations write: any of them means the database is not empty. */
async function tablesWithContent(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probes = tables.map((t) => {
    const defaults = MIGRATION_ROWS[t];
    const where = defaults ? ` where not (${defaults})` : '';
    return `select ${client.escapeLiteral(t)} as name where exists (select 1 from ${qualified(t)}${where})`;
  });
  const { rows } = await client.query<{ name: string }>(probes.join(' union all '));
  return rows.map((r) => r.name).sort();
}

// ---------------------------------------------------------------------------------------------- files

/** Passes a stream through unchanged, counting its bytes and hashing them. */
function measure() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Regular files under `root`, as posix paths relative to it, sorted. Half-written uploads (`*.tmp-<pid>`) are left out. */
async function listFiles(root: string, rel = ''): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.includes('.tmp-')) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

// ---------------------------------------------------------------------------------------------- backup

/** `backups/sahifa-<ISO timestamp>.tar.gz` under `root` (colons left out of the name). */
export function defaultBackupPath(now: Date, root: string = process.cwd()): string {
  const stamp = now
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d{3}Z$/, 'Z');
  return path.join(root, 'backups', `sahifa-${stamp}.tar.gz`);
}

/** Hard-links (else copies) every media file into `target`, right after the snapshot; returns their entries. */
async function stageMedia(source: string, target: string): Promise<Manifest['media']> {
  const media: Manifest['media'] = [];
  for (const rel of await listFiles(source)) {
    const from = path.join(source, ...rel.split('/'));
    const to = path.join(target, ...rel.split('/'));
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.link(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted since it was listed
      try {
        await fs.copyFile(from, to);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw copyErr;
      }
    }
    media.push({ path: `media/${rel}`, ...(await fileDigest(to)) });
  }
  return media;
}

export async function writeBackup(opts: {
  /** The database to back up (a connection of its own is opened: no pool timeouts cut a long COPY). */
  databaseUrl: string;
  /** DATA_DIR: its media folder goes into the archive. */
  dataDir: string;
  /** The archive to write; it must not exist yet. */
  out: string;
  now?: () => Date;
  log?: Log;
}): Promise<BackupSummary> {
  const log = opts.log ?? (() => {});
  const out = path.resolve(opts.out);
  if (await fs.stat(out).catch(() => null)) throw new BackupError(`${out} already exists: give another file name.`);
  await fs.mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const staging = await fs.mkdtemp(path.join(path.dirname(out), '.sahifa-backup-'));
  const partial = `${out}.partial`;
  await fs.rm(partial, { force: true }); // left by an interrupted run
  const client = standaloneClient({ connectionString: opts.databaseUrl, application_name: 'sahifa-backup' });
  try {
    await client.connect();
    await fs.mkdir(path.join(staging, 'tables'));
    await client.query('begin isolation level repeatable read, read only');
    for (const s of SESSION_SETTINGS) await client.query(s);
    // The first read fixes the snapshot every later statement of this transaction sees.
    const tables = await listTables(client);
    const media = await stageMedia(mediaDir(opts.dataDir), path.join(staging, 'media'));
    const hashes = await appliedMigrations(client);
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');

    const tableEntries: Manifest['tables'] = [];
    for (const table of tables) {
      const file = `tables/${table.name}.copy`;
      const m = measure();
      let rows = 0;
      if (table.columns.length > 0) {
        const columns = table.columns.map(ident).join(', ');
        const copy = client.query(copyTo(`copy ${qualified(table.name)} (${columns}) to stdout`));
        await pipeline(copy, m.stream, createWriteStream(path.join(staging, file), { mode: 0o600 }));
        rows = copy.rowCount;
      } else {
        await fs.writeFile(path.join(staging, file), '', { mode: 0o600 });
        m.stream.end();
      }
      tableEntries.push({ name: table.name, columns: table.columns, rows, file, ...m.result() });
      log(`  ${table.name}: ${rows} rows`);
    }

    const sequences: Manifest['sequences'] = [];
    for (const s of await listSequences(client)) {
      const { rows } = await client.query<{ next: string }>(
        `select (case when is_called then last_value + 1 else last_value end)::text as next from ${qualified(s.name)}`,
      );
      sequences.push({ ...s, next: rows[0]!.next });
    }
    await client.query('commit');

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (opts.now?.() ?? new Date()).toISOString(),
      postgres: version[0]?.server_version ?? 'unknown',
      migrations: { count: hashes.length, lastHash: hashes.at(-1) ?? null, hashes },
      tables: tableEntries,
      sequences,
      media,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });

    const entries = ['manifest.json', 'tables', ...(media.length > 0 ? ['media'] : [])];
    // The archive holds password hashes and sessions: readable by its owner only. Written aside, then renamed, so
    // a failed run never leaves something that looks like a backup.
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, entries),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await fs.rename(partial, out);
    const { size } = await fs.stat(out);
    return {
      out,
      bytes: size,
      tables: tableEntries.length,
      rows: tableEntries.reduce((n, t) => n + t.rows, 0),
      databaseBytes: tableEntries.reduce((n, t) => n + t.bytes, 0),
      mediaFiles: media.length,
      mediaBytes: media.reduce((n, f) => n + f.bytes, 0),
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
    await fs.rm(staging, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------- restore

/** Where an archive entry may go: manifest.json, tables/<table>.copy, media/... (no empty, `.` or `..` segment). */
function entryAllowed(name: string, type: string): boolean {
  const parts = name.replace(/\/+$/, '').split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0'))) return false;
  if (type === 'Directory') return parts[0] === 'tables' ? parts.length === 1 : parts[0] === 'media';
  if (type !== 'File' && type !== 'OldFile') return false;
  if (parts.length === 1) return parts[0] === 'manifest.json';
  if (parts[0] === 'tables') return parts.length === 2 && parts[1]!.endsWith('.copy');
  return parts[0] === 'media';
}

/**
 * Writes each entry of the archive under `staging` itself (only files and folders where a backup has them; links,
 * devices and any other path refuse the archive), and waits for every file to be closed, even when reading fails.
 */
async function extractArchive(archive: string, staging: string): Promise<void> {
  const writes: Promise<void>[] = [];
  const open = new Set<tar.ReadEntry>();
  let refused: string | undefined;
  const parser = new tar.Parser({
    strict: true,
    // Archives are the operator's own; a table of identical rows may compress past tar's default 1000:1 guard.
    maxDecompressionRatio: Number.MAX_SAFE_INTEGER,
    onReadEntry: (entry) => {
      const name = entry.path.replace(/^(\.\/)+/, '');
      if (refused || !entryAllowed(name, entry.type)) {
        refused ??= `it holds ${entry.type === 'File' ? '' : `a ${entry.type} `}${name}, which no Sahifa backup has`;
        entry.resume();
        return;
      }
      if (entry.type === 'Directory') {
        entry.resume();
        return;
      }
      const target = path.join(staging, ...name.split('/'));
      open.add(entry);
      writes.push(
        fs
          .mkdir(path.dirname(target), { recursive: true })
          // Media get the usual file mode (a proxy may serve them from disk); the tables' data stays private.
          .then(() =>
            pipeline(
              entry,
              createWriteStream(target, { flags: 'wx', mode: name.startsWith('media/') ? 0o666 : 0o600 }),
            ),
          )
          .finally(() => open.delete(entry)),
      );
    },
  });
  try {
    await pipeline(createReadStream(archive), parser);
  } catch (err) {
    // An entry cut off by a broken archive never ends by itself: end its file now, so nothing is left writing.
    for (const entry of open) entry.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    await Promise.allSettled(writes);
  }
  await Promise.all(writes);
  if (refused) throw new ForeignEntry(refused);
}

class ForeignEntry extends Error {}

/** Extracts the archive into `staging` and checks it whole: manifest, every file present, no other, sizes, hashes. */
async function unpackArchive(archive: string, staging: string): Promise<Manifest> {
  const refuse = (why: string) =>
    new BackupError(`${archive} is not a usable Sahifa backup: ${why}. Nothing was restored.`);
  const head = Buffer.alloc(2);
  const fd = await fs.open(archive, 'r');
  try {
    await fd.read(head, 0, 2, 0);
  } finally {
    await fd.close();
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw refuse('it is not gzip-compressed (a backup is a .tar.gz)');
  try {
    await extractArchive(archive, staging);
  } catch (err) {
    if (err instanceof ForeignEntry) throw refuse(err.message);
    throw refuse(`it cannot be read as a gzip'd tar (${errorMessage(err)})`);
  }
  let raw: string;
  try {
    raw = await fs.readFile(path.join(staging, 'manifest.json'), 'utf8');
  } catch {
    throw refuse('it has no manifest.json');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw refuse('its manifest.json is not JSON');
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw refuse(`its manifest is not a ${BACKUP_FORMAT} manifest`);
  if (format.version !== BACKUP_VERSION)
    throw refuse(`it is format version ${String(format.version)}; this code reads version ${BACKUP_VERSION}`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw refuse(`its manifest is malformed (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  const manifest = parsed.data;

  const expected = new Map<string, { bytes: number; sha256: string }>();
  for (const t of manifest.tables) {
    if (t.file !== `tables/${t.name}.copy`) throw refuse(`table ${t.name} points at ${t.file}`);
    expected.set(t.file, t);
  }
  for (const f of manifest.media) {
    if (!f.path.startsWith('media/') || f.path.split('/').some((part) => part === '..' || part === '.' || !part))
      throw refuse(`media path ${f.path} is not inside media/`);
    expected.set(f.path, f);
  }
  const present = (await listFiles(staging)).filter((f) => f !== 'manifest.json');
  const unexpected = present.filter((f) => !expected.has(f));
  if (unexpected.length > 0)
    throw refuse(`it holds files its manifest does not list (${unexpected.slice(0, 3).join(', ')})`);
  for (const [file, want] of expected) {
    if (!present.includes(file)) throw refuse(`${file} is missing`);
    const got = await fileDigest(path.join(staging, ...file.split('/')));
    if (got.bytes !== want.bytes || got.sha256 !== want.sha256)
      throw refuse(`${file} is damaged (its size or sha256 differs from the manifest)`);
  }
  return manifest;
}

function checkMigrations(archive: string[], code: string[]): void {
  const same = archive.length === code.length && archive.every((h, i) => h === code[i]);
  if (same) return;
  const prefix = (a: string[], b: string[]) => a.length < b.length && a.every((h, i) => h === b[i]);
  if (prefix(archive, code))
    throw new BackupError(
      `The archive was made by an older version of Sahifa (at migration ${archive.length}; this code is at ` +
        `${code.length}). Restore it with the version that made it, then start this version, which migrates it. Nothing was restored.`,
    );
  if (prefix(code, archive))
    throw new BackupError(
      `The archive was made by a newer version of Sahifa (at migration ${archive.length}; this code is at ` +
        `${code.length}). Restore it with that version or a later one. Nothing was restored.`,
    );
  throw new BackupError(
    `The archive's database migrations (${archive.length}, last ${archive.at(-1) ?? 'none'}) are not this code's ` +
      `(${code.length}, last ${code.at(-1) ?? 'none'}): it was made by another branch or another application. Nothing was restored.`,
  );
}

function checkTables(manifest: Manifest, tables: TableInfo[]): void {
  const here = new Map(tables.map((t) => [t.name, t.columns]));
  const there = new Map(manifest.tables.map((t) => [t.name, t.columns]));
  const missing = [...here.keys()].filter((t) => !there.has(t));
  const extra = [...there.keys()].filter((t) => !here.has(t));
  if (missing.length || extra.length)
    throw new BackupError(
      `The archive's tables do not match this database's schema` +
        (missing.length ? ` (missing from the archive: ${missing.join(', ')})` : '') +
        (extra.length ? ` (unknown here: ${extra.join(', ')})` : '') +
        '. Nothing was restored.',
    );
  for (const [name, columns] of there) {
    const mine = here.get(name)!;
    if (columns.length !== mine.length || columns.some((c) => !mine.includes(c)))
      throw new BackupError(
        `Table ${name} has columns (${columns.join(', ')}) in the archive but (${mine.join(', ')}) here. ` +
          'Nothing was restored.',
      );
  }
}

function notEmpty(tables: string[]): BackupError {
  return new BackupError(
    `The database is not empty (rows in ${tables.join(', ')}). Restore only into a new, empty database or data ` +
      'directory: a fresh DATA_DIR the server has never started on, or an empty DATABASE_URL database. ' +
      'Nothing was restored.',
  );
}

export async function restoreBackup(opts: {
  /** The target database: migrated to this code's schema and holding no content. */
  databaseUrl: string;
  /** DATA_DIR: the archive's media go to its media folder, which must be empty or absent. */
  dataDir: string;
  archive: string;
  log?: Log;
}): Promise<RestoreSummary> {
  const log = opts.log ?? (() => {});
  const archive = path.resolve(opts.archive);
  const stat = await fs.stat(archive).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`${archive} is not a file.`);
  const targetMedia = mediaDir(opts.dataDir);
  if (!(await isEmptyDir(targetMedia)))
    throw new BackupError(`${targetMedia} already holds files: restore only into an empty data directory.`);

  const client = standaloneClient({ connectionString: opts.databaseUrl, application_name: 'sahifa-restore' });
  await client.connect();
  await fs.mkdir(opts.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(opts.dataDir, '.restore-'));
  let keepStaging = false;
  try {
    // Cheap refusals first, before a large archive is unpacked.
    const tables = await listTables(client);
    const early = await tablesWithContent(
      client,
      tables.map((t) => t.name),
    );
    if (early.length > 0) throw notEmpty(early);

    log(`Reading ${archive}`);
    const manifest = await unpackArchive(archive, staging);
    checkMigrations(manifest.migrations.hashes, await appliedMigrations(client));
    checkTables(manifest, tables);
    const order = await foreignKeyOrder(
      client,
      tables.map((t) => t.name),
    );
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));

    let rows = 0;
    await client.query('begin');
    try {
      for (const s of SESSION_SETTINGS) await client.query(s);
      await client.query(`set local lock_timeout = '10s'`);
      try {
        await client.query(`lock table ${order.map(qualified).join(', ')} in access exclusive mode`);
      } catch (err) {
        if ((err as { code?: string }).code === '55P03')
          throw new BackupError('The tables are in use (is a server running on this database?). Nothing was restored.');
        throw err;
      }
      const late = await tablesWithContent(client, order);
      if (late.length > 0) throw notEmpty(late);
      for (const table of Object.keys(MIGRATION_ROWS))
        if (byName.has(table)) await client.query(`delete from ${qualified(table)}`);
      // The archive holds every table as it was, kept counts included (news_months): triggers that keep them must not
      // count the loaded rows a second time. Undone before the commit below (or by the rollback). Turning a trigger
      // off takes the tables' owner: the role that ran the migrations.
      const triggered = (
        await client.query<{ name: string }>(
          `select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
           join pg_namespace n on n.oid = c.relnamespace
           where not t.tgisinternal and n.nspname = 'public' and c.relname = any($1::text[])`,
          [order],
        )
      ).rows.map((r) => r.name);
      try {
        for (const name of triggered) await client.query(`alter table ${qualified(name)} disable trigger user`);
      } catch (err) {
        if ((err as { code?: string }).code === '42501')
          throw new BackupError(
            `Restoring needs the role that owns the tables (the one that ran the migrations). Nothing was restored.`,
            { cause: err },
          );
        throw err;
      }

      for (const name of order) {
        const entry = byName.get(name)!;
        if (entry.columns.length === 0) continue;
        const columns = entry.columns.map(ident).join(', ');
        const copy = client.query(copyFrom(`copy ${qualified(name)} (${columns}) from stdin`));
        try {
          await pipeline(createReadStream(path.join(staging, ...entry.file.split('/'))), copy);
        } catch (err) {
          throw new BackupError(`Loading table ${name} failed (${errorMessage(err)}). Nothing was restored.`, {
            cause: err,
          });
        }
        if (copy.rowCount !== entry.rows)
          throw new BackupError(`Table ${name}: ${copy.rowCount} rows loaded, the manifest says ${entry.rows}.`);
        rows += entry.rows;
        log(`  ${name}: ${entry.rows} rows`);
      }

      for (const name of triggered) await client.query(`alter table ${qualified(name)} enable trigger user`);

      // Past every restored id and never behind where the original sequence was (ids of deleted rows stay unused).
      const archived = new Map(manifest.sequences.map((s) => [s.name, s.next]));
      for (const s of await listSequences(client)) {
        await client.query(
          `select setval($1::regclass, greatest(
             (select coalesce(max(${ident(s.column)}), 0) from ${qualified(s.table)}) + 1,
             $2::bigint,
             (select seqmin from pg_sequence where seqrelid = $1::regclass)), false)`,
          [qualified(s.name), archived.get(s.name) ?? '1'],
        );
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }

    const stagedMedia = path.join(staging, 'media');
    if (manifest.media.length > 0) {
      try {
        await fs.rmdir(targetMedia).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
        await fs.rename(stagedMedia, targetMedia);
      } catch (err) {
        keepStaging = true;
        throw new BackupError(
          `The database was restored, but the media could not be moved to ${targetMedia} (${errorMessage(err)}). ` +
            `They are in ${stagedMedia}: move that folder there by hand.`,
        );
      }
    }
    return {
      createdAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows,
      mediaFiles: manifest.media.length,
      mediaBytes: manifest.media.reduce((n, f) => n + f.bytes, 0),
    };
  } finally {
    await client.end().catch(() => {});
    if (!keepStaging) await fs.rm(staging, { recursive: true, force: true });
  }
}
