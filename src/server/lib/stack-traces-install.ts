/**
 * Imported first by main.ts, so that an error thrown while the rest of the bundle loads is mapped too: stack traces
 * of the compiled server name the TypeScript sources (stack-traces.ts).
 */
import { mapStackTracesLazily } from './stack-traces';

mapStackTracesLazily(import.meta.url);
