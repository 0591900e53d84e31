/** buildApp: the whole HTTP application, used by main.ts and by every test. Listens on nothing by itself. */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { breakingNewsRepository } from './modules/breaking-news/breaking-news.repository';
import { publicBreakingNewsRoutes } from './modules/breaking-news/breaking-news.routes';
import { categoriesRepository } from './modules/categories/categories.repository';
import { publicCategoryRoutes } from './modules/categories/categories.routes';
import { healthRoutes } from './modules/health/health.routes';
import { newsRepository } from './modules/news/news.repository';
import { publicNewsRoutes } from './modules/news/news.routes';
import { prayerTimesRepository } from './modules/prayer-times/prayer-times.repository';
import { publicPrayerTimesRoutes } from './modules/prayer-times/prayer-times.routes';
import { prayerTimesService } from './modules/prayer-times/prayer-times.service';
import { publicWeatherRoutes } from './modules/weather/weather.routes';
import { weatherService } from './modules/weather/weather.service';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** The HTTP client for outside providers (weather); tests point it at a local fake. */
  fetch?: typeof fetch;
  /** A pino logger to share with the caller; otherwise one is made from config.logLevel. */
  logger?: FastifyBaseLogger;
}

export async function buildApp({ config, db, now = () => new Date(), fetch: fetchImpl = fetch, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed URLs and bodies rejected before routing get the same Arabic error body as everything else.
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const news = newsRepository(db);
  const categories = categoriesRepository(db);
  const prayer = prayerTimesService(prayerTimesRepository(db), app.log);
  const weather = weatherService({ ...config.weather, fetch: fetchImpl, now, log: app.log });

  await app.register(healthRoutes(db));
  await app.register(publicNewsRoutes(news, categories));
  await app.register(publicCategoryRoutes(categories));
  await app.register(publicBreakingNewsRoutes(breakingNewsRepository(db), now));
  await app.register(publicPrayerTimesRoutes(prayer, now));
  await app.register(publicWeatherRoutes(weather));

  return app;
}
