import type { AuditEntry } from '../../../shared/schemas/admin';
import type { AuditRow } from './audit.repository';

export const presentAuditEntry = (e: AuditRow): AuditEntry => ({
  id: e.id,
  adminUsername: e.adminUsername,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId,
  details: e.details,
  createdAt: e.createdAt.toISOString(),
});
