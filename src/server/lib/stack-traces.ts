/**
 * Stack traces of the compiled server (dist/server/main.js) that name the TypeScript sources and their lines, with
 * the source map read only when a first stack is formatted. Node's own source maps (`--enable-source-maps`,
 * `process.setSourceMapsEnabled`) read the whole map (4 MB) while the server loads: about 150 ms of every start and
 * every restart after a crash, for traces most runs never print. The lookup is Node's own SourceMap class.
 */
import fs from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A source named by a URL of another kind than file: (a bundled package's https:, esbuild's namespaces). */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * `${name}: ${message}`, as V8 heads a stack; by the error's own toString when it has one (Node's errors add their
 * code: `TypeError [ERR_INVALID_ARG_TYPE]: …`).
 */
function headOf(err: unknown): string {
  try {
    const own = (err as { toString?: unknown } | null)?.toString;
    if (typeof own === 'function' && own !== Error.prototype.toString) return String(own.call(err));
  } catch {
    // a toString that throws: the standard heading
  }
  try {
    return Error.prototype.toString.call(err);
  } catch {
    return '<error>';
  }
}

/**
 * Maps the frames of the file `moduleUrl` names (the running bundle) through `<file>.map`, read on first use. Does
 * nothing when Node maps stacks itself or there is no map (the sources run directly, as in tests). True if installed.
 */
export function mapStackTracesLazily(moduleUrl: string): boolean {
  if (process.sourceMapsEnabled) return false;
  const file = fileURLToPath(moduleUrl);
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return false;
  const dir = path.dirname(mapFile);
  // The map read later must be this file's: a build that rewrote them meanwhile (a deployment before the restart)
  // would name the wrong lines, so then the bundle's own positions are kept.
  const builtAt = fs.statSync(file).mtimeMs;
  // false: the map could not be read (or belongs to a newer build), and is not tried again at every trace.
  let map: SourceMap | false | undefined;
  const load = (): SourceMap | false => {
    try {
      if (fs.statSync(file).mtimeMs !== builtAt) return false;
      return new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
    } catch {
      return false; // an unreadable map: the bundle's own positions, as without one
    }
  };
  const sourcePath = (source: string) =>
    source.startsWith('file:') ? fileURLToPath(source) : OTHER_SCHEME.test(source) ? source : path.resolve(dir, source);
  Error.prepareStackTrace = (err, frames) => {
    const lines = frames.map((frame) => {
      let text = String(frame);
      const name = frame.getFileName();
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      if ((name === moduleUrl || name === file) && line && column) {
        if (map === undefined) map = load();
        const found = map ? map.findEntry(line - 1, column - 1) : undefined;
        const entry = found && 'originalSource' in found ? (found as SourceMapping) : undefined;
        if (entry?.originalSource) {
          const at = `${sourcePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
          text = text.replace(`${name}:${line}:${column}`, at);
        }
      }
      return `    at ${text}`;
    });
    return [headOf(err), ...lines].join('\n');
  };
  return true;
}
