/**
 * The benchmark's baseline: the same server (buildApp: same plugins, headers and hooks, on the same database),
 * plus routes that answer with a fixed buffer: each target's bytes, captured once. The ratio to it is the cost of
 * the page itself: routing, cache lookup and rendering, not the framework or the machine.
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connect } from '../src/server/db/client';

import fs from 'node:fs';

// Each target's own bytes, captured once: a fixed buffer of the same size. (The same bytes, not filler: the
// load generator itself spends more on non-ASCII bodies, which must not count against the server.)
const bodies = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES!, 'utf8')) as Record<
  string,
  { base64: string; type: string }
>;
const config = loadConfig();
const database = connect(config.databaseUrl!);
const app = await buildApp({ config, db: database.db });
for (const [name, { base64, type }] of Object.entries(bodies)) {
  const body = Buffer.from(base64, 'base64');
  app.get(`/fixed/${name}`, (_req, reply) => reply.type(type).send(body));
}
await app.listen({ host: '127.0.0.1', port: config.port });
