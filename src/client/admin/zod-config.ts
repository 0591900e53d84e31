/**
 * zod compiles an object schema's parser with `new Function` when it may, and finds out whether it may by probing
 * `Function('')` when the schema is made, which our CSP (no 'unsafe-eval') refuses and reports as a violation on
 * every admin screen. The probe runs as the shared schemas are made at import, so this must run before any module
 * that makes one: entry-admin.tsx imports it first. The interpreted parsers are fast enough for forms.
 */
import { z } from 'zod';

z.config({ jitless: true });
