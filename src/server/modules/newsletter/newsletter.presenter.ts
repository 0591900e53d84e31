import type { NewsletterSubscriber } from '../../../shared/schemas/newsletter';
import type { SubscriberRow } from './newsletter.repository';

/** A subscriber for the newsroom's list: never their confirmation nonce or bounce bookkeeping. */
export const presentSubscriber = (s: SubscriberRow): NewsletterSubscriber => ({
  id: s.id,
  fullName: s.fullName,
  email: s.email,
  state: s.state,
  legacy: s.legacy,
  createdAt: s.createdAt.toISOString(),
  confirmedAt: s.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
  suppressedAt: s.suppressedAt?.toISOString() ?? null,
  suppressedReason: s.suppressedReason,
  digest: s.digest,
  alerts: s.alerts,
  sections: s.sections,
});
