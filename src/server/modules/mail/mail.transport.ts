/**
 * How mail leaves: nodemailer over SMTP (SMTP_URL, a pool of MAIL_CONNECTIONS connections), or, without SMTP, the same
 * MIME message written to DATA_DIR/outbox as an .eml file a newcomer can open in any mail program. Every failure is
 * an outcome, never an exception: a 5xx reply is permanent (the address is suppressed), anything else (a 4xx reply, a
 * lost connection, a timeout) is temporary and retried by the fan-out job.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailStatus } from '../../../shared/schemas/newsletter';
import type { DeliveryOutcome } from '../fanout/fanout.channel';
import type { MailConfig } from '../../config';

export interface OutgoingMail {
  from: string;
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** The same for every copy of the same message to the same person (a resend after a crash is recognisably one). */
  messageId: string;
  headers: Record<string, string>;
  /** The outbox file's name (without .eml): the same message is the same file. */
  fileName: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<DeliveryOutcome>;
  status(from: string): MailStatus;
  close(): Promise<void>;
}

/** Timeouts that bound one delivery (the fan-out job's claim outlasts them). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
export const MAX_DELIVERY_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

/** A nodemailer error as an outcome: 5xx replies are permanent, the rest temporary. */
export function outcomeOf(err: unknown): DeliveryOutcome {
  const e = err as { responseCode?: unknown; response?: unknown; message?: unknown; code?: unknown };
  const message = String(e?.response ?? e?.message ?? err).slice(0, 500);
  if (typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600)
    return { outcome: 'permanent', error: message };
  return { outcome: 'temporary', error: `${typeof e?.code === 'string' ? `${e.code}: ` : ''}${message}` };
}

const messageOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  messageId: mail.messageId,
  headers: mail.headers,
  // Base64 for both parts: Arabic text is mostly bytes above 127, and nodemailer's quoted-printable of a 20 KB page
  // cost a millisecond of the event loop per copy (base64 is native); every mail program reads either.
  textEncoding: 'base64' as const,
  disableFileAccess: true,
  disableUrlAccess: true,
});

function smtpTransport(config: MailConfig): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: config.connections,
    maxMessages: 1000,
    // The fan-out job retries; nodemailer must never send a message again by itself (it could be a second copy).
    maxRequeues: 0,
    ...SMTP_TIMEOUTS,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transporter.sendMail(messageOf(mail));
        const rejected = (info as { rejected?: unknown[] }).rejected ?? [];
        return rejected.length ? { outcome: 'permanent', error: 'رفض الخادم العنوان' } : { outcome: 'sent' };
      } catch (err) {
        return outcomeOf(err);
      }
    },
    status: (from) => ({ transport: 'smtp', from, outboxDir: null, ratePerSecond: config.ratePerSecond }),
    async close() {
      transporter.close();
    },
  };
}

function outboxTransport(config: MailConfig): MailTransport {
  const builder: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(mail) {
      try {
        const info = (await builder.sendMail(messageOf(mail))) as { message: Buffer };
        await fs.promises.mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
        // Written aside, then renamed: a file in the outbox is always a whole message.
        const file = path.join(config.outboxDir, `${mail.fileName}.eml`);
        await fs.promises.writeFile(`${file}.tmp`, info.message, { mode: 0o600 });
        await fs.promises.rename(`${file}.tmp`, file);
        return { outcome: 'sent' };
      } catch (err) {
        return outcomeOf(err);
      }
    },
    status: (from) => ({ transport: 'outbox', from, outboxDir: config.outboxDir, ratePerSecond: config.ratePerSecond }),
    async close() {
      builder.close();
    },
  };
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl ? smtpTransport(config) : outboxTransport(config);
}
