/**
 * The statistics recorder is fired and forgotten on every page view: while the database is unreachable it must
 * neither fail (an unhandled rejection stops the server) nor lose the views it was told about.
 */
import { afterAll, expect, it } from 'vitest';
import { connect } from '../../db/client';
import { statsRecorder } from './stats-recorder';
import { statsRepository } from './stats.repository';

// Nothing listens on port 9: every statement fails at once, as with a database that is down.
const down = connect('postgres://sahifa:x@127.0.0.1:9/sahifa', { max: 1 });
afterAll(() => down.close());

it('counts page views while the database is unreachable, and keeps them when the flush fails', async () => {
  const warnings: string[] = [];
  const recorder = statsRecorder(statsRepository(down.db), () => new Date('2026-11-22T10:00:00Z'), {
    warn: (_o, m) => void warnings.push(m),
  });
  const ua = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile';
  expect(recorder.record('10.0.0.1', ua, true)).toBeUndefined();
  expect(recorder.record('10.0.0.2', ua, false)).toBeUndefined();
  expect(recorder.unflushed).toBe(2);
  await recorder.flush(); // fails: the counts stay for the next flush
  expect(warnings.some((w) => w.includes('salt'))).toBe(true);
  expect(recorder.unflushed).toBe(2);
  expect(warnings.some((w) => w.includes('keeping them'))).toBe(true);
});
