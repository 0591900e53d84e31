/** `npm run db:migrate`: applies the committed migrations (the server also does this at every start). */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';

const config = loadConfig();
const database = await openDatabase(config, (m) => console.log(m));
console.log('Migrations applied.');
await database.close();
