/**
 * The e-mail channel of the fan-out job: newsletter subscribers are its recipients, modules/mail its templates and
 * transport. A send's payload holds everything its message says (the site, the stories, the dates), so every copy of
 * it, a resend after a restart included, is the same message; MJML is compiled once per send and variant (a digest
 * has one per choice of sections), never per recipient, and each copy only fills in the reader's name and links.
 *
 * List e-mails carry `List-Unsubscribe` (the one-click URL) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058, which Gmail and Yahoo require of bulk senders), and `List-Id`. Every copy's Message-ID is fixed by the
 * send and the recipient.
 */
import type { FanoutChannel, RecipientOf, SendRecord } from '../fanout/fanout.channel';
import {
  esc,
  PLACEHOLDERS,
  renderArticleAlert,
  renderBreakingAlert,
  renderConsent,
  renderDigest,
  type BreakingContent,
  type MailSite,
  type MailStory,
  type RenderedMail,
} from '../mail/mail.templates';
import { MAX_DELIVERY_MS, type MailTransport } from '../mail/mail.transport';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository';
import type { NewsletterTokens } from './newsletter.tokens';

/** Soft bounces in a row (sends whose every retry failed) that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;

export interface DigestSection {
  slug: string;
  name: string;
  color: string;
  stories: MailStory[];
}

/** What each kind of e-mail send stores to render its message. */
export type EmailPayload = { site: MailSite; from: { name: string; address: string } } & (
  | { kind: 'digest'; dateLabel: string; sections: DigestSection[] }
  | { kind: 'article'; story: MailStory }
  | { kind: 'breaking'; breaking: BreakingContent }
  | { kind: 'campaign'; validUntil: string; expiresAt: string }
  | { kind: 'confirmation'; mode: 'signup' | 'already'; validUntil: string; expiresAt: string }
);

const LIST_KINDS = new Set(['digest', 'article', 'breaking', 'campaign']);

/** The sections of a digest this reader chose (none chosen: all). */
const sectionsFor = (payload: Extract<EmailPayload, { kind: 'digest' }>, chosen: string[]) =>
  chosen.length ? payload.sections.filter((s) => chosen.includes(s.slug)) : payload.sections;

/** Placeholders filled in one pass. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/%%(NAME|MANAGE_URL|UNSUBSCRIBE_URL|CONFIRM_URL)%%/g, (m) => values[m] ?? m);

export function emailChannel(deps: {
  repo: NewsletterRepository;
  transport: MailTransport;
  tokens: NewsletterTokens;
  limits: { perSecond: number; concurrency: number };
  now: () => Date;
}): FanoutChannel<SubscriberRow> {
  const { repo, transport, tokens, now } = deps;
  const rendered = new Map<number, Map<string, Promise<RenderedMail>>>();
  /** Recipients seen with soft bounces on their record: a delivery to them clears the count. */
  const bouncing = new Set<number>();

  function render(send: SendRecord, p: EmailPayload, variant: DigestSection[] | undefined): Promise<RenderedMail> {
    const key = variant ? variant.map((s) => s.slug).join(',') : '';
    let forSend = rendered.get(send.id);
    if (!forSend) rendered.set(send.id, (forSend = new Map()));
    let made = forSend.get(key);
    if (!made) {
      made = (() => {
        switch (p.kind) {
          case 'digest':
            return renderDigest(p.site, { dateLabel: p.dateLabel, sections: variant ?? p.sections });
          case 'article':
            return renderArticleAlert(p.site, p.story);
          case 'breaking':
            return renderBreakingAlert(p.site, p.breaking);
          case 'campaign':
            return renderConsent(p.site, 'campaign', p.validUntil);
          case 'confirmation':
            return renderConsent(p.site, p.mode, p.validUntil);
        }
      })();
      // A failed render is not kept: the next delivery tries again.
      made.catch(() => forSend.delete(key));
      forSend.set(key, made);
    }
    return made;
  }

  /** Does this subscriber still get this send? */
  function wants(p: EmailPayload, s: SubscriberRow): boolean {
    switch (p.kind) {
      case 'digest':
        return s.state === 'confirmed' && s.digest && sectionsFor(p, s.sections).length > 0;
      case 'article':
      case 'breaking':
        return s.state === 'confirmed' && s.alerts;
      case 'campaign':
        return s.state === 'pending' && s.legacy && !!s.confirmNonce;
      case 'confirmation':
        return p.mode === 'signup' ? s.state === 'pending' && !!s.confirmNonce : s.state === 'confirmed';
    }
  }

  return {
    name: 'email',
    limits: deps.limits,
    maxDeliveryMs: MAX_DELIVERY_MS,
    enqueue: (tx, sendId, audience, at) => repo.enqueue(tx, sendId, audience as never, at),

    async recipients(ids, send) {
      const p = send.payload as EmailPayload;
      const out = new Map<number, RecipientOf<SubscriberRow>>();
      for (const s of await repo.recipients(ids)) {
        if (s.softBounces > 0) bouncing.add(s.id);
        out.set(s.id, s.state === 'suppressed' ? 'suppressed' : wants(p, s) ? s : 'skipped');
      }
      return out;
    },

    async deliver(send, recipientId, s) {
      const p = send.payload as EmailPayload;
      let mail: RenderedMail;
      try {
        mail = await render(send, p, p.kind === 'digest' ? sectionsFor(p, s.sections) : undefined);
      } catch (err) {
        return { outcome: 'temporary', error: `render: ${String((err as Error).message ?? err)}` };
      }
      const origin = p.site.origin;
      const manage = await tokens.manage(s.id);
      const manageUrl = `${origin}/newsletter/preferences?t=${manage}`;
      const unsubscribeUrl = `${origin}/newsletter/unsubscribe?t=${manage}`;
      const confirmUrl =
        (p.kind === 'campaign' || p.kind === 'confirmation') && s.confirmNonce
          ? `${origin}/newsletter/confirm?t=${await tokens.confirm(s.id, s.confirmNonce, new Date(p.expiresAt))}`
          : `${origin}/`;
      const raw = {
        [PLACEHOLDERS.name]: s.fullName,
        [PLACEHOLDERS.manageUrl]: manageUrl,
        [PLACEHOLDERS.unsubscribeUrl]: unsubscribeUrl,
        [PLACEHOLDERS.confirmUrl]: confirmUrl,
      };
      const escaped = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, esc(v)]));
      const domain = p.from.address.split('@')[1] ?? 'localhost';
      const headers: Record<string, string> = LIST_KINDS.has(p.kind)
        ? {
            'List-Unsubscribe': `<${origin}/api/newsletter/one-click/${manage}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'List-Id': `${p.site.siteName} <newsletter.${domain}>`,
          }
        : {};
      return transport.send({
        from: `"${p.from.name.replace(/["\\]/g, '')}" <${p.from.address}>`,
        to: { name: s.fullName, address: s.email },
        subject: mail.subject,
        html: fill(mail.html, escaped),
        text: fill(mail.text, raw),
        messageId: `<sahifa.${send.id}.${s.id}.${send.createdAt.getTime()}@${domain}>`,
        headers,
        fileName: `${send.createdAt.toISOString().replace(/[:.]/g, '-')}-s${send.id}-r${s.id}`,
      });
    },

    async settled(sent, failures) {
      const cleared = sent.filter((id) => bouncing.delete(id));
      await repo.clearBounces(cleared);
      const at = now();
      const permanent = failures.filter((f) => f.permanent);
      for (const f of permanent)
        await repo.suppress([f.recipientId], `رفض الخادم البريد: ${f.error.slice(0, 200)}`, at);
      await repo.softBounce(
        failures.filter((f) => !f.permanent).map((f) => f.recipientId),
        SOFT_BOUNCE_LIMIT,
        at,
      );
    },

    async preview(send) {
      const p = send.payload as EmailPayload;
      const mail = await render(send, p, undefined);
      const sample = {
        [PLACEHOLDERS.name]: 'القارئ',
        [PLACEHOLDERS.manageUrl]: '#',
        [PLACEHOLDERS.unsubscribeUrl]: '#',
        [PLACEHOLDERS.confirmUrl]: '#',
      };
      return { html: fill(mail.html, sample), text: `${mail.subject}\n\n${fill(mail.text, sample)}` };
    },

    forget: (sendId) => void rendered.delete(sendId),
    close: () => transport.close(),
  };
}
