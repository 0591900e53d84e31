/**
 * Stack traces of the compiled server (dist/server/main.js) that name the TypeScript sources and their lines, with
 * the source map read only when a first stack is formatted. Node's own source maps (`--enable-source-maps`,
 * `process.setSourceMapsEnabled`) read and index the whole map (4 MB) while the server loads: about 150 ms of every
 * start and every restart after a crash, for traces most runs never print. The lookup is Node's own SourceMap class.
 */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `${name}: ${message}`, as V8 heads a stack. */
function headOf(err: unknown): string {
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
  let map: SourceMap | null | undefined;
  const load = () => {
    try {
      return new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
    } catch {
      return null; // an unreadable map: the bundle's own positions, as without one
    }
  };
  Error.prepareStackTrace = (err, frames) => {
    const lines = frames.map((frame) => {
      let text = String(frame);
      const name = frame.getFileName();
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      if ((name === moduleUrl || name === file) && line && column) {
        map ??= load();
        const entry = map?.findEntry(line - 1, column - 1);
        if (entry && 'originalSource' in entry && entry.originalSource) {
          const source = entry.originalSource.startsWith('file:')
            ? fileURLToPath(entry.originalSource)
            : path.resolve(dir, entry.originalSource);
          text = text.replace(
            `${name}:${line}:${column}`,
            `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
          );
        }
      }
      return `    at ${text}`;
    });
    return [headOf(err), ...lines].join('\n');
  };
  return true;
}
