/**
 * Live coverage on its article's page: the state strip, «أبرز الأحداث», the pinned entry and the entries, newest
 * first, kept up to date by polling (use-live-poll.ts) and changed by the rules of live-state.ts.
 *
 * This module is a lazy part (app/parts.ts): the server renders it whole, so the page is complete without
 * JavaScript, and the browser loads its code only for an article that is coverage.
 */
import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../shared/constants';
import { formatDateTime, timeAgo } from '../../../shared/format';
import { LIVE_STATE_LABELS } from '../../../shared/live';
import { formatCount } from '../../../shared/plural';
import type { LiveEntriesPage, LiveSnapshot, LiveUpdates } from '../../../shared/schemas/live';
import { useSite } from '../../app/site-context';
import { LiveBadge } from '../../components/live-badge';
import { apiFetch } from '../../lib/api';
import { useFlag, useNow } from '../../lib/hooks';
import { q } from '../../lib/queries';
import { entryTime, NEW_UPDATES, referenceDay } from './live-format';
import { LiveEntryView } from './live-entry';
import {
  addOlder,
  applyUpdates,
  fromSnapshot,
  heldCount,
  reloaded,
  showHeld,
  stopped,
  withPinned,
  type CoverageSnapshot,
  type LiveView,
} from './live-state';
import { useLivePoll } from './use-live-poll';

export interface LiveStreamProps {
  articleId: number;
  snapshot: CoverageSnapshot;
}

/** The reader is "at the top of the stream" while its first entry has not gone more than this above the window. */
const NEAR_TOP_PX = 80;
/** Older pages loaded at most to reach an entry named by a key event or the address (#entry-<id>). */
const SEEK_PAGES_MAX = 25;
const ENTRY_HASH = /^#entry-(\d+)$/;
/** The held-updates count a document title starts with: «(3) ». */
const TITLE_COUNT = /^\(\d+\) /;
/** How long new entries stay marked (the glow lasts 4 s; without motion, a red edge for this long). */
const FRESH_MS = 6000;

/** «(3) » before the page's title while updates are held; the title as it was once they are shown. */
function useTitleCount(count: number) {
  useEffect(() => {
    if (!count) return;
    document.title = `(${count}) ${document.title.replace(TITLE_COUNT, '')}`;
    return () => {
      document.title = document.title.replace(TITLE_COUNT, '');
    };
  }, [count]);
}

export function LiveStream({ articleId, snapshot }: LiveStreamProps) {
  const { origin } = useSite();
  const [view, setView] = useState(() => fromSnapshot(snapshot));
  // What async work reads and changes (a poll answer, an older page), always the latest state.
  const current = useRef<LiveView>(view);
  const commit = (next: LiveView) => {
    current.current = next;
    setView(next);
  };
  const list = useRef<HTMLDivElement>(null);
  const now = useNow(30_000);
  const alive = now !== null;
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [seek, setSeek] = useState<{ id: number; pages: number } | null>(null);
  const [copied, onCopied] = useFlag(TIMINGS_MS.copiedFlag);

  // Arrivals show at once only to a reader looking at the top of the stream: in a background tab they are held, so
  // the tab's title counts them.
  const atTop = () => {
    if (document.hidden) return false;
    const el = list.current;
    return !el || el.getBoundingClientRect().top > -NEAR_TOP_PX;
  };
  const firstPage = () => apiFetch<LiveSnapshot>(q.live(articleId).path, { cache: 'no-cache' });

  useLivePoll(articleId, !stopped(view), view.coverage.interval, async (u: LiveUpdates) => {
    const applied = applyUpdates(current.current, u, atTop());
    if (applied.kind === 'reload') {
      const s = await firstPage();
      // No longer coverage readers may see: keep what is shown, and stop.
      if (!s.coverage) commit({ ...current.current, coverage: { ...current.current.coverage, interval: 0 } });
      else commit(reloaded(current.current, s as CoverageSnapshot, atTop()));
    } else {
      commit(applied.view);
      if (applied.needsPinned) {
        const s = await firstPage().catch(() => null);
        if (s) commit(withPinned(current.current, s));
      }
    }
    return current.current.coverage.interval;
  });

  const loadOlder = async () => {
    const v = current.current;
    if (!v.next || loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setLoadFailed(false);
    try {
      const page = await apiFetch<LiveEntriesPage>(
        `/api/live/${articleId}/entries?before=${encodeURIComponent(v.next)}`,
      );
      commit(addOlder(current.current, page, v.epoch));
    } catch {
      setLoadFailed(true);
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  };

  /** The held updates shown, and the reader taken to them. */
  const showNew = () => {
    commit(showHeld(current.current));
    requestAnimationFrame(() => {
      list.current?.scrollIntoView({ block: 'start' });
      list.current?.focus({ preventScroll: true });
    });
  };

  // Held updates come in by themselves when the reader scrolls back up to the top of the stream, or comes back to
  // the tab there.
  const held = heldCount(view);
  const holding = view.held.length > 0;
  useEffect(() => {
    if (!holding) return;
    const onScroll = () => {
      if (atTop()) commit(showHeld(current.current));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onScroll);
    };
  }, [holding]);
  useTitleCount(held);
  useEffect(() => {
    if (!view.fresh.length) return;
    const id = setTimeout(() => commit({ ...current.current, fresh: [] }), FRESH_MS);
    return () => clearTimeout(id);
  }, [view.fresh]);

  // An entry named by a key event or the address that is not on the page yet (an older one, or one held): fetch
  // pages until it is, then scroll to it.
  const seekEntry = (id: number) => {
    setLoadFailed(false);
    setSeek({ id, pages: 0 });
  };
  useEffect(() => {
    const m = ENTRY_HASH.exec(window.location.hash);
    if (m && !document.getElementById(`entry-${m[1]}`)) seekEntry(Number(m[1]));
  }, []);
  useEffect(() => {
    if (!seek || loading) return;
    const el = document.getElementById(`entry-${seek.id}`);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
      setSeek(null);
    } else if (current.current.held.some((e) => e.id === seek.id)) {
      commit(showHeld(current.current));
    } else if (current.current.next && seek.pages < SEEK_PAGES_MAX && !loadFailed) {
      setSeek({ ...seek, pages: seek.pages + 1 });
      void loadOlder();
    } else setSeek(null);
  }, [seek, view, loading, loadFailed]);

  const { coverage, pinned } = view;
  const ended = coverage.state === 'ended';
  const refDay = referenceDay(coverage.lastEntryAt, coverage.startedAt);
  const entries = pinned ? view.entries.filter((e) => e.id !== pinned.id) : view.entries;
  const permalink = (id: number) => () => `${origin || window.location.origin}/news/${articleId}#entry-${id}`;

  return (
    <section aria-labelledby="live-heading" className="my-8 space-y-4" data-testid="live-stream">
      <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-2">
          {ended ? (
            <span
              className="inline-block rounded bg-slate-600 px-2 text-xs font-bold leading-6 text-white dark:bg-slate-700"
              data-testid="live-ended"
            >
              {LIVE_STATE_LABELS.ended}
            </span>
          ) : (
            <LiveBadge pulse large />
          )}
          <h2 id="live-heading" className="text-xl font-bold">
            التغطية المباشرة
          </h2>
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <span>
            بدأت: <time dateTime={coverage.startedAt}>{formatDateTime(coverage.startedAt)}</time>
          </span>
          {ended && coverage.endedAt && (
            <span>
              انتهت: <time dateTime={coverage.endedAt}>{formatDateTime(coverage.endedAt)}</time>
            </span>
          )}
          {coverage.lastEntryAt && (
            <span data-testid="live-last-update">
              آخر تحديث{now ? ' ' : ': '}
              <time dateTime={coverage.lastEntryAt}>
                {now ? timeAgo(coverage.lastEntryAt, now) : formatDateTime(coverage.lastEntryAt)}
              </time>
            </span>
          )}
        </p>
        {!ended && (
          <noscript>
            <p className="mt-2 text-sm font-bold text-red-800 dark:text-red-300">
              هذه تغطية مباشرة: أعد تحميل الصفحة لرؤية آخر التحديثات
            </p>
          </noscript>
        )}
      </div>

      {coverage.keyEvents.length > 0 && (
        <nav
          aria-labelledby="live-key-events-heading"
          className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
          data-testid="live-key-events"
        >
          <h3 id="live-key-events-heading" className="border-s-4 border-red-700 ps-2 text-base font-bold">
            أبرز الأحداث
          </h3>
          <ol className="mt-2 space-y-1">
            {coverage.keyEvents.map((k) => (
              <li key={k.id}>
                <a
                  href={`#entry-${k.id}`}
                  className="flex min-h-9 items-center gap-2 rounded py-1 text-sm leading-7 text-blue-900 underline-offset-4 hover:underline dark:text-blue-300"
                  onClick={(ev) => {
                    if (document.getElementById(`entry-${k.id}`)) return;
                    ev.preventDefault();
                    seekEntry(k.id);
                  }}
                >
                  <time
                    dateTime={k.createdAt}
                    className="shrink-0 font-bold text-red-700 dark:text-red-400"
                    suppressHydrationWarning
                  >
                    {entryTime(k.createdAt, refDay)}
                  </time>
                  <span className="min-w-0">{k.label}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {pinned && (
        <LiveEntryView
          entry={pinned}
          pinned
          refDay={refDay}
          now={now}
          permalink={permalink(pinned.id)}
          onCopied={onCopied}
        />
      )}

      <div
        ref={list}
        tabIndex={-1}
        role="region"
        aria-label="تحديثات التغطية، الأحدث أولاً"
        className="live-stream-list"
        data-testid="live-entries"
      >
        {entries.map((e) => (
          <LiveEntryView
            key={e.id}
            entry={e}
            fresh={view.fresh.includes(e.id)}
            refDay={refDay}
            now={now}
            permalink={permalink(e.id)}
            onCopied={onCopied}
          />
        ))}
        {!entries.length && !pinned && (
          <p className="rounded-lg bg-white p-4 text-center text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            لا توجد تحديثات بعد
          </p>
        )}
      </div>

      {/* Without JavaScript there is nothing to load more with: the button comes with the page's code. */}
      {alive && view.next && (
        <div className="text-center">
          <button
            type="button"
            onClick={() => void loadOlder()}
            disabled={loading}
            className="rounded-md border border-slate-300 px-5 py-2 font-bold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
            data-testid="live-more"
          >
            {loading ? 'جاري التحميل...' : 'تحميل المزيد'}
          </button>
          {loadFailed && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              تعذر تحميل التحديثات الأقدم، حاول مرة أخرى
            </p>
          )}
        </div>
      )}

      {held > 0 && (
        <div className="pointer-events-none fixed inset-x-0 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 flex justify-center px-3">
          <button
            type="button"
            onClick={showNew}
            className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-red-700 px-4 py-2 font-bold text-white shadow-lg hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-700"
            data-testid="live-new-updates"
          >
            <ArrowUp className="size-4" aria-hidden="true" />
            {formatCount(held, NEW_UPDATES)}
          </button>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {copied ? 'تم نسخ رابط التحديث' : held > 0 ? formatCount(held, NEW_UPDATES) : ''}
      </p>
    </section>
  );
}
