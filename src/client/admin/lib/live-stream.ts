/**
 * The live desk's stream, held in the browser: the coverage and its entries, updated by the desk's polls
 * (`GET /api/admin/live/:id?since=<cursor>`) and by what this desk itself posts, edits, pins and deletes.
 *
 * - An entry replaces the copy held only when its version is higher, so an answer that left the server before an
 *   edit never undoes it; a deleted entry is remembered, so a late copy never brings it back.
 * - The poll's cursor moves only with the polls' answers (never with this desk's own writes, whose change numbers
 *   may be ahead of a colleague's change not yet seen). After the first load it is the coverage's number; after a
 *   later poll, the last change it carried (the server may send the changes in several answers), or the coverage's
 *   number when there was none.
 * - The coverage's own fields (state, pin, counts) are taken from a poll only if it is not older than the copy held.
 */
import type { AdminLiveCoverage, LiveChange, LiveDesk, LiveEntry } from '../../../shared/schemas/live';

export type DeskCoverage = LiveDesk['coverage'];

export interface DeskState {
  coverage: DeskCoverage;
  /** Every entry not deleted, by id. */
  entries: Record<number, LiveEntry>;
  /** Ids of deleted entries (ids are never reused). */
  deleted: number[];
  /** The change number the next poll asks for changes after. */
  cursor: number;
}

/** The first load (since=0): every entry, newest first. */
export function deskFromFirstLoad(answer: LiveDesk): DeskState {
  const entries: Record<number, LiveEntry> = {};
  for (const c of answer.changes) if (!c.deleted) entries[c.id] = c;
  return { coverage: answer.coverage, entries, deleted: [], cursor: answer.coverage.seq };
}

/** One change applied: a newer copy replaces the one held, a tombstone removes it for good. */
export function applyChange(state: DeskState, change: LiveChange): DeskState {
  if (state.deleted.includes(change.id)) return state;
  if (change.deleted) {
    const { [change.id]: _gone, ...entries } = state.entries;
    const coverage = state.coverage.pinnedId === change.id ? { ...state.coverage, pinnedId: null } : state.coverage;
    return { ...state, coverage, entries, deleted: [...state.deleted, change.id] };
  }
  const held = state.entries[change.id];
  if (held && held.version >= change.version) return state;
  return { ...state, entries: { ...state.entries, [change.id]: change } };
}

/** A later poll's answer (since > 0): its changes in order, the cursor moved, the coverage if not older. */
export function applyPoll(state: DeskState, answer: LiveDesk, since: number): DeskState {
  let next = answer.changes.reduce(applyChange, state);
  const last = answer.changes.reduce((max, c) => Math.max(max, c.seq), 0);
  const cursor = answer.changes.length ? Math.max(since, last) : Math.max(since, answer.coverage.seq);
  if (answer.coverage.seq >= next.coverage.seq) {
    // A pin the changes just removed (its entry deleted) is already null in the answer's coverage.
    next = { ...next, coverage: answer.coverage };
  }
  return { ...next, cursor: Math.max(next.cursor, cursor) };
}

/** This desk's own delete (the poll's tombstone follows). */
export const withoutEntry = (state: DeskState, id: number): DeskState =>
  applyChange(state, { id, version: Number.MAX_SAFE_INTEGER, seq: 0, deleted: true });

/** This desk's pin: shown at once; a poll that left before it cannot undo it (its number is older). */
export const withPin = (state: DeskState, pin: { pinnedId: number | null; seq: number }): DeskState => ({
  ...state,
  coverage: { ...state.coverage, pinnedId: pin.pinnedId, seq: Math.max(state.coverage.seq, pin.seq) },
});

/** This desk's start, end or reopening of the coverage. */
export const withCoverage = (state: DeskState, c: AdminLiveCoverage): DeskState => ({
  ...state,
  coverage: { ...state.coverage, ...c, pinnedId: state.coverage.pinnedId, seq: state.coverage.seq },
});

const newestFirst = (a: LiveEntry, b: LiveEntry) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/** The stream as the desk shows it: the pinned entry first, then the newest first. */
export function orderedEntries(state: DeskState, extra: LiveEntry[] = []): LiveEntry[] {
  const pinnedId = state.coverage.pinnedId;
  return [...Object.values(state.entries), ...extra].sort((a, b) =>
    a.id === pinnedId ? -1 : b.id === pinnedId ? 1 : newestFirst(a, b),
  );
}
