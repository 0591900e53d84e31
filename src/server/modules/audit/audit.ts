/** The audit log: who created, changed or deleted what, and when. Written in the same transaction as the change. */
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/site';

export interface Actor {
  id: number;
  username: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function audit(
  db: Db | Tx,
  actor: Actor,
  action: 'create' | 'update' | 'delete' | 'import' | 'login' | 'logout',
  entity: string,
  entityId: string | number | null,
  details?: unknown,
): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.id,
    adminUsername: actor.username,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details: details ?? null,
  });
}

export function auditRepository(db: Db) {
  return {
    latest: (limit: number) =>
      db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit),
  };
}
