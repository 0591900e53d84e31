#!/usr/bin/env node
// Before `npm start`: builds the browser bundle when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const manifest = path.resolve('dist/client/.vite/manifest.json');
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const built = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : 0;
if (built < Math.max(...sources.filter((s) => fs.existsSync(s)).map(newest))) {
  console.log(built ? 'The browser bundle is older than its sources: rebuilding…' : 'Building the browser bundle…');
  const run = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
