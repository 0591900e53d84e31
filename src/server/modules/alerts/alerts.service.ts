/**
 * The guard against accidental blasts, one for every alert channel (e-mail now, web push next):
 *
 * 1. Preview first: the editor sees, per ticked channel, how many readers it reaches and whether it may go now, and
 *    gets a confirmation signed for exactly this story, these channels and this editor, good ALERT_CONFIRMATION_MINUTES.
 * 2. The send needs that confirmation (a script, a double submit of an old form, a replayed request get nothing).
 * 3. Only what readers can see goes out: a published story, an active breaking-news item.
 * 4. A story goes once per channel (the send's dedupe key), and alerts on one channel are at least
 *    ALERT_MIN_GAP_MINUTES apart, checked under a per-channel lock so two editors at once cannot both pass.
 * 5. All or nothing: if one ticked channel is refused, none is sent, and the message says why.
 * Every alert is in the audit log; the digest and consent e-mails do not count towards the gap.
 */
import {
  ALERT_CONFIRMATION_MINUTES,
  ALERT_MIN_GAP_MINUTES,
  type AlertPreview,
  type AlertSource,
} from '../../../shared/schemas/alerts';
import { MINUTES } from '../../../shared/nouns';
import { formatCount } from '../../../shared/plural';
import { expiryField, expiryOf, readToken, signToken } from '../../lib/signed-tokens';
import type { Actor, Writer } from '../../lib/write';
import type { BreakingNewsRepository } from '../breaking-news/breaking-news.repository';
import type { FanoutService } from '../fanout/fanout.service';
import type { NewsRepository } from '../news/news.repository';
import type { AlertChannel, AlertContent } from './alerts.channel';
import { alertErrors } from './alerts.errors';

const ALERT_KINDS = ['article', 'breaking'];
const MINUTE = 60_000;
const minutes = (n: number) => formatCount(n, MINUTES);

export function alertsService(deps: {
  channels: AlertChannel[];
  news: NewsRepository;
  breaking: BreakingNewsRepository;
  fanout: FanoutService;
  secret: () => Promise<string>;
  write: Writer;
  now: () => Date;
}) {
  const { news, breaking, fanout, secret, write, now } = deps;
  const channels = new Map(deps.channels.map((c) => [c.name, c]));

  const channelsOf = (names: string[]) =>
    [...new Set(names)].sort().map((n) => {
      const c = channels.get(n);
      if (!c) throw alertErrors.unknownChannel(n);
      return c;
    });

  /** The story or breaking item, as every channel reads it. */
  async function contentOf(source: AlertSource): Promise<AlertContent> {
    const at = now();
    if (source.type === 'news') {
      const a = await news.findById(source.id);
      if (!a) throw alertErrors.sourceNotFound();
      return {
        source,
        kind: 'article',
        title: a.title,
        summary: a.description,
        path: `/news/${a.id}`,
        section: { slug: a.category, name: a.categoryName ?? a.category, color: a.categoryColor ?? '#1e3a8a' },
        imageUrl: a.imageUrl,
        publishedAt: a.publishedAt,
        live: a.status === 'published' && !!a.publishedAt && a.publishedAt.getTime() <= at.getTime(),
      };
    }
    const b = await breaking.find(source.id, at);
    if (!b) throw alertErrors.sourceNotFound();
    return {
      source,
      kind: 'breaking',
      title: b.title,
      summary: '',
      path: b.newsId ? `/news/${b.newsId}` : null,
      section: null,
      imageUrl: null,
      publishedAt: b.createdAt,
      live: b.isActive && (!b.expiresAt || b.expiresAt.getTime() > at.getTime()),
    };
  }

  const dedupeKey = (channel: string, source: AlertSource) =>
    `${channel}:${source.type === 'news' ? 'article' : 'breaking'}:${source.id}`;

  /** Why this channel may not send this now; null when it may. */
  async function blockedOn(channel: AlertChannel, source: AlertSource, tx?: Parameters<FanoutService['latestOf']>[2]) {
    if (await fanout.byKey(dedupeKey(channel.name, source)))
      return source.type === 'news'
        ? `أُرسل هذا الخبر عبر «${channel.label}» من قبل`
        : `أُرسل هذا الخبر العاجل عبر «${channel.label}» من قبل`;
    const last = await fanout.latestOf(channel.name, ALERT_KINDS, tx);
    if (last) {
      const since = now().getTime() - last.createdAt.getTime();
      if (since < ALERT_MIN_GAP_MINUTES * MINUTE) {
        const ago = Math.max(1, Math.floor(since / MINUTE));
        const wait = Math.max(1, Math.ceil((ALERT_MIN_GAP_MINUTES * MINUTE - since) / MINUTE));
        return `أُرسل تنبيه عبر «${channel.label}» قبل ${minutes(ago)}؛ تفصل ${minutes(ALERT_MIN_GAP_MINUTES)} على الأقل بين تنبيهين، فأعد المحاولة بعد ${minutes(wait)}`;
      }
    }
    return null;
  }

  const confirmationFields = (actor: Actor, source: AlertSource, names: string[]) => [
    'a',
    source.type,
    source.id,
    names.join('+'),
    actor.id ?? 0,
  ];

  return {
    /** The checkboxes: every channel, and whether it really reaches anyone. */
    channels: () => [...channels.values()].map((c) => ({ name: c.name, label: c.label, ...c.status() })),

    async preview(actor: Actor, source: AlertSource, names: string[]): Promise<AlertPreview> {
      const list = channelsOf(names);
      const content = await contentOf(source);
      const expires = new Date(now().getTime() + ALERT_CONFIRMATION_MINUTES * MINUTE);
      return {
        channels: await Promise.all(
          list.map(async (c) => ({
            name: c.name,
            label: c.label,
            ...c.status(),
            audience: await c.audience(content),
            blocked: await blockedOn(c, source),
          })),
        ),
        confirmation: signToken(await secret(), [
          ...confirmationFields(
            actor,
            source,
            list.map((c) => c.name),
          ),
          expiryField(expires),
        ]),
      };
    },

    async send(actor: Actor, source: AlertSource, names: string[], confirmation: string) {
      const list = channelsOf(names);
      const fields = readToken(await secret(), confirmation, 6);
      const expected = confirmationFields(
        actor,
        source,
        list.map((c) => c.name),
      ).map(String);
      const expires = fields && expiryOf(fields[5]!);
      if (
        !fields ||
        fields.slice(0, 5).join('.') !== expected.join('.') ||
        !expires ||
        expires.getTime() <= now().getTime()
      )
        throw alertErrors.notConfirmed();
      const content = await contentOf(source);
      if (!content.live) throw alertErrors.notLive(content.kind);
      const specs = await Promise.all(list.map(async (c) => ({ channel: c, spec: await c.spec(content) })));
      const sends = await write(actor, async (tx) => {
        for (const c of list) await fanout.lockChannel(c.name, tx);
        const reasons = (await Promise.all(list.map((c) => blockedOn(c, source, tx)))).filter(
          (r): r is string => r !== null,
        );
        if (reasons.length) throw alertErrors.blocked(reasons);
        const made: { channel: string; sendId: number; queued: number }[] = [];
        const audit = [];
        for (const { channel, spec } of specs) {
          const full = { ...spec, dedupeKey: dedupeKey(channel.name, source) };
          const created = await fanout.createIn(tx, full, actor.id);
          if (!created) throw alertErrors.blocked([`أُرسل عبر «${channel.label}» من قبل`]);
          made.push({ channel: channel.name, sendId: created.id, queued: created.queued });
          audit.push(fanout.auditOf(full, created));
        }
        return { value: made, audit, tags: [] };
      });
      fanout.started();
      return sends;
    },
  };
}
export type AlertsService = ReturnType<typeof alertsService>;
