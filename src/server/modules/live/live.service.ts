/**
 * Live coverage: the rules of the live desk and what readers see.
 *
 * - An editor (or admin) turns an article into coverage, ends it and reopens it, pins one entry, and edits or deletes
 *   anyone's entries. A writer posts to coverage they write (its creator or one of its authors) and edits or deletes
 *   their own entries, key-event label included. Coverage of an article readers cannot see yet (a draft) is prepared
 *   in the newsroom and shown to nobody else.
 * - Every change takes the coverage's next change number under the coverage row's lock, so numbers are in commit
 *   order per coverage; a deletion leaves a tombstone with its number, so readers who already have the entry drop it.
 * - A change drops only its coverage's poll answer and page (tag `live:<id>`); starting or ending coverage also drops
 *   the lists that show the article's «مباشر» badge (`article:<id>`). Nothing else on the site is touched.
 * - Polls are answered from one query per coverage per second per instance at most (coalesced), whatever the number
 *   of readers and the pace of the desk.
 */
import type { NewsCursor } from '../../../shared/cursor';
import type { LiveEntryInput, LiveEntryUpdate, LiveState } from '../../../shared/schemas/live';
import { LIVE_PAGE_SIZE, LIVE_POLL_WINDOW } from '../../../shared/schemas/live';
import { can, type Role } from '../../../shared/permissions';
import { tag, type CacheTag } from '../../lib/cache-tags';
import { coalesced } from '../../lib/coalesce';
import type { Actor, Writer } from '../../lib/write';
import type { Tx } from '../../db/client';
import { MAX_NESTING, htmlText, nestingDepth, sanitizeArticleHtml } from '../news/sanitize-html';
import { liveErrors } from './live.errors';
import type { CoverageRow, EntryAuthor, LiveRepository } from './live.repository';

export interface LiveStaff extends Actor {
  id: number;
  username: string;
  fullName: string;
  role: Role;
}

/** How often one instance may read a coverage for its polls. */
export const POLL_QUERY_GAP_MS = 1000;
/** The most changes the desk receives in one answer. */
const DESK_CHANGES_MAX = 1000;

const isEditor = (s: LiveStaff) => can(s.role, 'news.publish');

export function liveService(deps: {
  repo: LiveRepository;
  write: Writer;
  now: () => Date;
  pollSeconds: () => number;
  /** After an entry is posted, edited or deleted (the media library records which pictures the coverage shows). */
  onEntries?: (newsId: number, tx: Tx) => Promise<void>;
}) {
  const { repo, write, now } = deps;
  const entriesChanged = (newsId: number, tx: Tx) => deps.onEntries?.(newsId, tx);

  let pollQueries = 0;
  const poll = coalesced(POLL_QUERY_GAP_MS, (newsId: number) => {
    pollQueries++;
    return repo.poll(newsId, now());
  });

  /** The interval every answer carries: 0 once the coverage ended (readers stop polling). */
  const intervalFor = (c: Pick<CoverageRow, 'state'>) => (c.state === 'ended' ? 0 : deps.pollSeconds());

  async function mayPost(staff: LiveStaff, newsId: number, tx?: Tx) {
    return isEditor(staff) || (await repo.writesFor(newsId, staff.id, tx));
  }

  /** The coverage, locked for a change (404 when there is none). */
  async function locked(newsId: number, tx: Tx) {
    const c = await repo.lockCoverage(newsId, tx);
    if (!c) throw liveErrors.notFound();
    return c;
  }

  function cleanBody(body: string) {
    if (nestingDepth(body) > MAX_NESTING) throw liveErrors.tooDeep();
    return sanitizeArticleHtml(body);
  }

  function entryValues(input: LiveEntryInput | LiveEntryUpdate) {
    const body = cleanBody(input.body);
    const text = htmlText(body);
    if (!text && !input.imageUrl && !input.embedUrl) throw liveErrors.empty();
    return {
      body: text ? body : '',
      imageUrl: input.imageUrl ?? null,
      imageCaption: input.imageUrl ? (input.imageCaption ?? '') : '',
      embedUrl: input.embedUrl ?? null,
      keyEvent: input.keyEvent ?? null,
    };
  }

  const author = (s: LiveStaff): EntryAuthor => ({ id: s.id, username: s.username, fullName: s.fullName });
  const entryTags = (newsId: number): CacheTag[] => [tag.live(newsId)];

  return {
    /** Database reads made for polls so far (metrics: sahifa_live_poll_queries_total). */
    get pollQueries() {
      return pollQueries;
    },

    // Readers

    /** What a coverage page renders first; null coverage for an article that is not (public) live coverage. */
    async snapshot(newsId: number) {
      const coverage = await repo.publicCoverage(newsId, now());
      if (!coverage) return null;
      const [rows, keyEvents, pinned] = await Promise.all([
        repo.page(newsId, null),
        repo.keyEvents(newsId),
        coverage.pinnedEntryId ? repo.entry(newsId, coverage.pinnedEntryId) : undefined,
      ]);
      return {
        coverage: { ...coverage, interval: intervalFor(coverage) },
        keyEvents,
        pinned: pinned && !pinned.deletedAt ? pinned : null,
        entries: rows.slice(0, LIVE_PAGE_SIZE),
        more: rows.length > LIVE_PAGE_SIZE,
      };
    },

    async older(newsId: number, before: NewsCursor) {
      if (!(await repo.publicCoverage(newsId, now()))) throw liveErrors.notFound();
      const rows = await repo.page(newsId, before);
      return { entries: rows.slice(0, LIVE_PAGE_SIZE), more: rows.length > LIVE_PAGE_SIZE };
    },

    /** The shared poll answer: coalesced to one query per coverage per second in this instance. */
    async updates(newsId: number) {
      const found = await poll(newsId);
      if (!found) throw liveErrors.notFound();
      const { coverage, keyEvents, changes } = found;
      const full = changes.length >= LIVE_POLL_WINDOW;
      return {
        coverage: { ...coverage, interval: intervalFor(coverage) },
        keyEvents,
        // The changes cover every change number after `since` (an entry changed twice shows its last change).
        since: full ? changes[changes.length - 1]!.seq - 1 : 0,
        changes: [...changes].reverse(),
      };
    },

    // The newsroom

    async list(staff: LiveStaff) {
      const rows = await repo.list(200, staff.id);
      return rows.map(({ writes, ...r }) => ({ ...r, canPost: isEditor(staff) || writes }));
    },

    async desk(staff: LiveStaff, newsId: number, since: number) {
      const c = await repo.coverage(newsId);
      if (!c) throw liveErrors.notFound();
      const changes = await repo.changesSince(newsId, since, DESK_CHANGES_MAX);
      // The first load lists every entry newest first (tombstones left out); later ones the changes in order.
      const shown = since === 0 ? changes.filter((e) => !e.deletedAt).reverse() : changes;
      return { coverage: { ...c, canPost: await mayPost(staff, newsId) }, changes: shown };
    },

    /** Turns an article into live coverage (editors). */
    start: (staff: LiveStaff, newsId: number) =>
      write(staff, async (tx) => {
        if (!isEditor(staff)) throw liveErrors.editorsOnly();
        const exists = await repo.coverage(newsId, tx);
        if (exists) throw liveErrors.alreadyLive();
        if (!(await repo.articleExists(newsId, tx))) throw liveErrors.articleNotFound();
        const started = await repo.start(newsId, now(), staff.id, tx);
        if (!started) throw liveErrors.alreadyLive();
        const row = (await repo.coverage(newsId, tx))!;
        return {
          value: { ...row, canPost: true },
          audit: { action: 'create', entity: 'live', entityId: newsId, details: { title: row.title } },
          tags: [tag.live(newsId), tag.article(newsId)],
        };
      }),

    /** Ends or reopens coverage (editors). Ending stops every reader's polling (interval 0). */
    setState: (staff: LiveStaff, newsId: number, state: LiveState) =>
      write(staff, async (tx) => {
        if (!isEditor(staff)) throw liveErrors.editorsOnly();
        const before = await locked(newsId, tx);
        if (before.state !== state) {
          await repo.setState(newsId, state, now(), tx);
          await repo.nextSeq(newsId, null, tx);
        }
        const row = (await repo.coverage(newsId, tx))!;
        return {
          value: { ...row, canPost: true },
          audit:
            before.state === state ? null : { action: 'update', entity: 'live', entityId: newsId, details: { state } },
          tags: before.state === state ? [] : [tag.live(newsId), tag.article(newsId)],
        };
      }),

    /** Pins one entry (shown first), or none (editors). */
    pin: (staff: LiveStaff, newsId: number, entryId: number | null) =>
      write(staff, async (tx) => {
        if (!isEditor(staff)) throw liveErrors.editorsOnly();
        await locked(newsId, tx);
        if (entryId !== null) {
          const e = await repo.entry(newsId, entryId, tx);
          if (!e || e.deletedAt) throw liveErrors.entryNotFound();
        }
        await repo.setPinned(newsId, entryId, tx);
        const seq = await repo.nextSeq(newsId, null, tx);
        return {
          value: { pinnedId: entryId, seq },
          audit: { action: 'update', entity: 'live', entityId: newsId, details: { pinned: entryId } },
          tags: entryTags(newsId),
        };
      }),

    post: (staff: LiveStaff, newsId: number, input: LiveEntryInput) =>
      write(staff, async (tx) => {
        const c = await locked(newsId, tx);
        if (!(await mayPost(staff, newsId, tx))) throw liveErrors.cannotPost();
        if (c.state === 'ended') throw liveErrors.ended();
        const values = entryValues(input);
        const at = now();
        const seq = await repo.nextSeq(newsId, at, tx);
        const row = await repo.insertEntry(
          { ...values, newsId, seq, authors: [author(staff)], createdBy: staff.id, at },
          tx,
        );
        await entriesChanged(newsId, tx);
        return {
          value: { row, pinnedId: c.pinnedEntryId },
          audit: {
            action: 'create',
            entity: 'live',
            entityId: newsId,
            details: { entry: row.id, ...(values.keyEvent ? { keyEvent: values.keyEvent } : {}) },
          },
          tags: entryTags(newsId),
        };
      }),

    edit: (staff: LiveStaff, newsId: number, entryId: number, input: LiveEntryUpdate) =>
      write(staff, async (tx) => {
        const c = await locked(newsId, tx);
        const before = await repo.entry(newsId, entryId, tx);
        if (!before || before.deletedAt) throw liveErrors.entryNotFound();
        if (!isEditor(staff) && before.createdBy !== staff.id) throw liveErrors.notYourEntry();
        if (before.version !== input.version) {
          const last = before.authors[before.authors.length - 1];
          throw liveErrors.conflict(last?.fullName ?? 'زميل', before.updatedAt);
        }
        const values = entryValues(input);
        const at = now();
        const seq = await repo.nextSeq(newsId, at, tx);
        const authors = before.authors.some((a) => a.id === staff.id)
          ? before.authors
          : [...before.authors, author(staff)];
        const row = await repo.updateEntry(entryId, { ...values, seq, authors, at }, tx);
        await entriesChanged(newsId, tx);
        return {
          value: { row, pinnedId: c.pinnedEntryId },
          audit: { action: 'update', entity: 'live', entityId: newsId, details: { entry: entryId } },
          tags: entryTags(newsId),
        };
      }),

    remove: (staff: LiveStaff, newsId: number, entryId: number) =>
      write(staff, async (tx) => {
        const c = await locked(newsId, tx);
        const before = await repo.entry(newsId, entryId, tx);
        if (!before || before.deletedAt) throw liveErrors.entryNotFound();
        if (!isEditor(staff) && before.createdBy !== staff.id) throw liveErrors.notYourEntry();
        const at = now();
        const seq = await repo.nextSeq(newsId, at, tx);
        await repo.tombstone(entryId, seq, at, tx);
        await entriesChanged(newsId, tx);
        if (c.pinnedEntryId === entryId) await repo.setPinned(newsId, null, tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'live', entityId: newsId, details: { entry: entryId } },
          tags: entryTags(newsId),
        };
      }),
  };
}
export type LiveService = ReturnType<typeof liveService>;
