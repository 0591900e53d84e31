/**
 * Web Push for readers: the VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else a pair made by `web-push` at the
 * first start and kept in the database for every instance), the topics a reader may choose (breaking news and the
 * active sections), and subscriptions: added, changed and removed by their endpoint. Sending is the fan-out job's
 * (push.channel.ts).
 *
 * Only push services we know may receive our requests: a subscription's endpoint is a URL a browser gave us, and
 * without this rule anyone could make the server post to any address (its own network included). Known: Google's
 * (Chrome, Edge on Android, Opera, Samsung), Mozilla's, Apple's and Microsoft's; PUSH_ENDPOINT_ORIGINS adds others (a
 * self-hosted push service, the tests' stand-in).
 */
import webpush from 'web-push';
import { PUSH_BREAKING_LABEL, PUSH_BREAKING_TOPIC } from '../../../shared/push';
import type { PushConfig, PushSendFigures, PushSubscriptionInput } from '../../../shared/schemas/push';
import type { CategoryRow } from '../categories/categories.repository';
import { pushErrors } from './push.errors';
import type { PushRepository, VapidKeys } from './push.repository';

export interface PushSettings {
  /** From the environment; undefined: made once and kept in the database. */
  vapid: VapidKeys | undefined;
  /** VAPID's contact (mailto: or https:); undefined: PUBLIC_URL when https, else the site's contact e-mail. */
  subject: string | undefined;
  /** Origins of push services besides the known ones. */
  endpointOrigins: string[];
  /** Messages in flight at once while an alert fans out (PUSH_CONCURRENCY). */
  concurrency: number;
  /** The push worker thread's nice value (PUSH_WORKER_NICE): readers' threads stay at 0. */
  workerNice: number;
}

/** VAPID's contact when VAPID_SUBJECT is not set: the public https address, else the site's contact e-mail. */
export const vapidSubject = (publicUrl: string | undefined, contactEmail: string) =>
  publicUrl?.startsWith('https://') ? publicUrl : `mailto:${contactEmail}`;

const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(.+\.)?push\.apple\.com$/,
  /^(.+\.)?notify\.windows\.com$/,
];

export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && KNOWN_PUSH_HOSTS.some((h) => h.test(url.hostname));
}

export function pushService(deps: {
  repo: PushRepository;
  settings: PushSettings;
  sections: () => Promise<CategoryRow[]>;
  now: () => Date;
}) {
  const { repo, settings, now } = deps;
  let keys: Promise<VapidKeys> | undefined;

  /** The topics a reader may choose now; anything else sent is left out. */
  async function topicsNow(): Promise<{ slug: string; name: string }[]> {
    const sections = await deps.sections();
    return [
      { slug: PUSH_BREAKING_TOPIC, name: PUSH_BREAKING_LABEL },
      ...sections.map((c) => ({ slug: c.slug, name: c.name })),
    ];
  }
  async function knownTopics(wanted: string[]): Promise<string[]> {
    const known = new Set((await topicsNow()).map((t) => t.slug));
    const kept = wanted.filter((t) => known.has(t));
    if (!kept.length) throw pushErrors.noTopics();
    return kept;
  }

  return {
    /** The key pair push services know us by (the same in every instance). */
    vapidKeys(): Promise<VapidKeys> {
      keys ??= settings.vapid
        ? Promise.resolve(settings.vapid)
        : repo.keepKeys(webpush.generateVAPIDKeys(), now()).catch((err) => {
            keys = undefined; // the database was away: try again at the next call
            throw err;
          });
      return keys;
    },
    async config(): Promise<PushConfig> {
      return { publicKey: (await this.vapidKeys()).publicKey, topics: await topicsNow() };
    },
    async subscribe(input: PushSubscriptionInput): Promise<{ created: boolean }> {
      if (!endpointAllowed(input.endpoint, settings.endpointOrigins)) throw pushErrors.endpointRefused();
      const topics = await knownTopics(input.topics);
      return repo.upsert({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, topics }, now());
    },
    async topics(endpoint: string): Promise<string[]> {
      const topics = await repo.topicsOf(endpoint);
      if (!topics) throw pushErrors.notFound();
      return topics;
    },
    async setTopics(endpoint: string, wanted: string[]): Promise<string[]> {
      const topics = await knownTopics(wanted);
      if (!(await repo.setTopics(endpoint, topics, now()))) throw pushErrors.notFound();
      return topics;
    },
    /** A push alert's figures (the fan-out's counts and its deliveries'), or undefined for no such push send. */
    async figures(sendId: number): Promise<PushSendFigures | undefined> {
      const f = await repo.figures(sendId);
      if (!f) return undefined;
      return {
        queued: f.queued,
        sent: f.sent + f.failed,
        delivered: f.sent,
        failed: f.failed - f.removed,
        removed: f.removed,
        timeTo90Ms: f.p90_at ? new Date(f.p90_at).getTime() - new Date(f.created_at).getTime() : null,
      };
    },
    /** Removing what is already gone is not an error: the reader's intent holds either way. */
    unsubscribe: (endpoint: string) => repo.deleteByEndpoint(endpoint),
  };
}
export type PushService = ReturnType<typeof pushService>;
