/** What leaves the server about backups: runs as the dashboard shows them (no instance names, no internals). */
import type { BackupRun } from '../../../shared/schemas/backups';
import type { BackupRunRow } from './backups.repository';

/** A running run whose instance has not said it is alive for this long was stopped with it. */
export const INTERRUPTED_AFTER_MS = 2 * 60_000;

export function presentBackupRun(row: BackupRunRow, now: Date): BackupRun {
  const interrupted = row.status === 'running' && now.getTime() - row.heartbeatAt.getTime() > INTERRUPTED_AFTER_MS;
  return {
    slot: row.slot.toISOString(),
    status: interrupted ? 'interrupted' : row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    location: row.location,
    bytes: row.bytes,
    durationMs: row.durationMs,
    error: interrupted ? 'The instance making it stopped before it finished.' : row.error,
  };
}
