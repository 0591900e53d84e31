import { describe, expect, it } from 'vitest';
import type { LiveChange, LiveCoverage, LiveEntry, LiveUpdates } from '../../../shared/schemas/live';
import {
  addOlder,
  applyUpdates,
  fromSnapshot,
  heldCount,
  reloaded,
  showHeld,
  stopped,
  withPinned,
  type LiveView,
} from './live-state';

const at = (minute: number) => new Date(Date.UTC(2025, 10, 25, 10, minute)).toISOString();

function entry(id: number, minute: number, extra: Partial<LiveEntry> = {}): LiveEntry {
  return {
    id,
    version: 1,
    seq: id,
    body: `<p>${id}</p>`,
    imageUrl: null,
    imageCaption: '',
    embedUrl: null,
    keyEvent: null,
    pinned: false,
    authors: [{ username: 'a', fullName: 'أ' }],
    createdAt: at(minute),
    updatedAt: at(minute),
    deleted: false,
    ...extra,
  };
}

function coverage(seq: number, extra: Partial<LiveCoverage> = {}): LiveCoverage {
  return {
    newsId: 7,
    state: 'live',
    startedAt: at(0),
    endedAt: null,
    pinnedId: null,
    seq,
    lastEntryAt: null,
    entryCount: 0,
    interval: 10,
    keyEvents: [],
    ...extra,
  };
}

const updates = (seq: number, changes: LiveChange[], since = 0, extra: Partial<LiveCoverage> = {}): LiveUpdates => ({
  coverage: coverage(seq, extra),
  since,
  changes,
});

/** Entries 1..5 posted a minute apart; the first page holds 5, 4, 3 and a cursor after 3. */
const start = (): LiveView =>
  fromSnapshot({
    coverage: coverage(5),
    pinned: null,
    entries: [entry(5, 5), entry(4, 4), entry(3, 3)],
    next: `${at(3)}~3`,
  });

const ids = (list: LiveEntry[]) => list.map((e) => e.id);

function ok(r: ReturnType<typeof applyUpdates>): LiveView {
  if (r.kind !== 'ok') throw new Error('expected ok');
  return r.view;
}

describe('live coverage state', () => {
  it('shows arrivals on top at once when the reader is at the top, highlighted', () => {
    const v = ok(applyUpdates(start(), updates(7, [entry(6, 6), entry(7, 7)]), true));
    expect(ids(v.entries)).toEqual([7, 6, 5, 4, 3]);
    expect(v.fresh).toEqual([6, 7]);
    expect(v.seq).toBe(7);
  });

  it('holds arrivals while the reader is down the stream, and shows them when asked', () => {
    const v = ok(applyUpdates(start(), updates(7, [entry(6, 6), entry(7, 7)]), false));
    expect(ids(v.entries)).toEqual([5, 4, 3]);
    expect(ids(v.held)).toEqual([7, 6]);
    expect(heldCount(v)).toBe(2);
    const shown = showHeld(v);
    expect(ids(shown.entries)).toEqual([7, 6, 5, 4, 3]);
    expect(shown.held).toEqual([]);
    expect(shown.fresh).toEqual([7, 6]);
  });

  it('shows what it held, with the arrivals, once the reader is back at the top', () => {
    const held = ok(applyUpdates(start(), updates(6, [entry(6, 6)]), false));
    const v = ok(applyUpdates(held, updates(7, [entry(7, 7)]), true));
    expect(ids(v.entries)).toEqual([7, 6, 5, 4, 3]);
    expect(v.held).toEqual([]);
    expect(v.fresh).toEqual([6, 7]);
  });

  it('applies only changes after its own seq, and ignores an answer older than what it has', () => {
    const v = ok(applyUpdates(start(), updates(6, [entry(4, 4, { seq: 4 }), entry(6, 6)]), true));
    expect(ids(v.entries)).toEqual([6, 5, 4, 3]);
    const same = ok(applyUpdates(v, updates(5, [entry(9, 9, { seq: 5 })]), true));
    expect(same).toBe(v);
  });

  it('replaces an edited entry in place, shown or held, and keeps a later version', () => {
    const edited = entry(4, 4, { version: 2, seq: 6, body: '<p>عدّل</p>' });
    const v = ok(applyUpdates(start(), updates(6, [edited]), false));
    expect(ids(v.entries)).toEqual([5, 4, 3]);
    expect(v.entries[1]!.body).toBe('<p>عدّل</p>');
    expect(v.held).toEqual([]);

    const held = ok(applyUpdates(v, updates(7, [entry(7, 7, { seq: 7 })]), false));
    const heldEdit = ok(applyUpdates(held, updates(8, [entry(7, 7, { seq: 8, version: 2, body: '<p>x</p>' })]), false));
    expect(heldEdit.held[0]!.body).toBe('<p>x</p>');
    expect(ids(heldEdit.entries)).toEqual([5, 4, 3]);
  });

  it('removes a deleted entry, held or shown, and keeps it out of an older page fetched before', () => {
    let v = ok(applyUpdates(start(), updates(6, [entry(6, 6)]), false));
    v = ok(
      applyUpdates(
        v,
        updates(8, [
          { id: 6, version: 1, seq: 7, deleted: true },
          { id: 2, version: 1, seq: 8, deleted: true },
        ]),
        false,
      ),
    );
    expect(v.held).toEqual([]);
    const older = addOlder(v, { entries: [entry(2, 2), entry(1, 1)], next: null }, v.epoch);
    expect(ids(older.entries)).toEqual([5, 4, 3, 1]);
    expect(older.next).toBeNull();
  });

  it('adds older pages without duplicates, and drops a page asked for before the list was replaced', () => {
    const v = start();
    const more = addOlder(v, { entries: [entry(3, 3), entry(2, 2)], next: `${at(2)}~2` }, v.epoch);
    expect(ids(more.entries)).toEqual([5, 4, 3, 2]);
    expect(more.next).toBe(`${at(2)}~2`);
    expect(addOlder(more, { entries: [entry(1, 1)], next: null }, v.epoch - 1)).toBe(more);
  });

  it('leaves an edit of an entry older than the pages it holds to its page', () => {
    const v = ok(applyUpdates(start(), updates(6, [entry(1, 1, { version: 2, seq: 6 })]), true));
    expect(ids(v.entries)).toEqual([5, 4, 3]);
    expect(v.held).toEqual([]);
  });

  it('asks for a fresh first page when it missed changes', () => {
    expect(applyUpdates(start(), updates(80, [entry(80, 80, { seq: 80 })], 30), true)).toEqual({ kind: 'reload' });
  });

  it('replaces the list with a fresh first page, holding what is new while the reader is down the stream', () => {
    const v = start();
    const s = { coverage: coverage(80), pinned: null, entries: [entry(9, 9), entry(8, 8), entry(5, 5)], next: 'c' };
    const down = reloaded(v, s, false);
    expect(ids(down.entries)).toEqual([5]);
    expect(ids(down.held)).toEqual([9, 8]);
    expect(down.epoch).toBe(v.epoch + 1);
    const top = reloaded(v, s, true);
    expect(ids(top.entries)).toEqual([9, 8, 5]);
    expect(top.fresh).toEqual([9, 8]);
  });

  it('follows the pinned entry named by the coverage', () => {
    const pinned = ok(applyUpdates(start(), updates(6, [], 0, { pinnedId: 4 }), true));
    expect(pinned.pinned?.id).toBe(4);
    const unpinned = ok(applyUpdates(pinned, updates(7, [], 0, { pinnedId: null }), true));
    expect(unpinned.pinned).toBeNull();

    const old = applyUpdates(start(), updates(6, [], 0, { pinnedId: 1 }), true);
    expect(old).toMatchObject({ kind: 'ok', needsPinned: true });
    const taken = withPinned(ok(old), { coverage: coverage(6), pinned: entry(1, 1), entries: [], next: null });
    expect(taken.pinned?.id).toBe(1);
  });

  it('no longer shows the entry pinned before while the newly pinned one is fetched', () => {
    const pinned = ok(applyUpdates(start(), updates(6, [], 0, { pinnedId: 4 }), true));
    const moved = applyUpdates(pinned, updates(7, [], 0, { pinnedId: 1 }), true);
    expect(moved).toMatchObject({ kind: 'ok', needsPinned: true });
    expect(ok(moved).pinned).toBeNull();
  });

  it('keeps the same view when a poll brings nothing new (nothing re-renders)', () => {
    const v = start();
    expect(ok(applyUpdates(v, updates(5, []), true))).toBe(v);
    expect(ok(applyUpdates(v, updates(5, [], 0, { interval: 30 }), true))).not.toBe(v);
  });

  it('stops when the coverage ends', () => {
    const v = ok(applyUpdates(start(), updates(6, [], 0, { state: 'ended', interval: 0 }), true));
    expect(stopped(v)).toBe(true);
    expect(stopped(start())).toBe(false);
  });
});
