/** What leaves the server of live coverage: entries (or their tombstones), coverages, the desk. */
import type {
  AdminLiveCoverage,
  LiveChange,
  LiveCoverage,
  LiveEntry,
  LiveKeyEvent,
} from '../../../shared/schemas/live';
import { liveCursorAfter } from '../../../shared/schemas/live';
import type { CoverageRow, CoverageWithArticle, EntryRow, KeyEventRow } from './live.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentLiveEntry(row: EntryRow, pinnedId: number | null): LiveEntry {
  return {
    id: row.id,
    version: row.version,
    seq: row.seq,
    body: row.body,
    imageUrl: row.imageUrl,
    imageCaption: row.imageCaption,
    embedUrl: row.embedUrl,
    keyEvent: row.keyEvent,
    pinned: row.id === pinnedId,
    authors: row.authors.map((a) => ({ username: a.username, fullName: a.fullName })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deleted: false,
  };
}

export const presentLiveChange = (row: EntryRow, pinnedId: number | null): LiveChange =>
  row.deletedAt ? { id: row.id, version: row.version, seq: row.seq, deleted: true } : presentLiveEntry(row, pinnedId);

const presentKeyEvent = (k: KeyEventRow): LiveKeyEvent => ({
  id: k.id,
  label: k.label,
  createdAt: k.createdAt.toISOString(),
});

export function presentLiveCoverage(
  c: CoverageRow & { entryCount: number; interval: number },
  keyEvents: KeyEventRow[],
): LiveCoverage {
  return {
    newsId: c.newsId,
    state: c.state,
    startedAt: c.startedAt.toISOString(),
    endedAt: iso(c.endedAt),
    pinnedId: c.pinnedEntryId,
    seq: c.lastSeq,
    lastEntryAt: iso(c.lastEntryAt),
    entryCount: c.entryCount,
    interval: c.interval,
    keyEvents: keyEvents.map(presentKeyEvent),
  };
}

/** The cursor of the page after these entries, when there is one. */
export const nextCursor = (entries: EntryRow[], more: boolean) => {
  const last = entries[entries.length - 1];
  return more && last ? liveCursorAfter({ createdAt: last.createdAt.toISOString(), id: last.id }) : null;
};

export function presentAdminCoverage(c: CoverageWithArticle & { canPost: boolean }): AdminLiveCoverage {
  return {
    newsId: c.newsId,
    title: c.title,
    status: c.status,
    state: c.state,
    startedAt: c.startedAt.toISOString(),
    endedAt: iso(c.endedAt),
    entryCount: c.entryCount,
    lastEntryAt: iso(c.lastEntryAt),
    canPost: c.canPost,
  };
}
