/**
 * Every module, built once from the app's dependencies: repositories over the database, services over the
 * repositories (with the one clock and the one write protocol). Routes receive services; nothing else reaches SQL.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { createWriter, type Invalidator, type WriteObserver } from './lib/write';
import { adCounter } from './modules/ads/ads.counter';
import { adsRepository } from './modules/ads/ads.repository';
import { adsService } from './modules/ads/ads.service';
import { adminsRepository } from './modules/admins/admins.repository';
import { adminsService } from './modules/admins/admins.service';
import { auditRepository } from './modules/audit/audit.repository';
import { authRepository } from './modules/auth/auth.repository';
import { authService } from './modules/auth/auth.service';
import { mfaRepository } from './modules/mfa/mfa.repository';
import { mfaService } from './modules/mfa/mfa.service';
import { passkeysService } from './modules/mfa/passkeys.service';
import { breakingNewsRepository } from './modules/breaking-news/breaking-news.repository';
import { breakingNewsService } from './modules/breaking-news/breaking-news.service';
import { categoriesRepository } from './modules/categories/categories.repository';
import { categoriesService } from './modules/categories/categories.service';
import { feedsService } from './modules/feeds/feeds.service';
import { liveRepository } from './modules/live/live.repository';
import { liveService } from './modules/live/live.service';
import { healthRepository } from './modules/health/health.repository';
import { mediaRepository } from './modules/media/media.repository';
import { mediaService } from './modules/media/media.service';
import { correctionsRepository } from './modules/corrections/corrections.repository';
import { correctionsService } from './modules/corrections/corrections.service';
import { editorialNotesRepository } from './modules/editorial-notes/editorial-notes.repository';
import { editorialNotesService } from './modules/editorial-notes/editorial-notes.service';
import type { MediaStore } from './modules/media/media.store';
import { authorsRepository } from './modules/authors/authors.repository';
import { authorsService } from './modules/authors/authors.service';
import { newsDeskRepository } from './modules/news/news-desk.repository';
import { newsRevisionsRepository } from './modules/news/news-revisions.repository';
import { newsRepository } from './modules/news/news.repository';
import { frontRepository } from './modules/front/front.repository';
import { frontService } from './modules/front/front.service';
import { newsService } from './modules/news/news.service';
import { newsroomService } from './modules/news/newsroom.service';
import { tagsRepository } from './modules/tags/tags.repository';
import { tagsService } from './modules/tags/tags.service';
import { viewCounter } from './modules/views/view-counter';
import { viewsRepository } from './modules/views/views.repository';
import { viewsService } from './modules/views/views.service';
import { createJobs } from './lib/jobs';
import { alertsService } from './modules/alerts/alerts.service';
import { fanoutRepository } from './modules/fanout/fanout.repository';
import { createFanoutRunner } from './modules/fanout/fanout.runner';
import { fanoutService } from './modules/fanout/fanout.service';
import { mailIdentity } from './modules/mail/mail.identity';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport';
import { digestRepository } from './modules/newsletter/digest.repository';
import { emailAlerts } from './modules/newsletter/newsletter.alerts';
import { emailChannel } from './modules/newsletter/newsletter.channel';
import { newsletterDigest } from './modules/newsletter/newsletter.digest';
import { newsletterRepository } from './modules/newsletter/newsletter.repository';
import { newsletterService } from './modules/newsletter/newsletter.service';
import { newsletterTokens } from './modules/newsletter/newsletter.tokens';
import { pwaService } from './modules/pwa/pwa.service';
import { prayerTimesRepository } from './modules/prayer-times/prayer-times.repository';
import { prayerTimesService } from './modules/prayer-times/prayer-times.service';
import { searchRepository } from './modules/search/search.repository';
import { settingsRepository } from './modules/settings/settings.repository';
import { settingsService } from './modules/settings/settings.service';
import { statsRecorder } from './modules/stats/stats-recorder';
import { statsRepository } from './modules/stats/stats.repository';
import { statsService } from './modules/stats/stats.service';
import { weatherService } from './modules/weather/weather.service';
import { backupsRepository } from './modules/backups/backups.repository';
import { backupsService } from './modules/backups/backups.service';
import { backupTarget } from './modules/backups/backups.targets';
import { telegramRepository } from './modules/telegram/telegram.repository';
import { pushRepository } from './modules/push/push.repository';
import { pushService, vapidSubject } from './modules/push/push.service';
import { pushChannel, pushAlerts } from './modules/push/push.channel';
import { pushSender } from './modules/push/push.sender';
import { TELEGRAM_INTERVAL_MS, telegramService } from './modules/telegram/telegram.service';
import { CLIENT_DIST } from './paths';

export interface ModuleDeps {
  db: Db;
  config: Config;
  now: () => Date;
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  invalidation: Invalidator;
  mediaStore: MediaStore;
  /** How mail leaves (SMTP or the outbox folder); made from config.mail when not given. */
  mailTransport?: MailTransport;
  /** The fan-out job's timings (tests make them short). */
  fanout?: { leaseMs?: number; pollMs?: number; batch?: number };
}

export function buildModules({
  db,
  config,
  now,
  fetch,
  log,
  invalidation,
  mediaStore,
  mailTransport = createMailTransport(config.mail),
  fanout: fanoutOptions = {},
}: ModuleDeps) {
  const audit = auditRepository(db);
  // What a publication sets off, queued in its transaction (the Telegram channel's outbox).
  const observers: WriteObserver[] = [];
  const write = createWriter({ db, audit, invalidation, now, observers });

  const repos = {
    admins: adminsRepository(db),
    authors: authorsRepository(db, now),
    desk: newsDeskRepository(db),
    revisions: newsRevisionsRepository(db),
    tags: tagsRepository(db, now),
    views: viewsRepository(db, now),
    auth: authRepository(db),
    breaking: breakingNewsRepository(db),
    categories: categoriesRepository(db),
    health: healthRepository(db),
    media: mediaRepository(db),
    corrections: correctionsRepository(db, now),
    editorialNotes: editorialNotesRepository(db),
    news: newsRepository(db, now),
    front: frontRepository(db, now),
    newsletter: newsletterRepository(db),
    digest: digestRepository(db),
    fanout: fanoutRepository(db),
    prayer: prayerTimesRepository(db),
    search: searchRepository(db, now),
    settings: settingsRepository(db),
    stats: statsRepository(db),
    live: liveRepository(db),
    mfa: mfaRepository(db),
  };

  const breaking = breakingNewsService({ repo: repos.breaking, write, now });
  const categories = categoriesService({ repo: repos.categories, write, now });
  const settings = settingsService({ repo: repos.settings, write, now });
  const media = mediaService({ repo: repos.media, write, store: mediaStore, now, log });
  const news = newsService({
    repo: repos.news,
    categories: repos.categories,
    leadMaxAgeDays: async () => (await settings.site()).leadMaxAgeDays,
    mediaMeta: (ids) => media.metaOf(ids),
    readerNotes: (id) => repos.corrections.list(id, true),
    now,
  });
  const front = frontService({ repo: repos.front });
  const tags = tagsService({ repo: repos.tags, news: repos.news, now });
  const newsroom = newsroomService({
    repo: repos.news,
    media,
    revisions: repos.revisions,
    desk: repos.desk,
    categories: repos.categories,
    tags,
    write,
    now,
  });
  const authors = authorsService({ repo: repos.authors, news: repos.news });
  const counter = viewCounter({ repo: repos.views, now, log, flushMs: config.viewFlushMs });
  const views = viewsService({ repo: repos.views, counter, now });
  const stats = statsService({ repo: repos.stats, breaking, views, now });
  const adsRepo = adsRepository(db);
  const adCounts = adCounter({
    repo: adsRepo,
    now,
    log,
    flushMs: config.viewFlushMs,
    // A campaign at its daily cap leaves the served answer in every instance and at the CDN.
    capped: async () => {
      await db.transaction((tx) => invalidation.announce(tx, ['ads']));
      await invalidation.invalidate(['ads']);
    },
  });
  const ads = adsService({ repo: adsRepo, counter: adCounts, write, now });
  const siteName = async () => (await settings.site()).siteName;
  const mfa = mfaService({
    repo: repos.mfa,
    auth: repos.auth,
    settings: repos.settings,
    write,
    now,
    environmentRoles: config.staffTwoFactorRoles,
    siteName,
  });
  const passkeys = passkeysService({ repo: repos.mfa, auth: repos.auth, mfa, write, now, siteName });
  const auth = authService({ repo: repos.auth, admins: repos.admins, mfa, passkeys, write, now });

  // Sending to readers: the fan-out job and its channels (e-mail: the newsletter's subscribers over modules/mail).
  // Read once (it never changes once made): every copy of every e-mail signs its links with it.
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= repos.settings.secret('signing-secret').catch((err) => {
      secret = undefined;
      throw err;
    }));
  const tokens = newsletterTokens(signingSecret);
  const identity = mailIdentity({
    mail: config.mail,
    publicUrl: config.publicUrl,
    port: config.port,
    settings: settings.site,
  });
  const email = emailChannel({
    repo: repos.newsletter,
    transport: mailTransport,
    tokens,
    limits: { perSecond: config.mail.ratePerSecond, concurrency: config.mail.connections },
    now,
  });
  // Web Push: readers' subscriptions, and the push channel (modules/push) beside e-mail.
  const pushRepo = pushRepository(db);
  const push = pushService({
    repo: pushRepo,
    settings: config.push,
    sections: () => repos.categories.listActive(),
    now,
  });
  const pushOut = pushChannel({
    repo: pushRepo,
    sender: pushSender({
      keys: () => push.vapidKeys(),
      subject: async () => config.push.subject ?? vapidSubject(config.publicUrl, (await settings.site()).contactEmail),
      nice: config.push.workerNice,
    }),
    concurrency: config.push.concurrency,
  });
  const runner = createFanoutRunner({ repo: repos.fanout, channels: [email, pushOut], now, log, ...fanoutOptions });
  const fanout = fanoutService({ repo: repos.fanout, channels: [email, pushOut], runner, write, now });
  const newsletter = newsletterService({
    repo: repos.newsletter,
    tokens,
    fanout,
    categories: repos.categories,
    identity,
    write,
    now,
  });
  const digest = newsletterDigest({ repo: repos.digest, settings: repos.settings, fanout, identity, write, now });
  const alerts = alertsService({
    channels: [
      emailAlerts({ repo: repos.newsletter, transport: mailTransport, identity }),
      pushAlerts({ repo: pushRepo, origin: async () => (await identity()).site.origin }),
    ],
    news: repos.news,
    breaking: repos.breaking,
    fanout,
    secret: signingSecret,
    write,
    now,
  });

  const telegram = telegramService({
    repo: telegramRepository(db),
    config: config.telegram,
    publicUrl: config.publicUrl,
    fetch,
    now,
    log,
  });
  observers.push(telegram.observer);

  // Background work: the scheduler's publishing pass, posts to Telegram, and housekeeping once an hour (one instance
  // at a time).
  const jobs = createJobs({
    db,
    log,
    jobs: [
      { name: 'publish-scheduled', everyMs: config.schedulerIntervalMs, run: () => newsroom.publishDue() },
      { name: 'newsletter-digest', everyMs: 60_000, exclusive: true, run: () => digest.runDue() },
      ...(telegram.enabled ? [{ name: 'telegram', everyMs: TELEGRAM_INTERVAL_MS, run: () => telegram.deliver() }] : []),
      {
        name: 'housekeeping',
        everyMs: 3_600_000,
        exclusive: true,
        run: async () => {
          await newsroom.pruneRevisions();
          await newsroom.housekeeping();
          await views.prune();
          await stats.pruneVisitors();
          await auth.housekeeping();
          await passkeys.housekeeping();
          await newsletter.housekeeping();
          await fanout.housekeeping();
        },
      },
    ],
  });

  return {
    audit,
    health: repos.health,
    search: repos.search,
    auth,
    mfa,
    passkeys,
    admins: adminsService({
      repo: repos.admins,
      auth: repos.auth,
      checkPassword: auth.checkOwnPassword,
      unlock: auth.unlockName,
      write,
      now,
    }),
    breaking,
    categories,
    settings,
    live: liveService({
      repo: repos.live,
      write,
      now,
      pollSeconds: () => config.livePollSeconds,
      onEntries: (newsId, tx) => media.syncUsesOf(newsId, tx),
    }),
    corrections: correctionsService({
      repo: repos.corrections,
      news: repos.news,
      revisions: repos.revisions,
      write,
      now,
    }),
    editorialNotes: editorialNotesService({ repo: repos.editorialNotes, news: repos.news, write, now }),
    backups: backupsService({
      repo: backupsRepository(db),
      schedule: config.backup.schedule,
      keep: config.backup.keep,
      target: backupTarget(config.media, config.backup.dir),
      // The database this instance works on (DATABASE_URL, or the embedded one's address).
      databaseUrl: db.$client.options.connectionString ?? '',
      dataDir: config.dataDir,
      now,
      log,
    }),
    news,
    front,
    newsroom,
    tags,
    authors,
    views,
    viewCounter: counter,
    ads,
    adCounter: adCounts,
    jobs,
    feeds: feedsService({
      news: repos.news,
      categories,
      authors,
      settings,
      mediaSize: (id, file) => mediaStore.size(id, file),
      now,
    }),
    media,
    newsletter,
    digest,
    fanout,
    fanoutRunner: runner,
    alerts,
    mail: {
      transport: mailTransport,
      status: async () => {
        const { from } = await identity();
        return mailTransport.status(`${from.name} <${from.address}>`);
      },
    },
    prayer: prayerTimesService({ repo: repos.prayer, write, now, xmlPath: config.prayerXmlPath, log }),
    weather: weatherService({ ...config.weather, fetch, now, log }),
    pwa: pwaService({ settings, dist: CLIENT_DIST }),
    telegram,
    push,
    stats,
    statsRecorder: statsRecorder(repos.stats, now, log),
  };
}
export type Modules = ReturnType<typeof buildModules>;
