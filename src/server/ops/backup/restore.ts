/**
 * Restoring an archive into an empty database (freshly migrated by the caller) and an empty media folder: the archive
 * is extracted and checked first (every file listed, sizes and hashes, migrations equal to this code's), then all
 * tables are loaded in ONE transaction in foreign-key order, with every table locked, and the sequences set past the
 * restored ids; the media folder is moved into place only after that commit. A refused or failed restore leaves the
 * database and the data directory as they were.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import * as tar from 'tar';
import { standaloneClient } from '../../db/client';
import { mediaDir } from '../../modules/media/media.store';
import {
  appliedMigrations,
  foreignKeyOrder,
  ident,
  listSequences,
  listTables,
  qualified,
  tablesWithContent,
  type TableInfo,
} from './catalogue';
import { errorMessage, fileDigest, isEmptyDir, listFiles } from './files';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  MIGRATION_ROWS,
  SESSION_SETTINGS,
  manifestSchema,
  type Log,
  type Manifest,
  type RestoreSummary,
} from './manifest';

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
