import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cityQuery } from '../../../shared/schemas/prayer-times';
import { weatherResponse } from '../../../shared/schemas/weather';
import { API_CACHE } from '../../plugins/cache/route-cache';
import type { WeatherService } from './weather.service';

export function weatherPublicRoutes(service: WeatherService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/weather',
      {
        schema: { querystring: cityQuery, response: { 200: weatherResponse } },
        config: { cache: API_CACHE.weather },
      },
      async (req) => service.current(req.query.city),
    );
  };
}
