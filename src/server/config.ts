/** Environment parsed once with zod; start-up fails fast with every bad variable listed. */
import path from 'node:path';
import { z } from 'zod';
import { ROLE_VALUES, type Role } from '../shared/permissions';
import { mediaDir, type MediaStorageConfig } from './modules/media/media.store';
import { DEFAULT_PRAYER_XML } from './paths';
import { cronError } from './modules/backups/backups.schedule';
import type { TelegramConfig } from './modules/telegram/telegram-bot-api';
import type { PushSettings } from './modules/push/push.service';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_START_WAIT_S: z.coerce.number().int().min(0).max(600).default(30),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SEED_DEMO: bool.default(true),
  ADMIN_USERNAME: z.string().min(3).optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  WEATHER_API_URL: z.url().default('https://api.open-meteo.com'),
  PRAYER_XML_PATH: z.string().min(1).optional(),
  // false; a number of proxy hops to trust; or the proxies' addresses/CIDRs, comma-separated ("true" means one hop).
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (/^(false|0|no|off)$/i.test(v)) return false;
      if (/^(true|yes|on)$/i.test(v)) return 1;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a) || /^(loopback|linklocal|uniquelocal)$/.test(a)))
        return list;
      ctx.addIssue({
        code: 'custom',
        message: 'false, a number of hops, or proxy addresses (CIDR) separated by commas',
      });
      return z.NEVER;
    }),
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CACHE_MAX_MB: z.coerce.number().int().min(0).max(65_536).default(256),
  // After a write, readers may still be served the previous copy of what it changed for this long while one re-render
  // makes the new one (they never wait for it); staff (signed in) always wait for the new copy. 0: everyone waits.
  CACHE_SERVE_PREVIOUS_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  CDN_PURGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  VIEW_FLUSH_MS: z.coerce.number().int().min(50).max(10_000).default(1000),
  // Seconds between a live coverage page's polls while visible (three times as long while hidden); raise it to slow
  // every reader down under load (each poll answer carries it, so open pages follow within one poll).
  LIVE_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  // Optional: post every published article and breaking-news item to a Telegram channel (set both).
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'the token @BotFather gave the bot (123456789:AA…)')
    .optional(),
  TELEGRAM_CHANNEL: z
    .string()
    .trim()
    .regex(/^(@[A-Za-z][A-Za-z0-9_]{3,}|-?\d{1,20})$/, 'the channel as @name, or its numeric chat id')
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  // Web Push: the VAPID key pair (both or neither; without them one is made at the first start and kept in the
  // database), its contact, and push services besides the known ones (origins, comma-separated).
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'a P-256 public key, base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'mailto:address or an https:// URL')
    .optional(),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(256),
  PUSH_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(19),
  PUSH_ENDPOINT_ORIGINS: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        try {
          const u = new URL(part);
          if (!/^https?:$/.test(u.protocol)) throw new Error('scheme');
          origins.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
          return z.NEVER;
        }
      }
      return origins;
    })
    .optional(),
  /**
   * Which roles must sign in with a second factor, for automated set-ups: "admin,editor", "all" or "none". When set
   * it is in force over the admin's choice in the settings screen (which says so).
   */
  STAFF_2FA_ROLES: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const s = v.toLowerCase();
      if (s === 'none') return [] as Role[];
      if (s === 'all') return [...ROLE_VALUES];
      const roles = s
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      const wrong = roles.filter((r) => !(ROLE_VALUES as readonly string[]).includes(r));
      if (wrong.length || !roles.length) {
        ctx.addIssue({ code: 'custom', message: `roles are ${ROLE_VALUES.join(', ')} (comma-separated), all or none` });
        return z.NEVER;
      }
      return [...new Set(roles)] as Role[];
    })
    .optional(),
  READER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(4000),
  ADMIN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  // The bearer token Prometheus scrapes /metrics with; without it there is no /metrics.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces (it travels in an Authorization header)')
    .optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // The admin API on a thread of its own (server/staff/), so a save is not held up by readers' traffic.
  STAFF_THREAD: bool.default(true),
  RENDER_THREAD: bool.default(true),
  // Scheduled backups: a cron expression on Tripoli's clock ("0 3 * * *": every day at 03:00); unset, none are made.
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .refine((v) => cronError(v) === undefined, {
      error: (issue) =>
        `a cron expression on Tripoli's clock, e.g. "0 3 * * *" for every day at 03:00 (${cronError(String(issue.input))})`,
    })
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  BACKUP_DIR: z.string().min(1).default('backups'),
  // Outgoing mail (the newsletter): an SMTP server or relay; without it, messages are written to DATA_DIR/outbox.
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.ly:587' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .regex(/^([^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/, 'an address, or a name and <address>')
    .optional(),
  // Messages a second at most (0: as fast as the server takes them) and SMTP connections at once.
  MAIL_RATE: z.coerce.number().min(0).max(100_000).default(10),
  MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._\-/]*$/)
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a start waits for DATABASE_URL's PostgreSQL to accept connections (it may be starting too). */
  databaseStartWaitMs: number;
  embeddedPgPort: number | undefined;
  seedDemo: boolean;
  admin: { username: string | undefined; password: string | undefined };
  weather: { baseUrl: string; timeoutMs: number };
  logLevel: Env['LOG_LEVEL'];
  /** The prayer-times XML the admin's import reads. */
  prayerXmlPath: string;
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto for the client address and https. */
  /**
   * Which X-Forwarded-For hops to believe: never the left-most value a client writes, only as many hops as there
   * are proxies (a number), or only the listed proxies' addresses.
   */
  trustProxy: false | number | string[];
  /** Bytes the response cache may hold (all encodings of every entry). */
  cacheMaxBytes: number;
  /** How long after a write readers may get the previous copy while the new one is made (CACHE_SERVE_PREVIOUS_MS). */
  cacheServePreviousMs: number;
  /** Where cache tags are POSTed when content changes, so a CDN in front purges them too. */
  cdnPurge: { url: string; token?: string } | undefined;
  /** How often scheduled articles are looked for (they appear within this of their minute). */
  schedulerIntervalMs: number;
  /** How often counted article views are written (a crash loses at most this much of them). */
  viewFlushMs: number;
  /** The roles that must use a second factor when set by the environment (STAFF_2FA_ROLES); undefined: settings. */
  staffTwoFactorRoles: Role[] | undefined;
  /** Seconds between live coverage polls (LIVE_POLL_SECONDS). */
  livePollSeconds: number;
  /** The Telegram channel published articles and breaking news are posted to; undefined: none. */
  telegram: TelegramConfig | undefined;
  /** Web Push: VAPID keys from the environment (else kept in the database), its contact, extra push services. */
  push: PushSettings;
  /**
   * The longest a reader's request (and anything else outside the admin API) may take: past it, the last good copy
   * or an Arabic 503 with Retry-After. The newsroom's requests get `admin` (uploads at least a minute).
   */
  timeouts: { readerMs: number; adminMs: number };
  /** The bearer token /metrics asks for; undefined: no metrics are kept and /metrics does not exist. */
  metricsToken: string | undefined;
  /** Worker processes on this machine (node:cluster); 1: the server is one process. */
  webConcurrency: number;
  /** The admin API answered on a thread of its own (server/staff/); false: on the readers' thread. */
  staffThread: boolean;
  /** Reader pages are rendered on a worker thread of each process (ssr/render-thread.ts). */
  renderThread: boolean;
  /** Where image files live: DATA_DIR/media, or an S3-compatible bucket. */
  media: MediaStorageConfig;
  /** Where pages load images from (a CDN or the bucket's public address); undefined: the app's own /media. */
  mediaPublicUrl: string | undefined;
  /**
   * Backups: `npm run backup` writes to `dir` by default; with a `schedule` (cron, Tripoli's clock) the server makes
   * them itself, one instance per slot, into `dir` (or the media bucket when media are on S3), keeping the last `keep`.
   */
  backup: { schedule: string | undefined; keep: number; dir: string };
  /** Outgoing mail: SMTP (SMTP_URL) or, without it, .eml files in `outboxDir`. */
  mail: MailConfig;
}

export interface MailConfig {
  smtpUrl: string | undefined;
  /** MAIL_FROM as given (an address, or a name and <address>); undefined: newsletter@ the public host. */
  from: string | undefined;
  /** Messages a second at most; 0: unthrottled. */
  ratePerSecond: number;
  /** SMTP connections at once. */
  connections: number;
  /** Where messages go without SMTP: DATA_DIR/outbox. */
  outboxDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Without it, canonical links, share previews, feeds, sitemaps and robots.txt would name whatever Host a request
  // claims: in production the public address is configuration, never taken from a request.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment:\n  PUBLIC_URL is required when NODE_ENV=production (the address readers use, e.g. https://sahifa.ly)',
    );
  }
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid environment:\n  S3_BUCKET is required when MEDIA_STORAGE=s3');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (e.SMTP_URL && !e.MAIL_FROM && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid environment:\n  MAIL_FROM is required with SMTP_URL in production (the sender readers see, e.g. "صحيفة <news@sahifa.ly>")',
    );
  }
  if ((e.TELEGRAM_BOT_TOKEN === undefined) !== (e.TELEGRAM_CHANNEL === undefined)) {
    throw new ConfigError('Invalid environment:\n  TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL must be set together');
  }
  if (e.TELEGRAM_BOT_TOKEN && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment:\n  PUBLIC_URL is required with TELEGRAM_BOT_TOKEN (posts link to the public address)',
    );
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseStartWaitMs: e.DATABASE_START_WAIT_S * 1000,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    seedDemo: e.SEED_DEMO,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    weather: { baseUrl: e.WEATHER_API_URL.replace(/\/+$/, ''), timeoutMs: e.WEATHER_TIMEOUT_MS },
    logLevel: e.LOG_LEVEL,
    prayerXmlPath: e.PRAYER_XML_PATH ? path.resolve(e.PRAYER_XML_PATH) : DEFAULT_PRAYER_XML,
    trustProxy: e.TRUST_PROXY,
    cacheMaxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    cacheServePreviousMs: e.CACHE_SERVE_PREVIOUS_MS,
    cdnPurge: e.CDN_PURGE_URL ? { url: e.CDN_PURGE_URL, token: e.CDN_PURGE_TOKEN } : undefined,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    viewFlushMs: e.VIEW_FLUSH_MS,
    livePollSeconds: e.LIVE_POLL_SECONDS,
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHANNEL
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            channel: e.TELEGRAM_CHANNEL,
            apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      endpointOrigins: e.PUSH_ENDPOINT_ORIGINS ?? [],
      concurrency: e.PUSH_CONCURRENCY,
      workerNice: e.PUSH_WORKER_NICE,
    },
    staffTwoFactorRoles: e.STAFF_2FA_ROLES,
    timeouts: { readerMs: e.READER_TIMEOUT_MS, adminMs: e.ADMIN_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    webConcurrency: e.WEB_CONCURRENCY,
    staffThread: e.STAFF_THREAD,
    renderThread: e.RENDER_THREAD,
    media:
      e.MEDIA_STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            // Self-hosted services (MinIO, Ceph) answer at one host: path-style unless told otherwise.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            prefix: (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '').replace(/.+/, '$&/'),
          }
        : { driver: 'local', dir: mediaDir(path.resolve(e.DATA_DIR)) },
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    backup: { schedule: e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP, dir: path.resolve(e.BACKUP_DIR) },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      ratePerSecond: e.MAIL_RATE,
      connections: e.MAIL_CONNECTIONS,
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
    },
  };
}
