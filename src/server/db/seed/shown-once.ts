/**
 * Generated passwords (the first admin's, the demo staff's): saved in a file of DATA_DIR that only its owner can read,
 * and printed once at start-up in a banner of their own lines.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Writes `text` to DATA_DIR/`name`, readable by its owner only; returns the file's path. */
export function writeOwnerOnlyFile(dataDir: string, name: string, text: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an existing file keeps its mode through writeFileSync
  return file;
}

/** The banner printed once: a title, the accounts' lines, where they are saved, and what to do next. */
export function shownOnceBanner(title: string, lines: string[], file: string, next: string): string {
  const rule = '============================================================';
  return [
    '',
    rule,
    ` ${title} (shown once):`,
    ...lines,
    ` Also saved in ${file} (readable only by its owner).`,
    ` ${next}`,
    rule,
    '',
  ].join('\n');
}
