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
import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { createInvalidationBus, registerResponseCache, ResponseCache, type InvalidationBus } from './plugins/cache';
import { registerSsr } from './plugins/ssr';
import { CLIENT_DIST, type ClientAssets } from './ssr/assets';
import { THEME_SCRIPT_HASH } from './ssr/document';
import { mediaDir } from './modules/media/media.storage';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter.admin.routes';
import { searchRepository } from './modules/search/search.repository';
import { publicSearchRoutes } from './modules/search/search.routes';
import { settingsRepository } from './modules/settings/settings.repository';
import { publicSettingsRoutes } from './modules/settings/settings.routes';
import { siteAssetRoutes } from './modules/site/site-assets.routes';
import { feedRoutes } from './modules/feeds/feeds.routes';
import { adminScope } from './plugins/admin-guard';
import { registerAdminShell } from './plugins/admin-shell';
import { adminsRoutes } from './modules/admins/admins.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRepository } from './modules/auth/auth.repository';
import { loginRoute, sessionRoutes } from './modules/auth/auth.routes';
import { authService } from './modules/auth/auth.service';
import { breakingNewsAdminRoutes } from './modules/breaking-news/breaking-news.admin.routes';
import { categoriesAdminRoutes } from './modules/categories/categories.admin.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { newsAdminRoutes } from './modules/news/news.admin.routes';
import { prayerTimesAdminRoutes } from './modules/prayer-times/prayer-times.admin.routes';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes';
import { statsRepository } from './modules/stats/stats.repository';
import { statsRecorder, type StatsRecorder } from './modules/stats/stats-recorder';
import { statsRoutes } from './modules/stats/stats.routes';
import { pageViewRoute } from './modules/stats/stats.public.routes';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** The HTTP client for outside providers (weather); tests point it at a local fake. */
  fetch?: typeof fetch;
  /** A pino logger to share with the caller; otherwise one is made from config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Client bundle files; read from dist/client when not given. */
  assets?: ClientAssets;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Clears cached public responses by tag, here and in every other instance. */
    invalidation: InvalidationBus;
    /** Reader page views, visits and unique visitors (flushed every few seconds). */
    stats: StatsRecorder;
    /** Every route registered, for tests that must see them all (e.g. that every admin route needs a session). */
    routesList: { method: string; url: string }[];
  }
}

export async function buildApp({
  config,
  db,
  now = () => new Date(),
  fetch: fetchImpl = fetch,
  logger,
  assets,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } }),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed URLs and bodies rejected before routing get the same Arabic error body as everything else.
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  const routesList: { method: string; url: string }[] = [];
  app.decorate('routesList', routesList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routesList.push({ method, url: r.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https://') ? { maxAge: 31_536_000 } : false,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyCookie);
  app.decorateRequest('admin', null);

  const cache = new ResponseCache(() => now().getTime());
  // Without PUBLIC_URL the origin in canonical links comes from the Host header, so it is part of the key.
  registerResponseCache(
    app,
    cache,
    (url, host) => (config.publicUrl ? url : `${host} ${url}`),
    () => now().getTime(),
  );
  const invalidation = createInvalidationBus(db.$client, cache, app.log);
  app.decorate('invalidation', invalidation);
  app.addHook('onReady', () => invalidation.start());
  app.addHook('onClose', () => invalidation.close());

  fs.mkdirSync(mediaDir(config.dataDir), { recursive: true });
  if (fs.existsSync(path.join(CLIENT_DIST, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(CLIENT_DIST, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  }
  await app.register(fastifyStatic, {
    root: mediaDir(config.dataDir),
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
  });

  const news = newsRepository(db);
  const categories = categoriesRepository(db);
  const settings = settingsRepository(db);
  const prayer = prayerTimesService(prayerTimesRepository(db), app.log);
  const weather = weatherService({ ...config.weather, fetch: fetchImpl, now, log: app.log });

  await app.register(healthRoutes(db));
  await app.register(publicNewsRoutes(news, categories));
  await app.register(publicCategoryRoutes(categories));
  await app.register(publicBreakingNewsRoutes(breakingNewsRepository(db), now));
  await app.register(publicPrayerTimesRoutes(prayer, now));
  await app.register(publicWeatherRoutes(weather));
  await app.register(publicSettingsRoutes(settings));
  await app.register(publicSearchRoutes(searchRepository(db)));
  await app.register(newsletterRoutes(db));
  await app.register(siteAssetRoutes(config.publicUrl));

  // Statistics of reader page views (rendered or served from the cache alike).
  const statsRepo = statsRepository(db);
  const stats = statsRecorder(statsRepo, now, app.log);
  app.decorate('stats', stats);
  app.addHook('onReady', async () => stats.start());
  app.addHook('onClose', () => stats.stop());
  await app.register(pageViewRoute(stats));
  app.addHook('onResponse', async (req, reply) => {
    if (
      req.method !== 'GET' ||
      req.routeOptions.url !== '/*' ||
      reply.statusCode !== 200 ||
      req.url.startsWith('/api/')
    )
      return;
    const referer = req.headers.referer;
    const entry = !referer || !referer.startsWith(config.publicUrl ?? `${req.protocol}://${req.host}`);
    await stats.record(req.ip, req.headers['user-agent'], entry);
  });

  // The admin API: login outside the gate, everything else behind it.
  const auth = authRepository(db);
  await app.register(loginRoute(authService(auth, now), db, config.publicUrl));
  await app.register((scope) =>
    adminScope(
      auth,
      config.publicUrl,
      now,
    )(scope, async (s) => {
      await s.register(sessionRoutes(auth, db, config.publicUrl));
      await s.register(statsRoutes(statsRepo, now));
      await s.register(breakingNewsAdminRoutes(db));
      await s.register(newsAdminRoutes(db));
      await s.register(categoriesAdminRoutes(db));
      await s.register(prayerTimesAdminRoutes(db, config.prayerXmlPath));
      await s.register(adminsRoutes(db));
      await s.register(mediaRoutes(db, config.dataDir));
      await s.register(settingsAdminRoutes(db, settings));
      await s.register(auditRoutes(db));
      await s.register(newsletterAdminRoutes(db));
    }),
  );
  await registerAdminShell(app);
  await app.register(feedRoutes({ news, categories, settings, publicUrl: config.publicUrl, now }));
  await registerSsr(app, { publicUrl: config.publicUrl, now, assets });

  return app;
}
