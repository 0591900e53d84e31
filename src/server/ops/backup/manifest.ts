/**
 * Backups (`npm run backup`, `npm run restore`, and the scheduled runs of modules/backups): one gzip'd tar holding the
 * whole database and the local media. This folder holds the archive's format (here), the database catalogue it reads
 * (catalogue.ts), file helpers (files.ts), the writer (write.ts) and the restorer (restore.ts).
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
import { z } from 'zod';

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
export const MIGRATION_ROWS: Readonly<Record<string, string>> = {
  counters: `key = 'views' and value = 0`,
};

/** Fixed for both sides, so COPY's text is read back exactly as it was written whatever the server's defaults. */
export const SESSION_SETTINGS = [
  `set local statement_timeout = 0`,
  `set local idle_in_transaction_session_timeout = 0`,
  `set local client_encoding = 'UTF8'`,
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 3`,
];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
export const manifestSchema = z.object({
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

export type Log = (message: string) => void;
