/**
 * What a reader's copy of a live coverage holds and how the poll's answers change it (no React, no browser: the
 * stream's component decides when, these functions what).
 *
 * - `seq` is the change number everything held is up to date with. A poll answer's changes after it are applied in
 *   order; an answer that starts after it (`since` > `seq`: the reader missed changes) asks for a fresh first page.
 * - Entries are kept in the server's page order (creation time, then id, newest first), so a change finds its place
 *   whatever the order of arrival, and older pages («تحميل المزيد») join without duplicates or gaps.
 * - An entry newer than everything held is an arrival: shown at once, or held aside while the reader is further
 *   down the stream (shown when they ask, or when they come back up). An edit replaces the entry where it is, held or
 *   shown; a tombstone removes it from both, and keeps it from coming back with an older page fetched meanwhile.
 * - The pinned entry follows `coverage.pinnedId`. A pin of an entry this reader does not hold (an old one) carries no
 *   entry: the pinned entry is then taken from a fresh first page (`needsPinned`).
 */
import type {
  LiveChange,
  LiveCoverage,
  LiveEntriesPage,
  LiveEntry,
  LiveSnapshot,
  LiveUpdates,
} from '../../../shared/schemas/live';

export interface LiveView {
  coverage: LiveCoverage;
  seq: number;
  pinned: LiveEntry | null;
  /** Shown, newest first (the pinned entry may be among them; it is shown once, at the top). */
  entries: LiveEntry[];
  /** Arrivals held while the reader is down the stream, newest first. */
  held: LiveEntry[];
  /** Cursor of the next older page; null once the oldest entry is here. */
  next: string | null;
  /** Entries that have just come in (highlighted). */
  fresh: readonly number[];
  /** Entries deleted since the page was shown: an older page fetched before the deletion must not bring them back. */
  gone: readonly number[];
  /** Changes on every fresh first page: an older page asked for before it belongs to the replaced list. */
  epoch: number;
}

/** A snapshot of an article that is coverage. */
export type CoverageSnapshot = LiveSnapshot & { coverage: LiveCoverage };

/** The server's order: newest first by creation time, then by id. Negative when `a` comes first. */
export const entryOrder = (a: LiveEntry, b: LiveEntry) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/** A later state of the same entry (a higher version; a change that touched only its pin, by its change number). */
const later = (a: LiveEntry, b: LiveEntry) => a.version > b.version || (a.version === b.version && a.seq > b.seq);

/** Merges entries by id (the later state of each) in the server's order. */
function merge(into: LiveEntry[], add: LiveEntry[]): LiveEntry[] {
  const byId = new Map(into.map((e) => [e.id, e]));
  for (const e of add) {
    const had = byId.get(e.id);
    if (!had || later(e, had)) byId.set(e.id, e);
  }
  return [...byId.values()].sort(entryOrder);
}

export function fromSnapshot(s: CoverageSnapshot, epoch = 0): LiveView {
  return {
    coverage: s.coverage,
    seq: s.coverage.seq,
    pinned: s.pinned,
    entries: merge([], s.entries),
    held: [],
    next: s.next,
    fresh: [],
    gone: [],
    epoch,
  };
}

/** Held arrivals, without the pinned entry (shown already, at the top). */
export const heldCount = (v: LiveView) => v.held.filter((e) => e.id !== v.pinned?.id).length;

/** Is polling over (the coverage ended, or the server says to stop)? */
export const stopped = (v: LiveView) => v.coverage.state === 'ended' || v.coverage.interval <= 0;

function applyChange(v: LiveView, c: LiveChange, showNow: boolean, fresh: number[]): LiveView {
  if (c.deleted) {
    return {
      ...v,
      entries: v.entries.filter((e) => e.id !== c.id),
      held: v.held.filter((e) => e.id !== c.id),
      pinned: v.pinned?.id === c.id ? null : v.pinned,
      gone: [...v.gone, c.id],
    };
  }
  const pinned = v.pinned?.id === c.id && later(c, v.pinned) ? c : v.pinned;
  if (v.entries.some((e) => e.id === c.id)) return { ...v, pinned, entries: merge(v.entries, [c]) };
  if (v.held.some((e) => e.id === c.id)) return { ...v, pinned, held: merge(v.held, [c]) };
  const newest = v.held[0] ?? v.entries[0];
  if (!newest || entryOrder(c, newest) < 0) {
    // An arrival.
    if (!showNow) return { ...v, pinned, held: merge(v.held, [c]) };
    fresh.push(c.id);
    return { ...v, pinned, entries: merge(v.entries, [c]) };
  }
  // Within the pages held (an edit of an entry this reader has not seen yet): in its place. Older than them: it
  // comes with its page.
  const oldest = v.entries[v.entries.length - 1];
  const inRange = v.next === null || (oldest !== undefined && entryOrder(c, oldest) < 0);
  return inRange ? { ...v, pinned, entries: merge(v.entries, [c]) } : { ...v, pinned };
}

export type Applied =
  /** The new state; `needsPinned` when the pinned entry is one this reader does not hold. */
  | { kind: 'ok'; view: LiveView; needsPinned: boolean }
  /** Changes were missed: replace the list with a fresh first page. */
  | { kind: 'reload' };

/** A poll answer applied: `showNow` when the reader is at the top of the stream (arrivals shown, not held). */
export function applyUpdates(v: LiveView, u: LiveUpdates, showNow: boolean): Applied {
  // An answer older than what is held (a copy cached somewhere on the way) changes nothing, and nor does one that
  // brings nothing new (the same view, so nothing re-renders).
  if (u.coverage.seq < v.seq) return { kind: 'ok', view: v, needsPinned: false };
  if (u.coverage.seq === v.seq && u.coverage.interval === v.coverage.interval && !(showNow && v.held.length))
    return { kind: 'ok', view: v, needsPinned: false };
  if (v.seq < u.since) return { kind: 'reload' };
  // A reader back at the top sees what was held too, before anything newer.
  const fresh: number[] = showNow ? v.held.map((e) => e.id) : [];
  let next: LiveView = { ...(showNow ? showHeld(v) : v), coverage: u.coverage, seq: u.coverage.seq };
  for (const c of u.changes) if (c.seq > v.seq) next = applyChange(next, c, showNow, fresh);
  if (fresh.length) next = { ...next, fresh };
  const pinnedId = next.coverage.pinnedId;
  if (pinnedId === null) return { kind: 'ok', view: { ...next, pinned: null }, needsPinned: false };
  if (next.pinned?.id === pinnedId) return { kind: 'ok', view: next, needsPinned: false };
  const found = next.entries.find((e) => e.id === pinnedId) ?? next.held.find((e) => e.id === pinnedId);
  return found
    ? { kind: 'ok', view: { ...next, pinned: found }, needsPinned: false }
    : // Until the pinned entry is fetched, the one pinned before is no longer shown as pinned.
      { kind: 'ok', view: { ...next, pinned: null }, needsPinned: true };
}

/** The held arrivals shown (the reader asked, or came back to the top). */
export function showHeld(v: LiveView): LiveView {
  if (!v.held.length) return v;
  return { ...v, entries: merge(v.entries, v.held), held: [], fresh: v.held.map((e) => e.id) };
}

/** An older page joined (by id: nothing twice), unless the list was replaced since it was asked for. */
export function addOlder(v: LiveView, page: LiveEntriesPage, epoch: number): LiveView {
  if (epoch !== v.epoch) return v;
  const kept = page.entries.filter((e) => !v.gone.includes(e.id));
  return { ...v, entries: merge(v.entries, kept), next: page.next };
}

/**
 * A fresh first page in place of the list. While the reader is down the stream, what is newer than the entries
 * they have is held, as a poll's arrivals would be.
 */
export function reloaded(v: LiveView, s: CoverageSnapshot, showNow: boolean): LiveView {
  const fresh = fromSnapshot(s, v.epoch + 1);
  const newest = v.held[0] ?? v.entries[0];
  const arrivals = newest ? fresh.entries.filter((e) => entryOrder(e, newest) < 0) : [];
  if (showNow || !arrivals.length) return { ...fresh, fresh: arrivals.map((e) => e.id) };
  const ids = new Set(arrivals.map((e) => e.id));
  return { ...fresh, entries: fresh.entries.filter((e) => !ids.has(e.id)), held: arrivals };
}

/** The pinned entry taken from a fresh first page, when it is the one the coverage names. */
export function withPinned(v: LiveView, s: LiveSnapshot): LiveView {
  const pinned = s.pinned;
  return pinned && pinned.id === v.coverage.pinnedId ? { ...v, pinned } : v;
}
