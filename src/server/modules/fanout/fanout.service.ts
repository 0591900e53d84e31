/**
 * The fan-out job for the rest of the app: create a send (its recipients queued in the same transaction, its message
 * kept as sent for the history), read the history with its figures, cancel a send. The work itself is the runner's.
 */
import type { SendQuery } from '../../../shared/schemas/fanout';
import type { Tx } from '../../db/client';
import { pageOf, type Page } from '../../lib/paging';
import type { Actor, AuditRecord, Writer } from '../../lib/write';
import type { FanoutChannel } from './fanout.channel';
import { fanoutErrors } from './fanout.errors';
import { recordOf, type FanoutRepository, type SendListRow, type SendRow } from './fanout.repository';
import type { FanoutRunner } from './fanout.runner';

export interface SendSpec {
  channel: string;
  kind: string;
  /** At most one send per key (null: no limit). */
  dedupeKey: string | null;
  title: string;
  payload: Record<string, unknown>;
  /** Whom it reaches, in the channel's terms (FanoutChannel.enqueue). */
  audience: unknown;
  /** Recorded as not sent, with this reason (the digest when nothing is new). */
  skip?: string;
}

export interface CreatedSend {
  id: number;
  queued: number;
  state: SendRow['state'];
}

/** Days the one-recipient confirmation sends are kept; the per-recipient rows of other sends. */
const CONFIRMATIONS_KEPT_DAYS = 7;
const DELIVERIES_KEPT_DAYS = 30;

export function fanoutService(deps: {
  repo: FanoutRepository;
  channels: FanoutChannel[];
  runner: FanoutRunner;
  write: Writer;
  now: () => Date;
}) {
  const { repo, runner, write, now } = deps;
  const channels = new Map(deps.channels.map((c) => [c.name, c]));
  const channelOf = (name: string) => {
    const channel = channels.get(name);
    if (!channel) throw fanoutErrors.unknownChannel();
    return channel;
  };

  /**
   * Creates a send inside `tx`: the row, one delivery per recipient, the message as sent. Undefined when its dedupe
   * key is taken (that send exists already).
   */
  async function createIn(tx: Tx, spec: SendSpec, createdBy: number | null): Promise<CreatedSend | undefined> {
    const channel = channelOf(spec.channel);
    const row = await repo.insertSend({ ...spec, createdBy, at: now() }, tx);
    if (!row) return undefined;
    if (spec.skip) {
      await repo.skip(row.id, spec.skip, now(), tx);
      return { id: row.id, queued: 0, state: 'skipped' };
    }
    const queued = await channel.enqueue(tx, row.id, spec.audience, now());
    await repo.setQueued(row.id, queued, tx);
    if (!queued) {
      await repo.skip(row.id, 'لا يوجد مستلمون', now(), tx);
      return { id: row.id, queued, state: 'skipped' };
    }
    const preview = await channel.preview(recordOf(row));
    await repo.setPreview(row.id, preview.html, preview.text, tx);
    return { id: row.id, queued, state: 'queued' };
  }

  const auditOf = (spec: SendSpec, created: CreatedSend): AuditRecord => ({
    action: 'create',
    entity: 'fanout_send',
    entityId: created.id,
    details: { channel: spec.channel, kind: spec.kind, title: spec.title, queued: created.queued },
  });

  return {
    createIn,
    /** Creates a send in a transaction of its own (the write protocol, audited) and starts it here at once. */
    async create(actor: Actor, spec: SendSpec, before?: (tx: Tx) => Promise<void>) {
      const created = await write(actor, async (tx) => {
        await before?.(tx);
        const value = await createIn(tx, spec, actor.id);
        return { value, audit: value ? auditOf(spec, value) : null, tags: [] };
      });
      if (created?.state === 'queued') runner.kick();
      return created;
    },
    /** After a transaction that called createIn has committed: start now rather than at the next look. */
    started: () => runner.kick(),
    auditOf,
    async page(q: SendQuery): Promise<Page<SendListRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q, count);
    },
    async get(id: number) {
      const row = await repo.find(id);
      if (!row) throw fanoutErrors.notFound();
      return row;
    },
    byKey: (key: string) => repo.findByKey(key),
    latestOf: (channel: string, kinds: string[], tx?: Tx) => repo.latestOf(channel, kinds, tx),
    lockChannel: (channel: string, tx: Tx) => repo.lockChannel(channel, tx),
    /** Stops a send: nothing more goes out (what is in flight finishes); the figures stay as they are. */
    cancel: (actor: Actor, id: number) =>
      write(actor, async () => {
        const row = await repo.cancel(id, `أوقفه ${actor.fullName ?? actor.username}`, now());
        if (!row) throw fanoutErrors.notRunning();
        return {
          value: row,
          audit: {
            action: 'update',
            entity: 'fanout_send',
            entityId: id,
            details: { title: row.title, state: 'cancelled' },
          },
          tags: [],
        };
      }),
    forgetRecipient: (channel: string, recipientId: number, tx: Tx) => repo.forgetRecipient(channel, recipientId, tx),
    async housekeeping() {
      const day = 86_400_000;
      await repo.pruneSends('confirmation', new Date(now().getTime() - CONFIRMATIONS_KEPT_DAYS * day));
      await repo.pruneDeliveries(new Date(now().getTime() - DELIVERIES_KEPT_DAYS * day));
    },
  };
}
export type FanoutService = ReturnType<typeof fanoutService>;
