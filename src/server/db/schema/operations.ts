/**
 * The installation's own operations, kept apart from the newspaper in a schema of their own (`ops`): backups read
 * and restore only the `public` schema, so a restored site does not inherit the history of the backups of the site
 * it was restored from (the run that made an archive would be in it, half done).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const ops = pgSchema('ops');

export const BACKUP_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

/**
 * One scheduled backup per slot of BACKUP_SCHEDULE: the instance that inserts the slot's row first makes it (the slot
 * is unique), the others skip it. A running row is refreshed (heartbeat_at) while it works, so a run whose instance
 * died is recognised as interrupted.
 */
export const backupRuns = ops.table(
  'backup_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slot: timestamp('slot', { withTimezone: true }).notNull().unique('backup_runs_slot_key'),
    status: text('status', { enum: BACKUP_RUN_STATUSES }).notNull().default('running'),
    /** Which instance made it (host and pid). */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Where the archive is: a file path, or s3://bucket/key. */
    location: text('location'),
    bytes: bigint('bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** When BACKUP_KEEP newer archives made this one's archive go. */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    check('backup_runs_status_check', sql`${t.status} in ('running', 'succeeded', 'failed')`),
    index('backup_runs_success_idx')
      .on(t.slot.desc())
      .where(sql`${t.status} = 'succeeded'`),
  ],
);
