import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cityQuery, prayerTimesResponse } from '../../../shared/schemas/prayer-times';
import { API_CACHE } from '../../plugins/cache/route-cache';
import type { PrayerTimesService } from './prayer-times.service';

export function prayerTimesPublicRoutes(service: PrayerTimesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/prayer-times',
      {
        schema: { querystring: cityQuery, response: { 200: prayerTimesResponse } },
        config: { cache: API_CACHE.prayer },
      },
      async (req) => service.current(req.query.city),
    );
  };
}
