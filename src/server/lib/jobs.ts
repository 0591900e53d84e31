/**
 * Background work on a timer in every instance: the scheduler's publishing pass and the housekeeping. A job marked
 * `exclusive` runs in one instance at a time (a PostgreSQL advisory lock held for the run; the others skip that
 * turn). A job never overlaps itself; a failure is logged and the next turn runs as usual; stop() waits for runs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface Job {
  name: string;
  everyMs: number;
  /** One instance at a time (pg_try_advisory_xact_lock); for jobs where a second run would only repeat work. */
  exclusive?: boolean;
  run: () => Promise<unknown>;
}

/** A stable 32-bit key per job name for the advisory lock. */
const lockKey = (name: string) => {
  let h = 0x5a17;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

export function createJobs(deps: { db: Db; log: { warn: (o: object, m: string) => void }; jobs: Job[] }) {
  const timers: ReturnType<typeof setInterval>[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  async function once(job: Job): Promise<void> {
    if (job.exclusive) {
      await deps.db.transaction(async (tx) => {
        const got = await tx.execute<{ ok: boolean }>(
          sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as ok`,
        );
        if (got.rows[0]?.ok) await job.run();
      });
    } else {
      await job.run();
    }
  }

  function turn(job: Job): Promise<void> {
    const current = running.get(job.name);
    if (current || stopped) return current ?? Promise.resolve();
    const p = once(job)
      .catch((err) => deps.log.warn({ err, job: job.name }, 'background job failed; it runs again next turn'))
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  }

  return {
    /** Runs a job now (tests; the first turn at start). */
    run: (name: string) => {
      const job = deps.jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no job ${name}`);
      return turn(job);
    },
    start() {
      stopped = false;
      for (const job of deps.jobs) {
        const t = setInterval(() => void turn(job), job.everyMs);
        t.unref();
        timers.push(t);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
