import os from 'node:os';
import { expect, it } from 'vitest';
import { servesDataDir } from './embedded';

it('recognises a process by the directory it works in before an orphaned postgres is stopped', () => {
  expect(servesDataDir(process.pid, process.cwd())).toBe(true);
  expect(servesDataDir(process.pid, os.tmpdir())).toBe(false);
  expect(servesDataDir(2 ** 22 + 7, process.cwd())).toBe(false); // no such process
});
