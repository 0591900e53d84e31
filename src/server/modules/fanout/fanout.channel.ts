/**
 * The channel interface of the fan-out job. A channel (e-mail in modules/newsletter, web push next) says who a send
 * reaches and how one message reaches one recipient; the job (fanout.runner.ts) does the rest for every channel alike:
 * claiming across instances, the rate and the number at once, retries with backoff, suppression after permanent
 * failures, the figures, and resuming after a restart without sending anyone the same message twice.
 */
import type { Tx } from '../../db/client';
import type { Deadline } from './fanout.pacer';

/** A send as a channel sees it. */
export interface SendRecord {
  id: number;
  channel: string;
  kind: string;
  title: string;
  /** What the channel stored at creation to render the message (stories, links…). */
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** How one delivery went. */
export type DeliveryOutcome =
  /** The receiving server (or push service) took it. */
  | { outcome: 'sent' }
  /** Worth trying again later (a 4xx SMTP reply, a connection lost, a timeout): retried with backoff. */
  | { outcome: 'temporary'; error: string }
  /** Will never work (a 5xx SMTP reply, a push subscription gone): not retried; the channel suppresses the recipient. */
  | { outcome: 'permanent'; error: string };

/** Recipient data as a channel loads it for a batch; 'skipped' (no longer wants it) and 'suppressed' are not sent. */
export type RecipientOf<R> = R | 'skipped' | 'suppressed';

export interface DeliveryFailure {
  recipientId: number;
  /** true: the address refused it for good; false: every retry of this send failed with temporary errors. */
  permanent: boolean;
  error: string;
}

export interface FanoutChannel<R = unknown> {
  /** Its name in the job tables ('email', 'push'). */
  readonly name: string;
  /**
   * At most `perSecond` messages a second (0: unthrottled) and `concurrency` at once, across all its sends; with a
   * `deadline`, a send stops yielding to readers whenever it is behind that pace (fanout.pacer.ts).
   */
  readonly limits: { perSecond: number; concurrency: number; deadline?: Deadline };
  /**
   * The longest one delivery may take, its own timeouts included. A claimed delivery is taken by another worker only
   * after this (and a margin), so a slow one still in flight is never sent twice.
   */
  readonly maxDeliveryMs: number;
  /**
   * Adds one delivery row per recipient of `audience` (the channel's own description of who: all confirmed
   * subscribers who want the digest, one subscriber…) to send `sendId`, inside the transaction creating the send.
   * Returns how many.
   */
  enqueue(tx: Tx, sendId: number, audience: unknown, at: Date): Promise<number>;
  /** The recipients of a claimed batch as they are now (an unsubscribe since the send was queued counts). */
  recipients(ids: number[], send: SendRecord): Promise<Map<number, RecipientOf<R>>>;
  /** Delivers the send to one recipient. Never throws: every failure is an outcome. */
  deliver(send: SendRecord, recipientId: number, recipient: R): Promise<DeliveryOutcome>;
  /** After a batch: who was reached (a channel may reset their bounce counts) and who failed for good. */
  settled(sent: number[], failures: DeliveryFailure[]): Promise<void>;
  /** The message as it goes out, for the history (one recipient's links blanked). */
  preview(send: SendRecord): Promise<{ html: string | null; text: string }>;
  /** Drops what it kept for a send (rendered templates) once the send is finished here. */
  forget?(sendId: number): void;
  /** Closes its connections when the app stops. */
  close?(): Promise<void>;
}
