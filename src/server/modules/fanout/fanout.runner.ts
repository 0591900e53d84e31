/**
 * The fan-out job's worker, one per instance. Every `pollMs` (and at once when a send is created here) it takes due
 * sends no other instance holds (a lease, renewed while it runs) and works through their deliveries:
 *
 * - Deliveries are claimed a batch at a time FOR UPDATE SKIP LOCKED, each claim counting an attempt and holding the
 *   delivery until the channel's longest delivery time has passed (plus a margin): two workers never hold one.
 * - Each channel has one queue (p-queue) for all its sends here: at most `limits.concurrency` at once and
 *   `limits.perSecond` a second. A batch is claimed only when the queue has room for it (back-pressure).
 * - Results are written in batches (one statement for whatever finished in the last RESULTS_EVERY_MS: a group
 *   commit), with the send's figures. A temporary failure is retried after RETRY_DELAYS_MS, up to MAX_ATTEMPTS; a permanent one is not.
 * - Readers first (fanout.pacer.ts): while readers keep this process busy, each delivery waits a moment before it
 *   starts, so a big send takes the time readers leave over; with no readers it goes at full speed. A channel that
 *   promises a pace (push: 90 % of a send under way within 100 s) stops waiting whenever its send falls behind it.
 * - A graceful stop claims nothing more, lets deliveries in flight finish (at most STOP_WAIT_MS), writes their results,
 *   hands back what it claimed but never started, and releases the send, which the next instance takes at once. After
 *   a crash, the deliveries it held are taken again once their claim lapses: a message is `sent` only once its channel
 *   acknowledged it, and nothing else is ever sent twice.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import PQueue from 'p-queue';
import type { DeliveryFailure, DeliveryOutcome, FanoutChannel } from './fanout.channel';
import { createPacer, type Progress } from './fanout.pacer';
import { recordOf, type DeliveryResult, type FanoutRepository, type SendRow } from './fanout.repository';

/** Attempts of one delivery before a temporary failure counts as failed. */
export const MAX_ATTEMPTS = 5;
/** Waits before the 2nd, 3rd, 4th and 5th attempts. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 20 * 60_000, 60 * 60_000] as const;
/** A claim lasts the channel's longest delivery plus this. */
const CLAIM_MARGIN_MS = 30_000;
/** A result is written at most this long after its delivery finished (one statement for all finished by then). */
const RESULTS_EVERY_MS = 100;
/** A graceful stop waits this long for deliveries in flight (under main.ts's own stop bound). */
const STOP_WAIT_MS = 8_000;

export interface RunnerLog {
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
  info: (o: object, m: string) => void;
}

export interface FanoutRunnerOptions {
  repo: FanoutRepository;
  channels: FanoutChannel[];
  now: () => Date;
  log: RunnerLog;
  /** How long a send stays this instance's without a renewal. */
  leaseMs?: number;
  /** How often due sends are looked for. */
  pollMs?: number;
  /** Deliveries claimed at a time. */
  batch?: number;
  /** Sends run at once here. */
  maxSends?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A channel's queue: its concurrency and rate, shared by all its sends in this process. */
function queueFor(channel: FanoutChannel): PQueue {
  const { perSecond, concurrency } = channel.limits;
  if (!(perSecond > 0)) return new PQueue({ concurrency });
  // Smooth rather than bursty: one message every 1000/rate ms below 10 a second, else a tenth of the rate every 100 ms.
  return perSecond < 10
    ? new PQueue({ concurrency, intervalCap: 1, interval: Math.round(1000 / perSecond) })
    : new PQueue({ concurrency, intervalCap: Math.max(1, Math.round(perSecond / 10)), interval: 100 });
}

export function resultOf(
  claim: { recipientId: number; attempts: number },
  outcome: DeliveryOutcome,
  now: Date,
): { result: DeliveryResult; failure?: DeliveryFailure } {
  const base = { recipientId: claim.recipientId, attempts: claim.attempts, nextAt: now };
  if (outcome.outcome === 'sent') return { result: { ...base, state: 'sent', error: null } };
  const error = outcome.error.slice(0, 500);
  if (outcome.outcome === 'permanent')
    return {
      result: { ...base, state: 'failed', error },
      failure: { recipientId: claim.recipientId, permanent: true, error },
    };
  if (claim.attempts < MAX_ATTEMPTS) {
    const wait = RETRY_DELAYS_MS[Math.min(claim.attempts, RETRY_DELAYS_MS.length) - 1]!;
    return { result: { ...base, state: 'pending', nextAt: new Date(now.getTime() + wait), error } };
  }
  return {
    result: { ...base, state: 'failed', error },
    failure: { recipientId: claim.recipientId, permanent: false, error },
  };
}

export function createFanoutRunner(o: FanoutRunnerOptions) {
  const { repo, now, log } = o;
  const leaseMs = o.leaseMs ?? 30_000;
  const pollMs = o.pollMs ?? 1_000;
  const batch = o.batch ?? 200;
  const maxSends = o.maxSends ?? 4;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const channels = new Map(o.channels.map((c) => [c.name, c]));
  const queues = new Map<string, PQueue>();
  const active = new Map<number, Promise<void>>();
  const pacer = createPacer();
  /** Until start() (and after stop()) nothing is claimed: an app built for a test or a script sends nothing. */
  let stopping = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  /** A database away fails every look (one a second): said once a minute, not every time. */
  let lastPollWarning = 0;

  const leaseEnd = () => new Date(now().getTime() + leaseMs);

  /**
   * Writes results in one statement at most RESULTS_EVERY_MS after the first of them finished (sooner once a batch's
   * worth is waiting; without waiting once the send ends or stops). Written as each came, a fast push send made a statement every
   * few messages: this event loop was busy 22 % of a 40,000-message send, 18 % with the tenth-of-a-second batches.
   */
  function resultsWriter(sendId: number, channel: FanoutChannel) {
    let waiting: { result: DeliveryResult; failure?: DeliveryFailure }[] = [];
    /** When the first of `waiting` finished. */
    let firstAt = 0;
    let writing: Promise<void> | undefined;
    let wake: (() => void) | undefined;
    /** Set by drained(): from then on (the send is ending) every result is written without waiting. */
    let flushing = false;
    const gather = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, firstAt + RESULTS_EVERY_MS - Date.now()));
        wake = done;
      });
    async function write() {
      while (waiting.length) {
        if (!flushing && waiting.length < batch) await gather();
        const items = waiting;
        waiting = [];
        const results = items.map((i) => i.result);
        for (let attempt = 0; ; attempt++) {
          try {
            await repo.record(sendId, results, now());
            break;
          } catch (err) {
            // The database is away: keep trying for a while; past that, these deliveries are claimed again when their
            // claim lapses (and those the channel had taken are sent again: logged as such).
            if (attempt >= 8 || stopping) {
              log.error({ err, sendId, results: results.length }, 'fan-out results could not be written');
              break;
            }
            await sleep(Math.min(5000, 250 * 2 ** attempt));
          }
        }
        try {
          await channel.settled(
            results.filter((r) => r.state === 'sent').map((r) => r.recipientId),
            items.flatMap((i) => (i.failure ? [i.failure] : [])),
          );
        } catch (err) {
          log.warn({ err, sendId }, 'a channel could not note its failures');
        }
      }
      writing = undefined;
    }
    return {
      push(item: { result: DeliveryResult; failure?: DeliveryFailure }) {
        if (!waiting.length) firstAt = Date.now();
        waiting.push(item);
        writing ??= write();
        if (waiting.length >= batch) wake?.();
      },
      async drained() {
        flushing = true;
        while (writing) {
          wake?.();
          await writing;
        }
      },
    };
  }

  async function runSend(row: SendRow): Promise<void> {
    const channel = channels.get(row.channel);
    if (!channel) {
      log.warn({ sendId: row.id, channel: row.channel }, 'a send for a channel this instance does not have');
      await repo.finishOrRelease(row.id, owner, now());
      return;
    }
    let queue = queues.get(channel.name);
    if (!queue) queues.set(channel.name, (queue = queueFor(channel)));
    const send = recordOf(row);
    const results = resultsWriter(row.id, channel);
    const inFlight = new Set<Promise<void>>();
    const notStarted = new Set<number>();
    let lost = false;
    let renewedAt = Date.now();
    // How far the send is, for a channel that promises a pace: what was settled before this instance took it (after a
    // restart) and the recipients started here since (each once: a retry within this run is no further progress).
    const deadline = channel.limits.deadline;
    const settledBefore = row.sent + row.failed + row.suppressed + row.skipped;
    const started = new Set<number>();
    const progress = deadline
      ? (): Progress => ({
          queued: row.queued,
          done: settledBefore + started.size,
          elapsedMs: now().getTime() - row.createdAt.getTime(),
        })
      : undefined;
    try {
      while (!stopping && !lost) {
        if (Date.now() - renewedAt > leaseMs / 3) {
          lost = !(await repo.renewSend(row.id, owner, leaseEnd()));
          renewedAt = Date.now();
          if (lost) break;
        }
        // Back-pressure: one batch waiting in the queue is enough.
        if (queue.size >= batch) {
          await Promise.race([queue.onSizeLessThan(batch), sleep(leaseMs / 3)]);
          continue;
        }
        const at = now();
        const claimed = await repo.claimDeliveries(
          row.id,
          at,
          new Date(at.getTime() + channel.maxDeliveryMs + CLAIM_MARGIN_MS),
          batch,
        );
        if (!claimed.length) {
          if (!inFlight.size) break;
          await Promise.race([...inFlight, sleep(leaseMs / 3)]);
          continue;
        }
        const people = await channel.recipients(
          claimed.map((c) => c.recipientId),
          send,
        );
        for (const claim of claimed) {
          const person = people.get(claim.recipientId) ?? 'skipped';
          if (person === 'skipped' || person === 'suppressed') {
            if (deadline) started.add(claim.recipientId);
            results.push({
              result: {
                recipientId: claim.recipientId,
                attempts: claim.attempts,
                state: person,
                nextAt: now(),
                error: null,
              },
            });
            continue;
          }
          notStarted.add(claim.recipientId);
          const task = queue
            .add(async () => {
              if (stopping || lost) return;
              notStarted.delete(claim.recipientId);
              await pacer.turn(progress, deadline);
              if (deadline) started.add(claim.recipientId);
              const outcome = await channel.deliver(send, claim.recipientId, person);
              results.push(resultOf(claim, outcome, now()));
            })
            .catch((err) => log.error({ err, sendId: row.id }, 'a delivery failed unexpectedly'))
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      }
    } finally {
      // What is in flight finishes (bounded on a stop), its results are written, what never started goes back.
      const settled = Promise.allSettled([...inFlight]);
      await (stopping ? Promise.race([settled, sleep(STOP_WAIT_MS)]) : settled);
      await results.drained();
      await repo.unclaim(row.id, [...notStarted], now()).catch((err) => log.warn({ err }, 'unclaim failed'));
      channel.forget?.(row.id);
    }
    if (!lost) await repo.finishOrRelease(row.id, owner, now());
  }

  async function poll(): Promise<void> {
    while (!stopping && active.size < maxSends) {
      const at = now();
      const row = await repo.claimSend(owner, at, leaseEnd(), [...active.keys()]);
      if (!row) break;
      pacer.start();
      const run = runSend(row)
        .catch((err) => log.error({ err, sendId: row.id }, 'a send stopped on an error; another turn resumes it'))
        .finally(() => {
          active.delete(row.id);
          if (!active.size) pacer.stop();
          if (!stopping) kick();
        });
      active.set(row.id, run);
    }
  }

  /** Looks for due sends now (one look at a time; a kick during a look makes another). */
  function kick(): void {
    if (stopping) return;
    if (polling) {
      again = true;
      return;
    }
    polling = poll()
      .catch((err) => {
        if (Date.now() - lastPollWarning < 60_000) return;
        lastPollWarning = Date.now();
        log.warn({ err }, 'looking for sends failed; the next turn looks again');
      })
      .finally(() => {
        polling = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    owner,
    kick,
    start() {
      stopping = false;
      timer ??= setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    /** Stops claiming, lets what is in flight finish, writes it, hands the sends back. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      await polling;
      await Promise.all(active.values());
      pacer.stop();
      await Promise.all([...channels.values()].map((c) => c.close?.()));
    },
    /** An HTTP request arrived (app.ts counts them for the pacer: readers come first). */
    noteRequest: () => pacer.noteRequest(),
    /** Sends running in this instance now (tests, metrics). */
    running: () => [...active.keys()],
  };
}
export type FanoutRunner = ReturnType<typeof createFanoutRunner>;
