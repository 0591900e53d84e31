import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from '../../../shared/schemas/settings';
import { API_CACHE } from '../../plugins/cache/route-cache';
import type { SettingsService } from './settings.service';

export function settingsPublicRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings',
      { schema: { response: { 200: publicSettings } }, config: { cache: API_CACHE.settings } },
      async () => service.site(),
    );
  };
}
