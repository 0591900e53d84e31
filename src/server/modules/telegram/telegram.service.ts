/**
 * Optional auto-posting to a Telegram channel (TELEGRAM_BOT_TOKEN and TELEGRAM_CHANNEL): each published article and
 * each breaking-news item, its title and its link (Telegram shows the page's preview). The post is queued in the
 * publication's own transaction (a write observer: lib/publications.ts), so publishing never waits for Telegram and
 * no publication is missed; a job in every instance sends what is due, each post from one instance (SKIP LOCKED).
 * Failures are logged and retried: Telegram's own wait on 429, else 30 s doubling to an hour, eight attempts in all
 * (about two hours); refusals that retrying cannot fix (a bad token, a channel the bot cannot post in) are not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { publicationsOf } from '../../lib/publications';
import type { WriteObserver } from '../../lib/write';
import { sendMessage, type TelegramConfig } from './telegram-bot-api';
import type { TelegramPostRow, TelegramRepository } from './telegram.repository';

export const TELEGRAM_MAX_ATTEMPTS = 8;
/** How often every instance looks for posts that are due. */
export const TELEGRAM_INTERVAL_MS = 5000;
const BATCH = 10;
/** A claimed post is this instance's for this long; past it (the instance died), another sends it. */
const LEASE_MS = 60_000;
const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The message: the headline in bold (breaking news marked as such), then the link whose preview Telegram shows. */
export function telegramText(post: Pick<TelegramPostRow, 'kind' | 'title' | 'url'>): string {
  const title = escapeHtml(post.title);
  return post.kind === 'breaking' ? `🔴 <b>عاجل:</b> ${title}\n${post.url}` : `<b>${title}</b>\n${post.url}`;
}

export function telegramService(deps: {
  repo: TelegramRepository;
  config: TelegramConfig | undefined;
  publicUrl: string | undefined;
  fetch: typeof fetch;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repo, config, now, log } = deps;
  const origin = deps.publicUrl;

  /** Queues a post for every publication of a write, in its transaction (nothing without a channel configured). */
  const observer: WriteObserver = async (tx, records) => {
    if (!config || !origin) return;
    for (const p of publicationsOf(records)) {
      const url =
        p.kind === 'article' ? `${origin}/news/${p.id}` : p.newsId ? `${origin}/news/${p.newsId}` : `${origin}/`;
      await repo.enqueue({ kind: p.kind, refId: p.id, title: p.title, url }, now(), tx);
    }
  };

  async function deliverOne(post: TelegramPostRow) {
    const outcome = await sendMessage(config!, deps.fetch, { html: telegramText(post), previewUrl: post.url });
    const about = { post: post.id, kind: post.kind, ref: post.refId, attempt: post.attempts };
    if (outcome.ok) {
      await repo.sent(post.id, outcome.messageId, now());
      log.debug(about, 'posted to the Telegram channel');
    } else if (outcome.retry && post.attempts < TELEGRAM_MAX_ATTEMPTS) {
      const waitMs = outcome.retryAfterS ? outcome.retryAfterS * 1000 : backoffMs(post.attempts);
      await repo.retryAt(post.id, new Date(now().getTime() + waitMs), outcome.error);
      log.warn(
        { ...about, error: outcome.error, retryInS: Math.round(waitMs / 1000) },
        'Telegram post failed; retrying',
      );
    } else {
      await repo.failed(post.id, outcome.error);
      log.error({ ...about, error: outcome.error }, 'Telegram post failed for good');
    }
  }

  return {
    enabled: !!config && !!origin,
    observer,
    /** The job's turn: sends what is due (a few at a time, one after another: a channel takes ~20 posts a minute). */
    async deliver(): Promise<number> {
      if (!config || !origin) return 0;
      const at = now();
      const posts = await repo.claimDue(at, new Date(at.getTime() + LEASE_MS), BATCH);
      for (const post of posts) await deliverOne(post);
      return posts.length;
    },
    find: repo.find,
  };
}
export type TelegramService = ReturnType<typeof telegramService>;
