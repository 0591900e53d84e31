import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatus } from '../../../shared/schemas/backups';
import type { BackupsService } from './backups.service';

export function backupsAdminRoutes(service: BackupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backups',
      { config: { permission: 'operations.view' }, schema: { response: { 200: backupStatus } } },
      async () => service.status(),
    );
  };
}
