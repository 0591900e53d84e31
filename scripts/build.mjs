#!/usr/bin/env node
/**
 * `npm run build`: the browser bundle (Vite: dist/client, with .br/.gz beside each text file) and the server
 * compiled to plain JavaScript (esbuild: dist/server), so a start or a restart runs no compiler.
 * `--if-stale`: only when the output is missing or older than its sources (what `npm start` runs first).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const CLIENT_MANIFEST = path.join(root, 'dist/client/.vite/manifest.json');
const SERVER_ENTRIES = { main: 'src/server/main.ts', backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' };
const SERVER_OUT = path.join(root, 'dist/server');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

export async function buildServer() {
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).filter(([, file]) => fs.existsSync(path.join(root, file))),
  );
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled ESM still needs require() for the CommonJS packages it imports by name.
    banner: {
      js: "import { createRequire as __sahifaRequire } from 'node:module'; const require = __sahifaRequire(import.meta.url);",
    },
  });
}

export function buildClient() {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error('the browser bundle did not build');
}

const ifStale = process.argv.includes('--if-stale');
const clientSources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((s) =>
  path.join(root, s),
);
const serverSources = ['src', 'scripts/backup.ts', 'scripts/restore.ts', 'package-lock.json'].map((s) =>
  path.join(root, s),
);
const clientStale = builtAt(CLIENT_MANIFEST) < Math.max(...clientSources.map(newest));
const serverStale = builtAt(path.join(SERVER_OUT, 'main.js')) < Math.max(...serverSources.map(newest));

try {
  if (!ifStale || clientStale) {
    if (ifStale) console.log('Building the browser bundle…');
    buildClient();
  }
  if (!ifStale || serverStale) {
    if (ifStale) console.log('Compiling the server…');
    await buildServer();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
