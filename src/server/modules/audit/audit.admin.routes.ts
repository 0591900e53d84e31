import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry } from '../../../shared/schemas/admin';
import { pageQuery } from '../../../shared/schemas/common';
import { pageOf, sendPage } from '../../lib/paging';
import { presentAuditEntry } from './audit.presenter';
import type { AuditRepository } from './audit.repository';

export function auditAdminRoutes(repo: AuditRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit-log',
      {
        config: { permission: 'accounts.manage' },
        schema: { querystring: pageQuery, response: { 200: z.array(auditEntry) } },
      },
      async (req, reply) => {
        const { rows, ...count } = await repo.page(req.query);
        return sendPage(reply, pageOf(rows.map(presentAuditEntry), req.query, count));
      },
    );
  };
}
