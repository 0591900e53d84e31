/** Where the repository is: the nearest folder above this file that holds package.json (from src/ or dist/). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir))
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  return process.cwd();
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const CLIENT_DIST = path.join(ROOT, 'dist/client');
export const MIGRATIONS_DIR = path.join(ROOT, 'drizzle');
export const DEFAULT_PRAYER_XML = path.join(ROOT, 'assets/prayer-times/tripoli.xml');
