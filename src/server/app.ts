/**
 * buildApp: the whole HTTP application, read as a table of contents. Used by main.ts and by every test; it
 * listens on nothing by itself. Modules are built once from { db, config, now, fetch }; then come the plugins
 * (errors, cache, security, static files), the public API, the admin API under /api/admin behind its one gate,
 * the admin shell, feeds and, last, the server-rendered reader pages.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './lib/serializer';
import type { Config } from './config';
import type { Db } from './db/client';
import { MESSAGES } from './errors';
import { buildModules, type ModuleDeps, type Modules } from './modules';
import { adminsAdminRoutes } from './modules/admins/admins.admin.routes';
import { auditAdminRoutes } from './modules/audit/audit.admin.routes';
import { backupsAdminRoutes } from './modules/backups/backups.admin.routes';
import { loginRoutes, sessionRoutes } from './modules/auth/auth.admin.routes';
import { mfaAdminRoutes } from './modules/mfa/mfa.admin.routes';
import { liveAdminRoutes } from './modules/live/live.admin.routes';
import { livePublicRoutes } from './modules/live/live.public.routes';
import { breakingNewsAdminRoutes } from './modules/breaking-news/breaking-news.admin.routes';
import { breakingNewsPublicRoutes } from './modules/breaking-news/breaking-news.public.routes';
import { categoriesAdminRoutes } from './modules/categories/categories.admin.routes';
import { categoriesPublicRoutes } from './modules/categories/categories.public.routes';
import { feedsPublicRoutes } from './modules/feeds/feeds.public.routes';
import { healthPublicRoutes } from './modules/health/health.public.routes';
import { mediaAdminRoutes } from './modules/media/media.admin.routes';
import { adsAdminRoutes } from './modules/ads/ads.admin.routes';
import { adsPublicRoutes } from './modules/ads/ads.public.routes';
import { impressionFastPath, type ImpressionFastPath } from './modules/ads/ads.fast-path';
import { correctionsAdminRoutes } from './modules/corrections/corrections.admin.routes';
import { correctionsPublicRoutes } from './modules/corrections/corrections.public.routes';
import { editorialNotesAdminRoutes } from './modules/editorial-notes/editorial-notes.admin.routes';
import { authorsPublicRoutes } from './modules/authors/authors.public.routes';
import { newsAdminRoutes } from './modules/news/news.admin.routes';
import { newsPublicRoutes } from './modules/news/news.public.routes';
import { frontPublicRoutes } from './modules/front/front.public.routes';
import { tagsAdminRoutes } from './modules/tags/tags.admin.routes';
import { tagsPublicRoutes } from './modules/tags/tags.public.routes';
import { viewsPublicRoutes } from './modules/views/views.public.routes';
import { beaconFastPath, type BeaconFastPath } from './modules/views/views.fast-path';
import { alertsAdminRoutes } from './modules/alerts/alerts.admin.routes';
import { fanoutAdminRoutes } from './modules/fanout/fanout.admin.routes';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter.admin.routes';
import { newsletterPublicRoutes } from './modules/newsletter/newsletter.public.routes';
import { prayerTimesAdminRoutes } from './modules/prayer-times/prayer-times.admin.routes';
import { prayerTimesPublicRoutes } from './modules/prayer-times/prayer-times.public.routes';
import { searchPublicRoutes } from './modules/search/search.public.routes';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes';
import { settingsPublicRoutes } from './modules/settings/settings.public.routes';
import { sitePublicRoutes } from './modules/site/site.public.routes';
import { pwaPublicRoutes } from './modules/pwa/pwa.public.routes';
import { pushPublicRoutes } from './modules/push/push.public.routes';
import { pushAdminRoutes } from './modules/push/push.admin.routes';
import { statsAdminRoutes } from './modules/stats/stats.admin.routes';
import { statsPublicRoutes } from './modules/stats/stats.public.routes';
import type { StatsRecorder } from './modules/stats/stats-recorder';
import { weatherPublicRoutes } from './modules/weather/weather.public.routes';
import { adminApi, registerAdminNoStore } from './plugins/admin-api';
import { registerAdminShell } from './plugins/admin-shell';
import { registerResponseCache, type CacheHandle } from './plugins/cache/plugin';
import { normaliseForwardedProto } from './plugins/cache/keys';
import { ResponseCache } from './plugins/cache/store';
import { registerErrorHandling, sendFrameworkError } from './plugins/errors';
import { loadMetrics, metricsRoutes, registerRequestMetrics } from './plugins/metrics';
import { createInvalidationBus, type InvalidationBus } from './plugins/invalidation';
import { registerSecurity } from './plugins/security';
import { registerSsr } from './plugins/ssr';
import { registerRequestScope } from './lib/deadline';
import { STAFF_ROUTE_HEADER } from './staff/staff-thread';
import { withoutControlChars } from './lib/input';
import { createLifecycle, DRAINING_KEEP_ALIVE_MS, KEEP_ALIVE_TIMEOUT_MS, type Lifecycle } from './lib/lifecycle';
import { LOG_SERIALIZERS } from './lib/logging';
import { registerStatic } from './plugins/static';
import { pageStyleHashes } from './ssr/style-hashes';
import { createMediaStore, type MediaStore } from './modules/media/media.store';
import { setMediaBase } from '../shared/media';
import type { ClientAssets } from './ssr/assets';
import type { RenderThread } from './ssr/render-thread';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** The HTTP client for outside providers (weather, CDN purge); tests point it at a local fake. */
  fetch?: typeof fetch;
  /** A pino logger to share with the caller; otherwise one is made from config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Client bundle files; read from dist/client when not given. */
  assets?: ClientAssets;
  /** Serving or draining; made here when not given (main.ts reads it from app.lifecycle). */
  lifecycle?: Lifecycle;
  /** Where image files live; made from config.media when not given. */
  mediaStore?: MediaStore;
  /** The fan-out job's timings (tests make them short). */
  fanout?: ModuleDeps['fanout'];
  /**
   * This app is a staff thread's (server/staff/): it answers only the admin API its main thread hands it, runs none
   * of the background work (the main thread's), and tells the main thread of every tag its writes drop.
   */
  staff?: { onOwnDrop: (tags: readonly string[]) => void };
  /** Hands admin API requests to the staff thread before Fastify (server/staff/): true when it took one. */
  forwardStaff?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** Renders reader pages off the readers' thread (ssr/render-thread.ts); pages are rendered here without it. */
  renderThread?: RenderThread;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Clears cached public responses by tag, here, in every other instance and at the CDN. */
    invalidation: InvalidationBus;
    /** The response cache (its counters are read by tests and metrics). */
    responseCache: ResponseCache;
    /** Reader page views, visits and unique visitors (flushed every few seconds). */
    stats: StatsRecorder;
    /** Every module's service. */
    modules: Modules;
    /** Where image files live (local disk or S3). */
    mediaStore: MediaStore;
    /** Starts a graceful stop: new requests get an Arabic 503 for `ms` while open ones finish (then close()). */
    drain: (ms: number) => Promise<void>;
    /** Serving or draining: startDraining() makes /readyz answer 503 and every new request an Arabic 503. */
    lifecycle: Lifecycle;
    /** View beacons answered before Fastify (modules/views/views.fast-path.ts). */
    beacons: BeaconFastPath;
    /** Counts one answered request in the metrics (with METRICS_TOKEN; else does nothing): for what Fastify here never sees. */
    observeRequest: (method: string, pattern: string | undefined, url: string, status: number, seconds: number) => void;
    /** Ad impression beacons answered before Fastify (modules/ads/ads.fast-path.ts). */
    impressionBeacons: ImpressionFastPath;
    /** Every route registered, for tests that must see them all (e.g. that every admin route needs a session). */
    routesList: { method: string; url: string }[];
  }
}

/** Requests slower than this are logged (warn); every 5xx is logged (error); the rest only at debug level. */
const SLOW_REQUEST_MS = 1000;

export async function buildApp({
  config,
  db,
  now: clock,
  fetch: fetchImpl = fetch,
  logger,
  assets,
  lifecycle = createLifecycle(),
  mediaStore = createMediaStore(config.media),
  fanout,
  staff,
  forwardStaff,
  renderThread,
}: AppDeps): Promise<FastifyInstance> {
  const now = clock ?? (() => new Date());
  // The cache reads the time on every hit: without a test's clock, Date.now() (no Date made each time).
  const nowMs = clock ? () => clock().getTime() : Date.now;
  // Image URLs in pages (src, srcset, share images, feeds) point at the CDN or bucket when one is configured.
  setMediaBase(config.mediaPublicUrl);
  const cache = new ResponseCache(config.cacheMaxBytes, nowMs);
  const handle: { current?: CacheHandle; beacons?: BeaconFastPath; impressions?: ImpressionFastPath } = {};
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: LOG_SERIALIZERS } }),
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    // A hop count as Fastify's trust function (its types take addresses or a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Cache hits are answered before Fastify (no routing, hooks or header building): see plugins/cache/plugin.ts.
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (
          !handle.current?.fastPath(req, res) &&
          !handle.beacons?.handle(req, res) &&
          !handle.impressions?.handle(req, res) &&
          !forwardStaff?.(req, res)
        )
          handler(req, res);
      });
      // Fastify sets this only on a server it makes itself; Node's own 5 s is shorter than the idle time of the
      // proxies and clients that reuse a connection (nginx, load balancers: 60 s), so one that sends a request just
      // as the server closes gets a reset instead of an answer. Longer than theirs, the client closes first.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    // Malformed URLs and bodies rejected before routing get the same Arabic error body as everything else.
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  // X-Forwarded-Proto counts only as exactly http or https (plugins/cache/keys.ts): anything else is dropped before any
  // other hook or route runs, so req.protocol (canonical and Open Graph URLs, the cookie's Secure flag, the
  // same-origin check) is the connection's scheme or one of those two. Fastify itself still decides whom to trust,
  // and reads the header only when it trusts a proxy: without TRUST_PROXY the hook is not added at all.
  if (config.trustProxy !== false)
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.raw.headers['x-forwarded-proto'] !== undefined) normaliseForwardedProto(req.raw.headers);
      done();
    });

  const routesList: { method: string; url: string }[] = [];
  app.decorate('routesList', routesList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routesList.push({ method, url: r.url });
  });
  // Control characters (NUL and the rest of C0 but tab and line breaks) are stripped from every string a request
  // carries, before any schema sees it: PostgreSQL refuses NUL, and no field has a use for the others.
  app.setValidatorCompiler((route: Parameters<typeof validatorCompiler>[0]) => {
    const validate = validatorCompiler(route);
    return (data) => validate(withoutControlChars(data));
  });
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Every request is answered within its bound: readers here, the admin API its own (plugins/admin-api.ts). Past
  // it, the error handler answers an Arabic 503 and the cache puts the last good copy in its place when it has one.
  registerRequestScope(app, { defaultTimeoutMs: config.timeouts.readerMs });

  // Draining: new requests get an Arabic 503 (and the connection closes) while open ones finish; /readyz says so.
  app.decorate('lifecycle', lifecycle);
  lifecycle.onDraining(() => {
    handle.current?.close();
    handle.beacons?.close();
    handle.impressions?.close();
    // A request still open when the stop begins ends on a connection kept alive; app.close() waits for those, so
    // past this point none stays idle for long (Node reads this each time an answer ends). Answers say so below.
    app.server.keepAliveTimeout = DRAINING_KEEP_ALIVE_MS;
  });
  const startDraining = () => lifecycle.startDraining();
  app.addHook('preClose', async () => startDraining());
  /**
   * The first step of a graceful stop: for `ms`, the listener stays open so connections already queued are accepted
   * and answered (an Arabic 503 with Connection: close) rather than reset when it closes; open requests go on.
   */
  app.decorate('drain', async (ms: number) => {
    startDraining();
    await new Promise((r) => setTimeout(r, ms));
  });
  // Callback hooks: every request passes these, and an async hook costs each one a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (!lifecycle.draining || req.routeOptions.config.answersWhileDraining) return done();
    // Its Connection: close is the onSend hook's below.
    void reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: MESSAGES.unavailable, code: 'UNAVAILABLE', requestId: String(req.id) });
  });
  // Every answer sent while draining closes its connection, the ones begun before the stop too.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', async (req, reply) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500) req.log.error({ url: req.url, status: reply.statusCode, ms }, 'request failed');
    else if (ms > SLOW_REQUEST_MS) req.log.warn({ url: req.url, status: reply.statusCode, ms }, 'slow request');
    else req.log.debug({ method: req.method, url: req.url, status: reply.statusCode, ms }, 'request');
  });

  // Modules, built once.
  const invalidation = createInvalidationBus({
    pool: db.$client,
    cache,
    log: app.log,
    purge: config.cdnPurge,
    fetch: fetchImpl,
    onOwnDrop: staff?.onOwnDrop,
  });
  const m = buildModules({ db, config, now, fetch: fetchImpl, log: app.log, invalidation, mediaStore, fanout });
  app.decorate('invalidation', invalidation);
  app.decorate('responseCache', cache);
  app.decorate('stats', m.statsRecorder);
  app.decorate('modules', m);
  app.decorate('mediaStore', mediaStore);
  invalidation.subscribe((tags) => m.viewCounter.forget(tags));
  invalidation.subscribe((tags) => m.ads.forget(tags));
  // A staff thread's sends are found by its main thread's runner (within its poll): a kick here does nothing.
  if (staff) await m.fanoutRunner.stop();
  app.addHook('onReady', async () => {
    await invalidation.start();
    if (staff) return;
    m.statsRecorder.start();
    m.viewCounter.start();
    m.adCounter.start();
    m.jobs.start();
    m.backups.start();
    m.fanoutRunner.start();
    // Readers come first: a send slows down while they keep this process busy (modules/fanout/fanout.runner.ts).
    app.server.on('request', m.fanoutRunner.noteRequest);
    if (m.mail.transport.kind === 'outbox')
      app.log.warn(
        { outbox: config.mail.outboxDir },
        'mail is not configured (no SMTP_URL): newsletter e-mails are written to the outbox folder, not sent',
      );
  });
  // A graceful stop writes what is counted in memory before the caller closes the database.
  app.addHook('onClose', async () => {
    if (staff) return invalidation.close();
    await m.backups.stop();
    await m.jobs.stop();
    await m.fanoutRunner.stop();
    await m.viewCounter.stop();
    await m.adCounter.stop();
    await m.statsRecorder.stop();
    await invalidation.close();
  });

  // Prometheus metrics, only with METRICS_TOKEN (plugins/metrics.ts); without it nothing is measured.
  const metrics = config.metricsToken
    ? await loadMetrics({
        cache,
        pool: db.$client,
        viewCounter: m.viewCounter,
        stats: m.statsRecorder,
        lifecycle,
        live: m.live,
        backups: m.backups,
      })
    : undefined;

  // Plugins.
  const cacheHandleValue = registerResponseCache(app, {
    cache,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    now: nowMs,
    servePreviousMs: config.cacheServePreviousMs,
    onPageView: m.statsRecorder.record,
    onFastPath: metrics?.observeRequest,
  });
  handle.current = cacheHandleValue;
  if (metrics) registerRequestMetrics(app, metrics, cacheHandleValue.isInternal);
  app.decorate('observeRequest', metrics ? metrics.observeRequest : () => {});
  // A staff thread names the route of each answer for its main thread's metrics (which strips the header).
  if (staff)
    app.addHook('onSend', (req, reply, payload, done) => {
      reply.header(STAFF_ROUTE_HEADER, req.routeOptions.url ?? '');
      done(null, payload);
    });
  await registerSecurity(app, config.publicUrl, pageStyleHashes(assets), config.mediaPublicUrl);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyCookie);
  await registerStatic(app, mediaStore);
  // Reader page views that Fastify answered (rendered, or served stale); fast-path hits are counted there.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || !req.routeOptions.config.cache?.pageView) return;
    const referer = req.headers.referer;
    const entry = !referer || !referer.startsWith(cacheHandleValue.originOf(req));
    m.statsRecorder.record(req.ip, req.headers['user-agent'], entry);
  });

  // The public API.
  await app.register(healthPublicRoutes(m.health, { lifecycle, storageCheck: () => mediaStore.check() }));
  if (metrics) await app.register(metricsRoutes(metrics, config.metricsToken!));
  await app.register(newsPublicRoutes(m.news));
  await app.register(frontPublicRoutes(m.front));
  handle.beacons = beaconFastPath({ counter: m.viewCounter, onAnswered: metrics?.observeRequest });
  app.decorate('beacons', handle.beacons);
  await app.register(viewsPublicRoutes(m.views, handle.beacons));
  await app.register(tagsPublicRoutes(m.tags));
  await app.register(authorsPublicRoutes(m.authors));
  await app.register(categoriesPublicRoutes(m.categories));
  await app.register(breakingNewsPublicRoutes(m.breaking));
  await app.register(livePublicRoutes(m.live));
  await app.register(correctionsPublicRoutes(m.corrections));
  handle.impressions = impressionFastPath({
    service: m.ads,
    inject: (opts) => app.inject(opts),
    onAnswered: metrics?.observeRequest,
  });
  app.decorate('impressionBeacons', handle.impressions);
  await app.register(adsPublicRoutes(m.ads, handle.impressions));
  await app.register(prayerTimesPublicRoutes(m.prayer));
  await app.register(weatherPublicRoutes(m.weather));
  await app.register(settingsPublicRoutes(m.settings));
  await app.register(searchPublicRoutes(m.search));
  await app.register(newsletterPublicRoutes(m.newsletter));
  await app.register(statsPublicRoutes(m.statsRecorder));
  await app.register(sitePublicRoutes(cacheHandleValue.originOf));
  await app.register(pwaPublicRoutes(m.pwa));
  await app.register(pushPublicRoutes(m.push));

  // The admin API: signing in outside the gate, everything else behind it; nothing of it kept by any cache.
  registerAdminNoStore(app);
  await app.register(
    adminApi({
      auth: m.auth,
      publicUrl: config.publicUrl,
      timeoutMs: config.timeouts.adminMs,
      open: [loginRoutes(m.auth, config.publicUrl)],
      gated: [
        sessionRoutes(m.auth, config.publicUrl),
        statsAdminRoutes(m.stats),
        breakingNewsAdminRoutes(m.breaking),
        newsAdminRoutes(m.newsroom, m.news),
        correctionsAdminRoutes(m.corrections),
        adsAdminRoutes(m.ads),
        editorialNotesAdminRoutes(m.editorialNotes),
        liveAdminRoutes(m.live),
        tagsAdminRoutes(m.tags),
        categoriesAdminRoutes(m.categories),
        prayerTimesAdminRoutes(m.prayer),
        adminsAdminRoutes(m.admins),
        mfaAdminRoutes(m.mfa, m.passkeys, m.auth, config.publicUrl),
        mediaAdminRoutes(m.media),
        settingsAdminRoutes(m.settings),
        auditAdminRoutes(m.audit),
        backupsAdminRoutes(m.backups),
        newsletterAdminRoutes({ service: m.newsletter, digest: m.digest, mailStatus: m.mail.status }),
        fanoutAdminRoutes(m.fanout),
        alertsAdminRoutes(m.alerts),
        pushAdminRoutes(m.push),
      ],
    }),
    { prefix: '/api/admin' },
  );

  // Pages.
  await registerAdminShell(app);
  await app.register(feedsPublicRoutes(m.feeds, cacheHandleValue.originOf));
  await registerSsr(app, {
    cache: cacheHandleValue,
    now,
    assets,
    onRender: metrics?.observeRender,
    renderThread,
    movedTo: {
      // Tags' former (transliterated) addresses lead to their Arabic ones.
      '/tag/:slug': async ({ slug }) => {
        const current = slug ? await m.tags.currentSlugOf(slug) : undefined;
        return current ? `/tag/${encodeURIComponent(current)}` : undefined;
      },
    },
  });

  return app;
}
