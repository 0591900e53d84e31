/**
 * `npm run backup [FILE]`: writes one archive (the whole database as one consistent snapshot, and DATA_DIR/media) to
 * FILE, by default backups/sahifa-<ISO timestamp>.tar.gz. On the embedded PostgreSQL the server must be stopped (the
 * command starts that PostgreSQL itself and takes the data directory's lock); with DATABASE_URL it runs beside live
 * servers. See src/server/ops/backup.ts for what the archive holds.
 */
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { DataDirInUseError } from '../src/server/db/embedded';
import { BackupError, defaultBackupPath, writeBackup } from '../src/server/ops/backup';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const config = loadConfig();
const out = path.resolve(process.argv[2] ?? defaultBackupPath(new Date()));

let database;
try {
  database = await openDatabase(config, (m) => console.log(m));
} catch (err) {
  if (err instanceof DataDirInUseError) {
    console.error(`${err.message}\nA backup of the embedded database needs the server stopped (or use DATABASE_URL).`);
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
