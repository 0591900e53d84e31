/** `npm run db:seed`: adds the demo content and the first admin where missing. Safe to run again. */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { ensureFirstAdmin } from '../src/server/db/seed/admin-bootstrap';
import { seedDemo } from '../src/server/db/seed/seed';
import { createMediaStore } from '../src/server/modules/media/media.store';

const config = loadConfig();
const database = await openDatabase(config, (m) => console.log(m));
try {
  const summary = await seedDemo(database.db, {
    store: createMediaStore(config.media),
    dataDir: config.dataDir,
    log: (m) => console.log(m),
  });
  console.log(
    `Demo content: ${summary.categories} sections, ${summary.news} articles, ${summary.breakingNews} breaking news, ${summary.prayerDays} prayer days added.`,
  );
  await ensureFirstAdmin(database.db, { dataDir: config.dataDir, ...config.admin, log: (m) => console.log(m) });
} finally {
  await database.close();
}
