/**
 * An alert channel: one checkbox beside «نشر» (e-mail: «إرسال بالبريد»; web push next). The alert guard
 * (alerts.service.ts) is the same for all of them; a channel only says whom an alert reaches and what it sends, as a
 * send of the fan-out job.
 */
import type { AlertSource } from '../../../shared/schemas/alerts';
import type { SendSpec } from '../fanout/fanout.service';

/** What is being sent, read once by the guard and handed to every channel. */
export interface AlertContent {
  source: AlertSource;
  /** The fan-out send's kind. */
  kind: 'article' | 'breaking';
  title: string;
  summary: string;
  /** The page it opens ('/news/12'); null for a breaking item without a story readers can open. */
  path: string | null;
  section: { slug: string; name: string; color: string } | null;
  /** The stored image path or URL, if any. */
  imageUrl: string | null;
  publishedAt: Date | null;
  /** Readers can see it now (a published story, an active breaking item): only then may it be sent. */
  live: boolean;
}

export interface AlertChannel {
  /** The fan-out channel it sends on ('email'). */
  readonly name: string;
  /** The checkbox's words. */
  readonly label: string;
  /** configured: false when it reaches nobody really (mail written to the outbox); `note` says so in Arabic. */
  status(): { configured: boolean; note: string | null };
  /** How many it would reach now. */
  audience(content: AlertContent): Promise<number>;
  /** The send (its payload and audience) for this alert; the guard sets the dedupe key. */
  spec(content: AlertContent): Promise<Omit<SendSpec, 'dedupeKey'>>;
}
