import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsInput } from '../../../shared/schemas/admin';
import { publicSettings } from '../../../shared/schemas/settings';
import { actorOf } from '../../plugins/admin-api';
import type { SettingsService } from './settings.service';

const SETTINGS = { permission: 'settings.manage' } as const;

export function settingsAdminRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/settings', { config: SETTINGS, schema: { response: { 200: publicSettings } } }, async () =>
      service.site(),
    );
    app.put(
      '/settings',
      { config: SETTINGS, schema: { body: settingsInput, response: { 200: publicSettings } } },
      async (req) => {
        await service.update(actorOf(req), req.body);
        return service.site();
      },
    );
  };
}
