/**
 * Writing an archive: every table of the public schema COPied out in one `repeatable read, read only` transaction (one
 * consistent snapshot even while the site is written to), the media folder hard-linked aside right after that
 * snapshot is fixed (files are written before their rows and renamed into place, so every image a row of the snapshot
 * names is there), and a manifest of everything, into a tar.gz written aside and renamed into place.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { standaloneClient } from '../../db/client';
import { mediaDir } from '../../modules/media/media.store';
import { appliedMigrations, ident, listSequences, listTables, qualified } from './catalogue';
import { fileDigest, listFiles, measure } from './files';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  SESSION_SETTINGS,
  type BackupSummary,
  type Log,
  type Manifest,
} from './manifest';

/** `sahifa-<ISO timestamp>.tar.gz` (colons left out of the name), the name of an archive made at `now`. */
export function backupFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d{3}Z$/, 'Z');
  return `sahifa-${stamp}.tar.gz`;
}

/** `<dir>/sahifa-<ISO timestamp>.tar.gz` (dir: BACKUP_DIR, `backups` by default). */
export function defaultBackupPath(now: Date, dir: string): string {
  return path.join(dir, backupFileName(now));
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
