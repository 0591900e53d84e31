import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsInput } from '../../../shared/schemas/admin';
import { publicSettings } from '../../../shared/schemas/settings';
import { SITE_SETTINGS_KEY } from '../../../shared/settings-defaults';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/site';
import { actorOf } from '../../plugins/admin-guard';
import { audit } from '../audit/audit';
import type { SettingsRepository } from './settings.repository';

export function settingsAdminRoutes(db: Db, repo: SettingsRepository) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/admin/settings',
      { config: { role: 'admin' }, schema: { response: { 200: publicSettings } } },
      async () => repo.site(),
    );
    app.put(
      '/api/admin/settings',
      { config: { role: 'admin' }, schema: { body: settingsInput, response: { 200: publicSettings } } },
      async (req) => {
        await db.transaction(async (tx) => {
          await tx
            .insert(settings)
            .values({ key: SITE_SETTINGS_KEY, value: req.body, updatedBy: actorOf(req).id })
            .onConflictDoUpdate({
              target: settings.key,
              set: { value: req.body, updatedBy: actorOf(req).id, updatedAt: new Date() },
            });
          await audit(tx, actorOf(req), 'update', 'settings', SITE_SETTINGS_KEY, req.body);
        });
        await base.invalidation.publish(['settings']);
        return repo.site();
      },
    );
  };
}
