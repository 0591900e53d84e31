/**
 * The newsletter's subscribers and their consent (the rules chosen where the issue was silent are marked "rule"):
 *
 * - A sign-up answers the same words whoever asks (NEWSLETTER_SIGNUP_MESSAGE), so the form never says who is
 *   subscribed. What it does depends on the address: a new one is stored `pending` and sent a confirmation link; a
 *   pending or unsubscribed one is sent one again, a confirmed one is told it is subscribed already (with its
 *   preferences link), each at most once an hour; a suppressed one (its mail bounces) is sent nothing. Rule: a
 *   re-subscription after unsubscribing is a new consent (pending, a new link, the name given now).
 * - Only `confirmed` subscribers receive newsletters. A confirmation link works once and for CONFIRM_VALID_DAYS; an
 *   unconfirmed sign-up is forgotten CONFIRM_VALID_DAYS after its last confirmation e-mail (hourly housekeeping).
 * - Subscribers from before confirmation existed (`legacy`) stay pending until the one confirmation campaign an admin
 *   sends; rule: the same CONFIRM_VALID_DAYS then apply from the campaign's e-mail.
 * - Every e-mail's links carry the subscriber's signed manage token: preferences (digest, alerts, sections), a
 *   one-click unsubscribe, and, rule, re-subscribing from an unsubscribe page (the link proves the mailbox is theirs).
 * - Deleting a subscriber forgets them: the row and every delivery row naming them; the audit log keeps only the id.
 */
import { csvField } from '../../lib/csv';
import { randomBytes } from 'node:crypto';
import { formatDateTime } from '../../../shared/format';
import type { PageQuery } from '../../../shared/schemas/common';
import type {
  NewsletterPreferences,
  PreferencesView,
  SubscriberCounts,
  SubscriberQuery,
} from '../../../shared/schemas/newsletter';
import type { Tx } from '../../db/client';
import { pageOf, type Page } from '../../lib/paging';
import type { Actor, Writer } from '../../lib/write';
import type { CategoriesRepository } from '../categories/categories.repository';
import type { FanoutService, SendSpec } from '../fanout/fanout.service';
import type { MailIdentity } from '../mail/mail.identity';
import type { EmailPayload } from './newsletter.channel';
import { newsletterErrors } from './newsletter.errors';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository';
import { CONFIRM_VALID_DAYS, type NewsletterTokens } from './newsletter.tokens';

/** A confirmation (or "already subscribed") e-mail at most this often per address. */
export const RESEND_AFTER_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const CAMPAIGN_KEY = 'email:campaign';

/** A reader signing up: their writes are not the staff's, so they are not in the audit log. */
const READER: Actor = { id: null, username: 'reader', fullName: 'قارئ' };

const nonce = () => randomBytes(8).toString('hex');

export function newsletterService(deps: {
  repo: NewsletterRepository;
  tokens: NewsletterTokens;
  fanout: FanoutService;
  categories: CategoriesRepository;
  identity: () => Promise<MailIdentity>;
  write: Writer;
  now: () => Date;
}) {
  const { repo, tokens, fanout, categories, identity, write, now } = deps;

  /** A consent e-mail to one subscriber, as a send of the e-mail channel (retried, suppressed, restart-safe). */
  async function consentSpec(subscriberId: number, mode: 'signup' | 'already', at: Date): Promise<SendSpec> {
    const expires = new Date(at.getTime() + CONFIRM_VALID_DAYS * DAY_MS);
    const payload: EmailPayload = {
      ...(await identity()),
      kind: 'confirmation',
      mode,
      validUntil: formatDateTime(expires),
      expiresAt: expires.toISOString(),
    };
    return {
      channel: 'email',
      kind: 'confirmation',
      dedupeKey: null,
      title: mode === 'signup' ? 'رسالة تأكيد الاشتراك' : 'تنبيه: مشترك بالفعل',
      payload,
      audience: { kind: 'one', subscriberId },
    };
  }

  /** What a sign-up does to an address already known; undefined: nothing (sent within the hour, or suppressed). */
  function repeat(row: SubscriberRow, fullName: string, at: Date) {
    const recent = row.confirmMailedAt !== null && at.getTime() - row.confirmMailedAt.getTime() < RESEND_AFTER_MS;
    if (recent) return undefined;
    switch (row.state) {
      case 'pending':
        return {
          mode: 'signup' as const,
          values: { confirmMailedAt: at, legacy: false, confirmNonce: row.confirmNonce ?? nonce(), updatedAt: at },
        };
      case 'unsubscribed':
        return {
          mode: 'signup' as const,
          values: { state: 'pending' as const, fullName, confirmNonce: nonce(), confirmMailedAt: at, updatedAt: at },
        };
      case 'confirmed':
        return { mode: 'already' as const, values: { confirmMailedAt: at, updatedAt: at } };
      case 'suppressed':
        return undefined;
    }
  }

  async function subscriberOf(token: string): Promise<SubscriberRow> {
    const id = await tokens.readManage(token);
    const row = id === undefined ? undefined : await repo.find(id);
    if (!row) throw newsletterErrors.linkInvalid();
    return row;
  }

  return {
    /** A sign-up from the reader's box: always the same answer (the caller sends it), whatever the address. */
    async signUp(fullName: string, email: string): Promise<void> {
      const at = now();
      const mailed = await write(READER, async (tx: Tx) => {
        let row = await repo.lockByEmail(email, tx);
        let mode: 'signup' | 'already' | undefined;
        if (!row) {
          row = await repo.insertPending(fullName, email, nonce(), at, tx);
          if (row) mode = 'signup';
          // Signed up at the same moment by another request: treated as a repeat.
          else row = await repo.lockByEmail(email, tx);
        }
        if (!mode && row) {
          const next = repeat(row, fullName, at);
          if (next) {
            await repo.update(row.id, next.values, tx);
            mode = next.mode;
          }
        }
        if (mode && row) await fanout.createIn(tx, await consentSpec(row.id, mode, at), null);
        return { value: !!mode, audit: null, tags: [] };
      });
      if (mailed) fanout.started();
    },

    /** A confirmation link: confirms once; a second use says so, an old or foreign one is refused. */
    async confirm(token: string): Promise<{ message: string; manageToken: string }> {
      const link = await tokens.readConfirm(token);
      if (!link) throw newsletterErrors.linkInvalid();
      if (link.expires.getTime() <= now().getTime()) throw newsletterErrors.linkExpired();
      const confirmed = await repo.confirm(link.id, link.nonce, now());
      if (confirmed)
        return {
          message: 'تم تأكيد اشتراكك. ستصلك النشرة اليومية وأهم الأخبار، ويمكنك اختيار ما يصلك متى شئت',
          manageToken: await tokens.manage(link.id),
        };
      const row = await repo.find(link.id);
      if (!row) throw newsletterErrors.linkInvalid();
      if (row.state === 'confirmed')
        return { message: 'اشتراكك مؤكَّد من قبل، ولا حاجة لفعل شيء', manageToken: await tokens.manage(link.id) };
      throw newsletterErrors.linkUsed();
    },

    async preferences(token: string): Promise<PreferencesView> {
      const row = await subscriberOf(token);
      const sections = await categories.listActive();
      return {
        fullName: row.fullName,
        email: row.email,
        state: row.state,
        digest: row.digest,
        alerts: row.alerts,
        sections: row.sections,
        sectionChoices: sections.map((c) => ({ slug: c.slug, name: c.name })),
      };
    },

    async setPreferences(token: string, p: NewsletterPreferences): Promise<PreferencesView> {
      const row = await subscriberOf(token);
      const known = new Set((await categories.listAll()).map((c) => c.slug));
      const wrong = p.sections.find((s) => !known.has(s));
      if (wrong) throw newsletterErrors.unknownSection(wrong);
      await repo.setPreferences(row.id, { ...p, sections: [...new Set(p.sections)] }, now());
      return this.preferences(token);
    },

    /** One click, from the e-mail's footer page or from the mail program (RFC 8058): the link's owner leaves. */
    async unsubscribe(token: string): Promise<void> {
      const id = await tokens.readManage(token);
      if (id === undefined) throw newsletterErrors.linkInvalid();
      // A subscriber who was deleted (forgotten) is unsubscribed already: the same answer.
      await repo.unsubscribe(id, now());
    },

    /** Back from the unsubscribe page: the link proves the mailbox is theirs, so no new confirmation is needed. */
    async resubscribe(token: string): Promise<PreferencesView> {
      const row = await subscriberOf(token);
      if (row.state === 'unsubscribed' || row.state === 'suppressed')
        await repo.update(row.id, {
          state: 'confirmed',
          confirmedAt: now(),
          softBounces: 0,
          suppressedAt: null,
          suppressedReason: null,
          updatedAt: now(),
        });
      return this.preferences(token);
    },

    // The newsroom's side
    async counts(): Promise<SubscriberCounts> {
      const [c, campaign] = await Promise.all([repo.counts(), fanout.byKey(CAMPAIGN_KEY)]);
      return {
        subscribers: c.pending + c.confirmed + c.unsubscribed + c.suppressed,
        ...c,
        campaignSent: !!campaign,
      };
    },
    async page(q: SubscriberQuery): Promise<Page<SubscriberRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q as PageQuery, count);
    },
    /** Forgets a subscriber: their row and every delivery naming them; the audit log keeps the id alone. */
    remove: (actor: Actor, id: number) =>
      write(actor, async (tx) => {
        const row = await repo.delete(id, tx);
        if (!row) throw newsletterErrors.notFound();
        await fanout.forgetRecipient('email', id, tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'newsletter_subscriber', entityId: id },
          tags: [],
        };
      }),
    /** The CSV export (UTF-8 with BOM, so spreadsheets read Arabic); cells that would start a formula are quoted. */
    async *csv(): AsyncGenerator<string> {
      yield '\uFEFFfull_name,email,state,subscribed_at,confirmed_at\r\n';
      for await (const rows of repo.all())
        yield rows
          .map(
            (r) =>
              `${[
                csvField(r.fullName),
                csvField(r.email),
                r.state,
                r.createdAt.toISOString(),
                r.confirmedAt?.toISOString() ?? '',
              ].join(',')}\r\n`,
          )
          .join('');
    },
    /** The one confirmation campaign to subscribers from before confirmation existed. */
    async campaign(actor: Actor) {
      if (await fanout.byKey(CAMPAIGN_KEY)) throw newsletterErrors.campaignSent();
      if (!(await repo.audienceSize({ kind: 'campaign' }))) throw newsletterErrors.campaignEmpty();
      const at = now();
      const expires = new Date(at.getTime() + CONFIRM_VALID_DAYS * DAY_MS);
      const payload: EmailPayload = {
        ...(await identity()),
        kind: 'campaign',
        validUntil: formatDateTime(expires),
        expiresAt: expires.toISOString(),
      };
      const created = await fanout.create(actor, {
        channel: 'email',
        kind: 'campaign',
        dedupeKey: CAMPAIGN_KEY,
        title: `هل تريد أن تبقى مشتركاً في نشرة ${payload.site.siteName}؟`,
        payload,
        audience: { kind: 'campaign' },
      });
      if (!created) throw newsletterErrors.campaignSent();
      return created;
    },
    /** Hourly: sign-ups never confirmed within CONFIRM_VALID_DAYS are forgotten. */
    housekeeping: () => repo.forgetUnconfirmed(new Date(now().getTime() - CONFIRM_VALID_DAYS * DAY_MS)),
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
