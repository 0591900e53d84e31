/**
 * `npm run backup [FILE]`: writes one archive (the whole database as one consistent snapshot, and DATA_DIR/media) to
 * FILE, by default BACKUP_DIR/sahifa-<ISO timestamp>.tar.gz. It works with the server stopped (it starts the embedded
 * PostgreSQL itself), while a server runs on the same DATA_DIR (it reads through that server's PostgreSQL), and on
 * DATABASE_URL. See src/server/ops/backup/ for what the archive holds.
 */
// First: run from the compiled bundle (dist/server), its stack traces name the TypeScript sources.
import '../src/server/lib/stack-traces-install';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { DatabaseUnreachableError, openDatabaseBeside } from '../src/server/db/database';
import { DataDirInUseError } from '../src/server/db/embedded';
import { BackupError } from '../src/server/ops/backup/manifest';
import { defaultBackupPath, writeBackup } from '../src/server/ops/backup/write';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const config = loadConfig();
const out = path.resolve(process.argv[2] ?? defaultBackupPath(new Date(), config.backup.dir));

let database;
try {
  database = await openDatabaseBeside(config, (m) => console.log(m));
} catch (err) {
  // Said in one line, as the server says it (main.ts): nothing to trace.
  if (err instanceof DatabaseUnreachableError || err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
try {
  const s = await writeBackup({ databaseUrl: database.url, dataDir: config.dataDir, out, log: (m) => console.log(m) });
  console.log(`Backup written: ${s.out}`);
  console.log(`  ${mb(s.bytes)} compressed`);
  console.log(`  database: ${s.tables} tables, ${s.rows} rows, ${mb(s.databaseBytes)} of data`);
  console.log(`  media: ${s.mediaFiles} files, ${mb(s.mediaBytes)}`);
  if (config.media.driver === 's3')
    console.log('Media are stored in S3 (MEDIA_STORAGE=s3): they are not in this archive; keep the bucket versioned.');
  console.log('It holds password hashes and sessions: keep it as safe as the database itself.');
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
