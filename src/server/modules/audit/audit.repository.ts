/** The audit log: who created, changed or deleted what, and when. Written in the same transaction as the change. */
import type { PageQuery } from '../../../shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema/site';
import type { Actor, AuditRecord, AuditSink } from '../../lib/write';
import { descNullsLast } from '../../lib/order';
import { offsetOf, pagedTable } from '../../lib/paging';

export type AuditRow = typeof auditLog.$inferSelect;

export function auditRepository(db: Db) {
  return {
    async insert(tx: Tx, actor: Actor, records: AuditRecord[], at: Date): Promise<void> {
      await tx.insert(auditLog).values(
        records.map((r) => ({
          adminId: actor.id,
          adminUsername: actor.username,
          action: r.action,
          entity: r.entity,
          entityId: r.entityId === null ? null : String(r.entityId),
          details: r.details ?? null,
          createdAt: at,
        })),
      );
    },
    page(q: PageQuery): Promise<{ rows: AuditRow[]; total: number; exact: boolean }> {
      return pagedTable(
        db,
        db
          .select()
          .from(auditLog)
          .orderBy(...descNullsLast(auditLog.createdAt, auditLog.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        auditLog,
      );
    },
  } satisfies AuditSink & Record<string, unknown>;
}
export type AuditRepository = ReturnType<typeof auditRepository>;
