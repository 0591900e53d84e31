/** The state of the scheduled backups, as the admin dashboard shows it (GET /api/admin/backups). */
import { z } from 'zod';

export const backupRun = z.object({
  /** The scheduled time the run belongs to. */
  slot: z.string(),
  /** `interrupted`: its instance stopped answering while it ran (stopped, killed, crashed). */
  status: z.enum(['running', 'succeeded', 'failed', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** A file path or s3://bucket/key. */
  location: z.string().nullable(),
  bytes: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** What went wrong (the operator's words, in English), for a failed or interrupted run. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupStatus = z.object({
  /** BACKUP_SCHEDULE, or null when the server makes no backups by itself. */
  schedule: z.string().nullable(),
  /** Where scheduled archives go: `dir` (BACKUP_DIR) or `s3` (the media bucket). */
  target: z.enum(['dir', 's3']),
  keep: z.number(),
  nextRun: z.string().nullable(),
  /** The newest run, whatever its outcome. */
  latest: backupRun.nullable(),
  lastSuccess: backupRun.nullable(),
});
export type BackupStatus = z.infer<typeof backupStatus>;
