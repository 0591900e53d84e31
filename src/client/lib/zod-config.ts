/**
 * zod compiles an object schema's parser with `new Function` when it may, and finds out whether it may by probing
 * `Function('')` when the schema is made, which our CSP (no 'unsafe-eval') refuses and reports as a violation. The
 * probe runs as soon as a module makes an object schema (the shared schemas do it at import), so this must run before
 * any of them, in the browser: vite.config.ts puts this module in the same chunk as zod itself, after zod, so it runs
 * the moment zod is loaded, whichever page loads it (the admin app; the reader's newsletter box), before any chunk
 * that makes a schema. The admin entry imports it; the interpreted parsers are fast enough for forms. The server
 * never loads it and keeps zod's compiled parsers.
 */
import { z } from 'zod';

z.config({ jitless: true });
