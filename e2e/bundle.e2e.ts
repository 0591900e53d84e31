import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('keeps every reader page first load within 100 KB of gzipped JavaScript, with no admin, editor or chart code', () => {
  const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs'], { encoding: 'utf8' });
  expect(run.stdout).toMatch(/article\s+[\d.]+ KB gzipped JS/);
  expect(run.status, run.stdout).toBe(0);
});
