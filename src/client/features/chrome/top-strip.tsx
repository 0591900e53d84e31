import { FacebookIcon, YoutubeIcon } from '../../components/brand-icons';
import { TIMINGS_MS } from '../../../shared/constants';
import { formatFullDate, formatHijri } from '../../../shared/format';
import { useNow } from '../../lib/hooks';
import { ThemeToggle } from '../../components/theme-toggle';
import { useSettings } from '../../lib/use-settings';
import { useSite } from '../../app/site-context';

/** Today's Gregorian and Hijri dates in Tripoli, refreshed every minute; social links from settings. */
export function TopStrip({ serverNow }: { serverNow: string }) {
  const settings = useSettings();
  // The server's date (and the strings it formatted, shared/formatted.ts) until Tripoli's day ends: the browser
  // formats no date as the page comes alive.
  const now = useNow(TIMINGS_MS.dateStripRefresh, useSite().dayEndsAt) ?? new Date(serverNow);
  return (
    <section aria-label="تاريخ اليوم وروابط الموقع" className="bg-slate-900 text-slate-100">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-3 py-0.5 text-xs sm:py-1.5 sm:text-sm">
        {/* One line on a phone (the Hijri date from tablet width up): the news starts higher. */}
        <p className="flex min-w-0 gap-x-3 truncate" suppressHydrationWarning>
          <time dateTime={now.toISOString()}>{formatFullDate(now)}</time>
          <span className="hidden text-slate-300 sm:inline">{formatHijri(now, settings.hijriAdjustment)}</span>
        </p>
        <div className="flex shrink-0 items-center gap-1">
          {settings.social.facebook && (
            <a
              href={settings.social.facebook}
              className="rounded p-1 hover:bg-white/10 sm:p-1.5"
              aria-label="صفحتنا على فيسبوك"
              rel="noopener noreferrer"
              target="_blank"
            >
              <FacebookIcon className="size-4" />
            </a>
          )}
          {settings.social.youtube ? (
            <a
              href={settings.social.youtube}
              className="rounded p-1.5 hover:bg-white/10"
              aria-label="قناتنا على يوتيوب"
              rel="noopener noreferrer"
              target="_blank"
            >
              <YoutubeIcon className="size-4" />
            </a>
          ) : (
            <span className="rounded p-1.5 opacity-50" aria-hidden="true">
              <YoutubeIcon className="size-4" />
            </span>
          )}
          <ThemeToggle />
        </div>
      </div>
    </section>
  );
}
