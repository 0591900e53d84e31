/**
 * A real SMTP server for tests (the `smtp-server` package, accepting as a relay would), whose received messages are
 * parsed with `mailparser`. A test can refuse a recipient at RCPT TO (per address and attempt: 4xx temporary, 5xx
 * permanent) and hold messages after their data arrived, before the 250 that would make them delivered.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  /** The envelope recipient (lower case). */
  to: string;
  mail: ParsedMail;
  raw: Buffer;
}

export interface Held {
  to: string;
  /** Takes the message (250): it is delivered. */
  accept: () => Promise<void>;
  /** Refuses it with a 451: not delivered. */
  refuse: () => void;
}

export interface SmtpStandIn {
  url: string;
  received: Received[];
  held: Held[];
  /** RCPT TO's answer for an address's nth attempt: undefined accepts, else a refusal with its code. */
  rcpt?: (address: string, attempt: number) => { code: number; message: string } | undefined;
  /** Whether to hold this recipient's message instead of taking it. */
  hold?: (address: string) => boolean;
  attempts: (address: string) => number;
  /** The messages delivered to an address. */
  to: (address: string) => Received[];
  close: () => Promise<void>;
}

export async function startSmtp(): Promise<SmtpStandIn> {
  const received: Received[] = [];
  const held: Held[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<{ destroy: () => void }>();
  const stand = {} as SmtpStandIn;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(session, callback) {
      callback();
    },
    onRcptTo(address, _session, callback) {
      const a = address.address.toLowerCase();
      const n = (attempts.get(a) ?? 0) + 1;
      attempts.set(a, n);
      const refusal = stand.rcpt?.(a, n);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const accept = async () => {
          const mail = await simpleParser(raw);
          for (const t of to) received.push({ to: t, mail, raw });
          callback();
        };
        if (stand.hold?.(to[0]!))
          held.push({
            to: to[0]!,
            accept,
            refuse: () => callback(Object.assign(new Error('try again later'), { responseCode: 451 })),
          });
        else void accept();
      });
    },
  });
  server.server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(stand, {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held,
    attempts: (a: string) => attempts.get(a.toLowerCase()) ?? 0,
    to: (a: string) => received.filter((r) => r.to === a.toLowerCase()),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** The messages written to an outbox folder (no SMTP configured), parsed, oldest first. */
export async function outbox(dir: string): Promise<{ file: string; mail: ParsedMail }[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => ({ file, mail: await simpleParser(fs.readFileSync(path.join(dir, file))) })),
  );
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? '').match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s]*`));
  if (!found) throw new Error(`no link starting ${prefix} in:\n${mail.text}`);
  return found[0];
}

/** A header as the message carries it (mailparser folds the List-* headers into one object; this reads the line). */
export function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

/** What an e-mail send's payload says of the site and the sender, in tests that queue sends themselves. */
export const TEST_MAIL_IDENTITY = {
  site: { siteName: 'صحيفة', origin: 'http://localhost:3000', contactEmail: 'info@sahifa.ly' },
  from: { name: 'صحيفة', address: 'news@sahifa.test' },
};
