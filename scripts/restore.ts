/**
 * `npm run restore ARCHIVE`: brings an empty data directory (or an empty DATABASE_URL database) to the state of an
 * archive `npm run backup` wrote: migrations first, then every table in one transaction, then the media. It refuses
 * a database that already has content, an archive it cannot verify, and one made at other migrations than this
 * code's. On the embedded PostgreSQL the server must be stopped (the command takes the data directory's lock).
 */
// First: run from the compiled bundle (dist/server), its stack traces name the TypeScript sources.
import '../src/server/lib/stack-traces-install';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { DatabaseUnreachableError, openDatabase } from '../src/server/db/database';
import { DataDirInUseError } from '../src/server/db/embedded';
import { isDemoSeeded } from '../src/server/db/seed/seed';
import { BackupError } from '../src/server/ops/backup/manifest';
import { restoreBackup } from '../src/server/ops/backup/restore';

const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore ARCHIVE   (a backups/sahifa-….tar.gz written by npm run backup)');
  process.exit(2);
}

const config = loadConfig();
let database;
try {
  database = await openDatabase(config, (m) => console.log(m));
} catch (err) {
  if (err instanceof DatabaseUnreachableError) {
    console.error(err.message);
    process.exit(1);
  }
  if (err instanceof DataDirInUseError) {
    console.error(`${err.message}\nA restore needs the server stopped.`);
    process.exit(1);
  }
  throw err;
}
try {
  const s = await restoreBackup({
    databaseUrl: database.url,
    dataDir: config.dataDir,
    archive: path.resolve(archive),
    log: (m) => console.log(m),
  });
  console.log(
    `Restored the backup of ${s.createdAt}: ${s.tables} tables, ${s.rows} rows, ${s.mediaFiles} media files ` +
      `(${(s.mediaBytes / 1024 / 1024).toFixed(1)} MB) into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}.`,
  );
  if (!(await isDemoSeeded(database.db)))
    console.log(
      'This site was never given the demo content: start the server with SEED_DEMO=false, or it adds the demo articles.',
    );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
