import type { AuditEntry } from '../../../shared/schemas/admin';
import { SYSTEM_ACTOR } from '../../lib/write';
import type { AuditRow } from './audit.repository';

/** The names an entry's details kept when it was written, in the order they name the record best. */
const NAMED = ['title', 'name', 'fullName', 'username', 'slug'] as const;

function keptName(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as Record<string, unknown>;
  for (const key of NAMED) {
    const v = d[key];
    if (typeof v === 'string' && v) return v;
    // A renaming ({ name: { from, to } }, e.g. the migration's): the name it was given.
    if (v && typeof v === 'object' && typeof (v as { to?: unknown }).to === 'string') return (v as { to: string }).to;
  }
  return null;
}

export const presentAuditEntry = (e: AuditRow): AuditEntry => ({
  id: e.id,
  adminUsername: e.adminUsername,
  actorName:
    e.adminId === null && e.adminUsername === SYSTEM_ACTOR.username
      ? SYSTEM_ACTOR.fullName!
      : (e.actorFullName ?? e.adminUsername),
  subject: e.subjectNow ?? keptName(e.details),
  subjectExists: e.subjectNow !== null,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId,
  details: e.details,
  createdAt: e.createdAt.toISOString(),
});
