/** The record of scheduled backups (ops.backup_runs): claiming a slot, the outcome, what to prune, the latest runs. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupRuns } from '../../db/schema/operations';

export type BackupRunRow = typeof backupRuns.$inferSelect;

export function backupsRepository(db: Db) {
  return {
    /** Takes the slot for this instance; undefined when another instance has it already. */
    async claim(slot: Date, instance: string, now: Date): Promise<number | undefined> {
      const rows = await db
        .insert(backupRuns)
        .values({ slot, instance, startedAt: now, heartbeatAt: now })
        .onConflictDoNothing({ target: backupRuns.slot })
        .returning({ id: backupRuns.id });
      return rows[0]?.id;
    },

    async heartbeat(id: number, now: Date): Promise<void> {
      await db.update(backupRuns).set({ heartbeatAt: now }).where(eq(backupRuns.id, id));
    },

    async succeed(id: number, r: { at: Date; location: string; bytes: number; durationMs: number }): Promise<void> {
      await db
        .update(backupRuns)
        .set({
          status: 'succeeded',
          finishedAt: r.at,
          heartbeatAt: r.at,
          location: r.location,
          bytes: r.bytes,
          durationMs: r.durationMs,
        })
        .where(eq(backupRuns.id, id));
    },

    async fail(id: number, r: { at: Date; error: string; durationMs: number }): Promise<void> {
      await db
        .update(backupRuns)
        .set({ status: 'failed', finishedAt: r.at, heartbeatAt: r.at, error: r.error, durationMs: r.durationMs })
        .where(eq(backupRuns.id, id));
    },

    /** The newest run (by slot) and the newest successful one. */
    async latest(): Promise<{ latest: BackupRunRow | undefined; lastSuccess: BackupRunRow | undefined }> {
      const [latest] = await db.select().from(backupRuns).orderBy(desc(backupRuns.slot)).limit(1);
      const [lastSuccess] =
        latest?.status === 'succeeded'
          ? [latest]
          : await db
              .select()
              .from(backupRuns)
              .where(eq(backupRuns.status, 'succeeded'))
              .orderBy(desc(backupRuns.slot))
              .limit(1);
      return { latest, lastSuccess };
    },

    /** Successful runs whose archives are still kept, beyond the newest `keep`: their archives go. */
    async beyondKept(keep: number): Promise<{ id: number; location: string }[]> {
      const rows = await db
        .select({ id: backupRuns.id, location: backupRuns.location })
        .from(backupRuns)
        .where(and(eq(backupRuns.status, 'succeeded'), isNull(backupRuns.prunedAt)))
        .orderBy(desc(backupRuns.slot))
        .offset(keep);
      return rows.filter((r): r is { id: number; location: string } => r.location !== null);
    },

    async markPruned(id: number, now: Date): Promise<void> {
      await db.update(backupRuns).set({ prunedAt: now }).where(eq(backupRuns.id, id));
    },

    /** Archives of successful runs not yet pruned, newest first. */
    async kept(): Promise<string[]> {
      const rows = await db
        .select({ location: backupRuns.location })
        .from(backupRuns)
        .where(and(eq(backupRuns.status, 'succeeded'), isNull(backupRuns.prunedAt)))
        .orderBy(desc(backupRuns.slot));
      return rows.flatMap((r) => (r.location ? [r.location] : []));
    },

    /** The newest slot any run took (a made-up slot is never older than it). */
    async newestSlot(): Promise<Date | undefined> {
      const rows = await db
        .select({ slot: sql<Date>`max(${backupRuns.slot})`.mapWith(backupRuns.slot) })
        .from(backupRuns);
      return rows[0]?.slot ?? undefined;
    },
  };
}
export type BackupsRepository = ReturnType<typeof backupsRepository>;
