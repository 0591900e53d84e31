/**
 * A headline ticker (SPEC §2, §4): one item at a time, rotating every 8 s with a 300 ms fade; previous/next
 * wrap; "n/total" and a progress bar at index/(count-1). The link and the share button are live only while
 * the ticker is hovered or focused ("active"), as the spec describes. Phones have no hover: there the headline
 * takes two lines, and a tap on it opens it whole, pauses the rotation and makes the link and share live (a tap
 * elsewhere, or on the headline again, lets it go on).
 */
import { ChevronLeft, ChevronRight, Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { TIMINGS_MS } from '../../../shared/constants';
import { LiveBadge } from '../../components/live-badge';

export interface TickerItem {
  id: number;
  title: string;
  href?: string;
  /** Live coverage still live: the «مباشر» badge before the headline. */
  live?: boolean;
}

interface Props {
  label: string;
  items: TickerItem[] | undefined;
  isLoading: boolean;
  variant: 'latest' | 'breaking';
  emptyText: string;
  /** Shares the item; resolves to what to tell the reader (e.g. 'تم نسخ الخبر'), or nothing. */
  onShare?: (item: TickerItem) => Promise<string | undefined>;
}

export function Ticker({ label, items, isLoading, variant, emptyText, onShare }: Props) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [feedback, setFeedback] = useState('');
  const active = hovered || pinned;
  const fadeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const feedbackTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLElement>(null);
  const count = items?.length ?? 0;
  const current = count ? items![Math.min(index, count - 1)]! : undefined;

  const go = (delta: number) => {
    if (!count) return;
    setVisible(false);
    clearTimeout(fadeTimer.current);
    fadeTimer.current = setTimeout(() => {
      setIndex((i) => (i + delta + count) % count);
      setVisible(true);
    }, TIMINGS_MS.tickerFade);
  };

  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    if (count < 2 || active) return;
    const id = setInterval(() => goRef.current(1), TIMINGS_MS.ticker);
    return () => clearInterval(id);
  }, [count, active]);
  useEffect(
    () => () => {
      clearTimeout(fadeTimer.current);
      clearTimeout(feedbackTimer.current);
    },
    [],
  );
  // A pinned (tapped) headline lets go when the reader taps anywhere else.
  useEffect(() => {
    if (!pinned) return;
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setPinned(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [pinned]);

  const share = async (item: TickerItem) => {
    const said = await onShare?.(item);
    if (!said) return;
    setFeedback(said);
    clearTimeout(feedbackTimer.current);
    feedbackTimer.current = setTimeout(() => setFeedback(''), TIMINGS_MS.copiedFlag);
  };

  const breaking = variant === 'breaking';
  const bar = breaking
    ? 'bg-red-700 text-white'
    : 'bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100 border-b border-slate-200 dark:border-slate-800';
  const progress = count > 1 ? (index / (count - 1)) * 100 : 100;

  return (
    <section
      // Named apart from the page's own «آخر الأخبار» list (landmarks of one kind need names of their own).
      aria-label={breaking ? 'شريط الأخبار العاجلة' : `شريط ${label}`}
      aria-roledescription="شريط أخبار"
      ref={root}
      className={`relative ${bar}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
      data-testid={`ticker-${variant}`}
    >
      {/* Its final height from the first paint (the 28 px buttons plus padding), however much of it has arrived. */}
      <div className="mx-auto flex min-h-9 max-w-7xl items-center gap-2 px-3 py-1 sm:min-h-11 sm:gap-3 sm:py-2">
        <span
          className={`shrink-0 rounded px-2 py-0.5 text-xs font-bold sm:px-3 sm:text-sm ${breaking ? 'bg-white text-red-800' : 'bg-blue-900 text-white'}`}
        >
          {label}
        </span>
        <div className="min-w-0 flex-1" aria-live={active ? 'off' : 'polite'}>
          {isLoading && !count ? (
            <span className="text-sm opacity-80">جاري تحميل الأخبار...</span>
          ) : !current ? (
            <span className="text-sm">{emptyText}</span>
          ) : (
            // The tap target is the headline itself; keyboard and screen-reader users already reach the whole
            // text and the link through focus, so this is a pointer convenience, not a control of its own.
            <p
              className={`text-sm font-bold leading-6 transition-opacity duration-300 sm:text-base ${pinned ? '' : 'line-clamp-1'} ${visible ? 'opacity-100' : 'opacity-0'}`}
              data-testid="ticker-headline"
              data-pinned={pinned || undefined}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                setPinned((p) => !p);
              }}
            >
              {current.live && <LiveBadge className="me-2 align-middle" />}
              {active && current.href ? (
                <Link to={current.href} className="underline-offset-4 hover:underline">
                  <bdi>{current.title}</bdi>
                </Link>
              ) : (
                <bdi>{current.title}</bdi>
              )}
            </p>
          )}
        </div>
        {count > 0 && (
          <div className="flex shrink-0 items-center gap-1">
            {feedback && (
              <span role="status" className="text-xs font-bold" data-testid="ticker-feedback">
                {feedback}
              </span>
            )}
            {onShare && current && (
              <button
                type="button"
                onClick={() => void share(current)}
                className={`rounded p-1.5 ${active ? 'visible' : 'invisible max-sm:hidden'} hover:bg-black/10`}
                aria-label="مشاركة الخبر"
                tabIndex={active ? 0 : -1}
              >
                <Share2 className="size-4" aria-hidden="true" />
              </button>
            )}
            <button
              type="button"
              onClick={() => go(-1)}
              className="rounded p-1.5 hover:bg-black/10"
              aria-label="الخبر السابق"
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
            <span className="min-w-10 text-center text-xs tabular-nums" data-testid="ticker-counter" dir="ltr">
              {Math.min(index, count - 1) + 1}/{count}
            </span>
            <button
              type="button"
              onClick={() => go(1)}
              className="rounded p-1.5 hover:bg-black/10"
              aria-label="الخبر التالي"
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      {count > 0 && (
        <div className={`h-0.5 ${breaking ? 'bg-red-900' : 'bg-slate-200 dark:bg-slate-800'}`} aria-hidden="true">
          <div
            className={`h-full transition-[width] duration-300 ${breaking ? 'bg-white' : 'bg-blue-800'}`}
            style={{ width: `${progress}%` }}
          />
        </div>
      )}
    </section>
  );
}
