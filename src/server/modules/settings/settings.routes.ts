import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from '../../../shared/schemas/settings';
import { API_CACHE } from '../../plugins/cache';
import type { SettingsRepository } from './settings.repository';

export function publicSettingsRoutes(repo: SettingsRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings',
      { schema: { response: { 200: publicSettings } }, config: { cache: API_CACHE.settings } },
      async () => repo.site(),
    );
  };
}
