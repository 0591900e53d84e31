import { describe, expect, it } from 'vitest';
import type { LiveDesk, LiveEntry } from '../../../shared/schemas/live';
import {
  applyChange,
  applyPoll,
  deskFromFirstLoad,
  orderedEntries,
  withCoverage,
  withoutEntry,
  withPin,
} from './live-stream';

const coverage = (over: Partial<LiveDesk['coverage']> = {}): LiveDesk['coverage'] => ({
  newsId: 7,
  title: 'تغطية',
  status: 'published',
  state: 'live',
  startedAt: '2026-01-01T08:00:00.000Z',
  endedAt: null,
  entryCount: 2,
  lastEntryAt: null,
  canPost: true,
  pinnedId: null,
  seq: 2,
  ...over,
});

const entry = (id: number, over: Partial<LiveEntry> = {}): LiveEntry => ({
  id,
  version: 1,
  seq: id,
  body: `<p>تحديث ${id}</p>`,
  imageUrl: null,
  imageCaption: '',
  embedUrl: null,
  keyEvent: null,
  pinned: false,
  authors: [{ username: 'salem', fullName: 'سالم' }],
  createdAt: `2026-01-01T08:0${id}:00.000Z`,
  updatedAt: `2026-01-01T08:0${id}:00.000Z`,
  deleted: false,
  ...over,
});

const first = () => deskFromFirstLoad({ coverage: coverage(), changes: [entry(2), entry(1)] });

describe('the live desk stream', () => {
  it('starts from every entry, its cursor at the coverage’s change number', () => {
    const s = first();
    expect(Object.keys(s.entries)).toEqual(['1', '2']);
    expect(s.cursor).toBe(2);
    expect(orderedEntries(s).map((e) => e.id)).toEqual([2, 1]);
  });

  it('takes a newer version, never an older one', () => {
    let s = applyChange(first(), entry(1, { version: 3, body: '<p>ج</p>' }));
    s = applyChange(s, entry(1, { version: 2, body: '<p>ب</p>' }));
    expect(s.entries[1]!.body).toBe('<p>ج</p>');
  });

  it('drops a deleted entry for good, and its pin', () => {
    let s = withPin(first(), { pinnedId: 1, seq: 3 });
    s = applyChange(s, { id: 1, version: 2, seq: 4, deleted: true });
    expect(s.entries[1]).toBeUndefined();
    expect(s.coverage.pinnedId).toBeNull();
    s = applyChange(s, entry(1, { version: 5 }));
    expect(s.entries[1]).toBeUndefined();
    expect(withoutEntry(first(), 2).entries[2]).toBeUndefined();
  });

  it('keeps what this desk posted while a poll was on its way', () => {
    const mine = entry(3, { seq: 5 });
    const s = applyPoll(
      applyChange(first(), mine),
      { coverage: coverage({ seq: 4 }), changes: [entry(4, { seq: 4 })] },
      2,
    );
    expect(orderedEntries(s).map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(s.cursor).toBe(4);
  });

  it('moves the cursor to the last change carried, or the coverage’s number when none', () => {
    const s = applyPoll(first(), { coverage: coverage({ seq: 9 }), changes: [entry(3, { seq: 3 })] }, 2);
    expect(s.cursor).toBe(3);
    expect(applyPoll(s, { coverage: coverage({ seq: 9 }), changes: [] }, 3).cursor).toBe(9);
  });

  it('does not let an older poll undo a pin', () => {
    const s = withPin(first(), { pinnedId: 2, seq: 5 });
    const late = applyPoll(s, { coverage: coverage({ seq: 4, pinnedId: null }), changes: [] }, 2);
    expect(late.coverage.pinnedId).toBe(2);
    const fresh = applyPoll(s, { coverage: coverage({ seq: 6, pinnedId: null }), changes: [] }, 5);
    expect(fresh.coverage.pinnedId).toBeNull();
  });

  it('shows the pinned entry first, then the newest', () => {
    const s = withPin(applyChange(first(), entry(3)), { pinnedId: 1, seq: 4 });
    expect(orderedEntries(s).map((e) => e.id)).toEqual([1, 3, 2]);
  });

  it('takes the coverage’s new state and keeps its pin and number', () => {
    const s = withPin(first(), { pinnedId: 2, seq: 5 });
    const { pinnedId: _p, seq: _s, ...rest } = coverage({ state: 'ended', endedAt: '2026-01-01T10:00:00.000Z' });
    const ended = withCoverage(s, rest);
    expect(ended.coverage).toMatchObject({ state: 'ended', pinnedId: 2, seq: 5 });
  });
});
