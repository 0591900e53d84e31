import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry } from '../../../shared/schemas/admin';
import type { Db } from '../../db/client';
import { auditRepository } from './audit';

export function auditRoutes(db: Db) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/admin/audit-log',
      { config: { role: 'admin' }, schema: { response: { 200: z.array(auditEntry) } } },
      async () =>
        (await auditRepository(db).latest(200)).map((e) => ({
          id: e.id,
          adminUsername: e.adminUsername,
          action: e.action,
          entity: e.entity,
          entityId: e.entityId,
          details: e.details,
          createdAt: e.createdAt.toISOString(),
        })),
    );
  };
}
