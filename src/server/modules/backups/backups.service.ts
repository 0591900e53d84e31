/**
 * Scheduled backups (BACKUP_SCHEDULE, BACKUP_KEEP, BACKUP_DIR or the media bucket). Every instance keeps the schedule;
 * at each slot they all try to claim it (a unique row per slot) and the one that gets it writes the archive through
 * the app's own database connection string (the same consistent snapshot as `npm run backup`), puts it in its place,
 * records the outcome, and removes the archives beyond the newest BACKUP_KEEP. A slot missed while no instance ran is
 * made up at the next start (once a site has had a scheduled backup at all). Each run is logged; its outcome is on
 * the dashboard (GET /api/admin/backups) and in /metrics.
 */
import os from 'node:os';
import path from 'node:path';
import type { BackupStatus } from '../../../shared/schemas/backups';
import { errorMessage } from '../../ops/backup/files';
import { backupFileName, writeBackup } from '../../ops/backup/write';
import { presentBackupRun } from './backups.presenter';
import type { BackupsRepository } from './backups.repository';
import { scheduleOf } from './backups.schedule';
import type { BackupTarget } from './backups.targets';

/** How often a running backup says it is alive. */
const HEARTBEAT_MS = 30_000;
/** The longest timer set at once (a far slot is reached by several), and a check that no slot was slept through. */
const MAX_TIMER_MS = 60 * 60_000;
/** How long stopping the server waits for a backup in progress before leaving it (it then shows as interrupted). */
const STOP_WAIT_MS = 10_000;

interface Log {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

export type RunOutcome =
  | { result: 'skipped' }
  | { result: 'succeeded'; location: string; bytes: number; durationMs: number }
  | { result: 'failed'; error: string };

export function backupsService(deps: {
  repo: BackupsRepository;
  /** BACKUP_SCHEDULE; undefined: the server makes no backups by itself. */
  schedule: string | undefined;
  keep: number;
  target: BackupTarget;
  /** The database to back up (this instance's own). */
  databaseUrl: string;
  /** DATA_DIR: its media folder goes into the archive. */
  dataDir: string;
  now: () => Date;
  log: Log;
}) {
  const { repo, target, now, log } = deps;
  const schedule = deps.schedule ? scheduleOf(deps.schedule) : undefined;
  const instance = `${os.hostname()}:${process.pid}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let current: Promise<RunOutcome> | undefined;

  async function prune(): Promise<void> {
    for (const old of await repo.beyondKept(deps.keep)) {
      try {
        await target.remove(old.location);
        await repo.markPruned(old.id, now());
        log.info({ location: old.location }, 'old backup removed (BACKUP_KEEP)');
      } catch (err) {
        log.warn({ err, location: old.location }, 'an old backup could not be removed; trying again after the next');
      }
    }
  }

  async function run(slot: Date): Promise<RunOutcome> {
    const started = now();
    const id = await repo.claim(slot, instance, started);
    if (id === undefined) return { result: 'skipped' }; // another instance has this slot
    const t0 = performance.now();
    log.info({ slot: slot.toISOString() }, 'scheduled backup started');
    const beat = setInterval(() => void repo.heartbeat(id, now()).catch(() => {}), HEARTBEAT_MS);
    beat.unref();
    try {
      const summary = await writeBackup({
        databaseUrl: deps.databaseUrl,
        dataDir: deps.dataDir,
        out: path.join(target.dir, backupFileName(slot)),
        now,
      });
      const location = await target.keep(summary.out);
      const durationMs = Math.round(performance.now() - t0);
      await repo.succeed(id, { at: now(), location, bytes: summary.bytes, durationMs });
      log.info(
        {
          slot: slot.toISOString(),
          location,
          bytes: summary.bytes,
          rows: summary.rows,
          media: summary.mediaFiles,
          durationMs,
        },
        'scheduled backup written',
      );
      await prune();
      return { result: 'succeeded', location, bytes: summary.bytes, durationMs };
    } catch (err) {
      const error = errorMessage(err);
      const durationMs = Math.round(performance.now() - t0);
      log.error({ err, slot: slot.toISOString(), durationMs }, 'scheduled backup failed');
      await repo.fail(id, { at: now(), error, durationMs }).catch((e: unknown) => {
        log.warn({ err: e }, 'the failed backup could not be recorded');
      });
      return { result: 'failed', error };
    } finally {
      clearInterval(beat);
    }
  }

  /** One slot at a time in this instance; a run never rejects (its failure is recorded and logged). */
  function runSlot(slot: Date): Promise<RunOutcome> {
    const p = (current ?? Promise.resolve())
      .then(() => run(slot))
      .catch((err: unknown): RunOutcome => {
        log.error({ err }, 'scheduled backup could not start');
        return { result: 'failed', error: errorMessage(err) };
      });
    current = p.finally(() => {
      if (current === p) current = undefined;
    }) as Promise<RunOutcome>;
    return p;
  }

  function arm(): void {
    if (stopped || !schedule) return;
    const at = now();
    const next = schedule.next(at);
    if (!next) return;
    const wait = Math.min(Math.max(next.getTime() - at.getTime(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      // The slot this timer was set for, once its time has come (a long wait is reached in steps).
      const due = schedule.previous(now());
      if (due && due.getTime() >= next.getTime()) void runSlot(due).finally(arm);
      else arm();
    }, wait);
    timer.unref();
  }

  /** A slot that passed while no instance ran (a restart at 03:00): made up once, at start. */
  async function makeUp(): Promise<void> {
    if (!schedule) return;
    const missed = schedule.previous(now());
    const newest = await repo.newestSlot();
    if (!missed || !newest || missed.getTime() <= newest.getTime()) return;
    log.info({ slot: missed.toISOString() }, 'making up a scheduled backup missed while the server was stopped');
    await runSlot(missed);
  }

  return {
    /** Keeps the schedule (nothing without BACKUP_SCHEDULE). */
    start(): void {
      if (!schedule || !stopped) return;
      stopped = false;
      void makeUp().catch((err: unknown) => log.warn({ err }, 'could not check for a missed backup'));
      arm();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      const running = current;
      if (running) await Promise.race([running, new Promise((r) => setTimeout(r, STOP_WAIT_MS).unref())]);
    },
    /** Makes the backup of one slot now, unless another instance has (tests; the timer). */
    runSlot,
    /** The schedule, the next slot, the newest run and the newest success. */
    async status(): Promise<BackupStatus> {
      const at = now();
      const { latest, lastSuccess } = await repo.latest();
      return {
        schedule: deps.schedule ?? null,
        target: target.kind,
        keep: deps.keep,
        nextRun: schedule?.next(at)?.toISOString() ?? null,
        latest: latest ? presentBackupRun(latest, at) : null,
        lastSuccess: lastSuccess ? presentBackupRun(lastSuccess, at) : null,
      };
    },
    /** Kept archives, newest first (tests, operators). */
    kept: () => repo.kept(),
  };
}
export type BackupsService = ReturnType<typeof backupsService>;
