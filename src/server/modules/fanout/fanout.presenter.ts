import type { SendDetail, SendSummary } from '../../../shared/schemas/fanout';
import type { SendListRow, SendRow } from './fanout.repository';

/** A send as the history lists it: what it was, who sent it, its figures and how long it took. */
export const presentSend = (s: SendListRow): SendSummary => ({
  id: s.id,
  channel: s.channel,
  kind: s.kind,
  title: s.title,
  state: s.state,
  note: s.note,
  createdBy: s.createdByName,
  createdAt: s.createdAt.toISOString(),
  startedAt: s.startedAt?.toISOString() ?? null,
  finishedAt: s.finishedAt?.toISOString() ?? null,
  durationMs: s.startedAt && s.finishedAt ? s.finishedAt.getTime() - s.startedAt.getTime() : null,
  queued: s.queued,
  sent: s.sent,
  failed: s.failed,
  suppressed: s.suppressed,
  skipped: s.skipped,
});

export const presentSendDetail = (s: SendRow & { createdByName: string | null }): SendDetail => ({
  ...presentSend(s),
  previewText: s.previewText,
  hasHtml: s.previewHtml !== null,
});
