#!/usr/bin/env node
// Runs every test suite and ends with one plain line "N passed, N failed" counting all of them.
// Extra arguments go to vitest (e.g. `npm test -- src/server/modules/news`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const jsonFile = path.join(resultsDir, 'vitest.json');
const unhandledFile = path.join(resultsDir, 'unhandled.json');
fs.rmSync(jsonFile, { force: true });
fs.rmSync(unhandledFile, { force: true });

// The end-to-end and process tests drive the built site (browser bundle and compiled server): build it first.
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/unhandled-reporter.mjs',
    `--outputFile.json=${jsonFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
  // A suite that failed to load has no tests to count; count it as a failure.
  failed += report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
} catch {
  failed += 1; // no report at all: the run itself broke
}
if (run.status !== 0 && failed === 0) failed = 1;

// Errors outside any test (vitest's "Errors: N error"), repeated here so the end of the log says what they were.
try {
  const unhandled = JSON.parse(fs.readFileSync(unhandledFile, 'utf8'));
  for (const e of unhandled) {
    console.log(
      `\nUnhandled error${e.file ? ` while ${e.file} ran` : ''}${e.test ? ` (${e.test})` : ''}: ${e.name}: ${e.message}`,
    );
    console.log(e.stack.split('\n').slice(1, 6).join('\n'));
  }
} catch {
  /* no run, or no reporter output: the counts below say so */
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
