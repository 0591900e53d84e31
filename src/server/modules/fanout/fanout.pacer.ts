/**
 * Readers first, within a send's promise. While this process's event loop is more than BUSY_UTILIZATION busy with
 * readers' requests coming in, a delivery waits BUSY_PAUSE_MS before it starts, so a big send takes the time readers
 * leave over; with no readers it goes at full speed.
 *
 * A channel may promise a pace (`FanoutChannel.limits.deadline`: Web Push's "90 % within two minutes of «إرسال»"). A
 * send then yields to readers only while it is on schedule: at least `share` of its deliveries started by
 * `withinMs` after it was created, evenly (a straight line from none at its creation). Behind that line it does not
 * wait, however busy readers keep this process, until it is back on it; once the share is reached, readers come first
 * again for the rest. Without that, a send that began during a rush of readers waited for every one of them: with 200
 * readers for the first two minutes, 100,000 alerts reached 90 % only after 153 s (`npm run bench`, part 8).
 */
import { performance } from 'node:perf_hooks';

/** Event-loop utilisation above which, with readers being served, deliveries wait for them. */
const BUSY_UTILIZATION = 0.85;
export const BUSY_PAUSE_MS = 100;

export interface Deadline {
  /** The share of a send's deliveries (0 to 1) … */
  share: number;
  /** … started within this long of its creation. */
  withinMs: number;
}

export interface Progress {
  /** Deliveries of the send, in all. */
  queued: number;
  /** Those started or settled (here and, before a restart, elsewhere). */
  done: number;
  /** Since the send was created. */
  elapsedMs: number;
}

/** Whether a send is at or ahead of its straight line to `deadline` (always, without one). */
export function onSchedule(p: Progress, deadline: Deadline | undefined): boolean {
  if (!deadline) return true;
  const due = deadline.share * p.queued * Math.min(1, Math.max(0, p.elapsedMs) / deadline.withinMs);
  return p.done >= due;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Readers' requests came in and this event loop was more than BUSY_UTILIZATION busy since the last call. */
function loopBusy() {
  let last = performance.eventLoopUtilization();
  return (requests: number) => {
    const current = performance.eventLoopUtilization();
    const busy = requests > 0 && performance.eventLoopUtilization(current, last).utilization > BUSY_UTILIZATION;
    last = current;
    return busy;
  };
}

/**
 * Tells a delivery to wait while this process's event loop is busy *and* readers' requests are coming in (looked at
 * every 100 ms), unless its send is behind its schedule. Busy with the send alone, it sends at full speed.
 */
export function createPacer(
  /** Over the last look, whether this loop was busy (tests pass their own). */
  busyNow: (requests: number) => boolean = loopBusy(),
) {
  let busy = false;
  let requests = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    noteRequest() {
      requests++;
    },
    start() {
      timer ??= setInterval(() => {
        busy = busyNow(requests);
        requests = 0;
      }, 100).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      busy = false;
    },
    /** Waits if readers come first now; `progress` is read only then (a send with no deadline passes `undefined`). */
    async turn(progress: (() => Progress) | undefined, deadline: Deadline | undefined) {
      if (busy && (!progress || onSchedule(progress(), deadline))) await sleep(BUSY_PAUSE_MS);
    },
  };
}
export type Pacer = ReturnType<typeof createPacer>;
