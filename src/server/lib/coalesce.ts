/**
 * At most one load per key per `gapMs`, and never an answer older than its question: a caller joins a load that has
 * not started yet, or queues the next one (started no sooner than `gapMs` after the previous start). Every caller
 * gets data read after it called, so a cache filled from it never keeps what a write made stale; and however many
 * readers ask and however often writers change the data, the database sees one query per key per gap.
 */
interface Slot<V> {
  lastStart: number;
  queued?: Promise<V>;
}

export function coalesced<K, V>(
  gapMs: number,
  load: (key: K) => Promise<V>,
  clock: () => number = performance.now.bind(performance),
) {
  const slots = new Map<K, Slot<V>>();
  const prune = () => {
    const old = clock() - 60_000;
    for (const [k, s] of slots) if (!s.queued && s.lastStart < old) slots.delete(k);
  };
  return (key: K): Promise<V> => {
    let slot = slots.get(key);
    if (!slot) {
      if (slots.size >= 1000) prune();
      slots.set(key, (slot = { lastStart: -Infinity }));
    }
    if (slot.queued) return slot.queued;
    const s = slot;
    const wait = s.lastStart + gapMs - clock();
    const run = () => {
      s.queued = undefined;
      s.lastStart = clock();
      return load(key);
    };
    s.queued = wait > 0 ? new Promise<void>((r) => setTimeout(r, wait)).then(run) : Promise.resolve().then(run);
    return s.queued;
  };
}
