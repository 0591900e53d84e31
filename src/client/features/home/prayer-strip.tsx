import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { PRAYER_NAMES } from '../../../shared/constants';
import { useNow } from '../../lib/hooks';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { nextPrayer } from './prayer-countdown';
import { useCity } from './use-city';
import { lazyPart } from '../../lib/lazy-part';

/** SPEC's full widget, loaded when a phone reader opens it (the server never renders it open). */
const PrayerWeatherWidget = lazyPart<{ id?: string }, typeof import('./prayer-weather-widget')>(
  () => import('./prayer-weather-widget'),
  'PrayerWeatherWidget',
);

/**
 * Prayer times on a phone: one slim line with the next prayer and its countdown, so the news comes first; tapping
 * it opens SPEC's full widget (all five times, the city, the weather). Desktops show the full widget in the sidebar.
 */
export function PrayerStrip() {
  const city = useCity();
  const { data } = useQuery(queryOptionsFor(q.prayer(city.slug)));
  const now = useNow(1000);
  const [open, setOpen] = useState(false);
  const panel = useId();
  const next = data ? nextPrayer(data, now) : undefined;
  return (
    <div className="lg:hidden" data-testid="prayer-strip">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-start text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <Clock className="size-4 shrink-0 text-blue-800 dark:text-blue-300" aria-hidden="true" />
        {next ? (
          <span className="min-w-0 flex-1 truncate" suppressHydrationWarning>
            <span className="sr-only">مواقيت الصلاة والطقس — </span>
            {PRAYER_NAMES[next.key]}{' '}
            <span dir="ltr" className="font-bold tabular-nums">
              {next.at}
            </span>{' '}
            · بعد{' '}
            <span dir="ltr" className="tabular-nums" data-testid="prayer-strip-countdown">
              {next.left}
            </span>
          </span>
        ) : (
          <span className="flex-1">مواقيت الصلاة والطقس</span>
        )}
        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{city.name}</span>
        <ChevronDown className={`size-4 shrink-0 transition ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      {open && (
        <div id={panel} className="mt-2">
          <PrayerWeatherWidget id="pw-strip" />
        </div>
      )}
    </div>
  );
}
