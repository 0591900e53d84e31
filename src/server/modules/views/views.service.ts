/** Most read (all time, or a sliding 24-hour or 7-day window), total views, and counting one view. */
import { addDays, tripoliDate, tripoliParts } from '../../../shared/dates';
import type { MostReadWindow } from '../../../shared/schemas/news';
import type { ViewCounter } from './view-counter';
import type { ViewsRepository } from './views.repository';

/** Per-day rows are kept this long: the 7-day window and the statistics' 30 days, with a margin. */
export const DAILY_VIEWS_KEEP_DAYS = 90;

/**
 * The days a window covers, with weights: today and the whole days before count fully; the oldest day counts for
 * the share of it still inside the window (at 18:00, 25% of the day 24 hours back is inside a 24-hour window).
 */
export function windowDays(at: Date, window: Exclude<MostReadWindow, 'all'>): { day: string; weight: number }[] {
  const p = tripoliParts(at);
  const elapsed = (p.hour * 3600 + p.minute * 60 + p.second) / 86_400;
  const today = tripoliDate(at);
  const whole = window === '24h' ? 0 : 6;
  const days = [{ day: today, weight: 1 }];
  for (let i = 1; i <= whole; i++) days.push({ day: addDays(today, -i), weight: 1 });
  days.push({ day: addDays(today, -(whole + 1)), weight: 1 - elapsed });
  return days;
}

export function viewsService(deps: { repo: ViewsRepository; counter: ViewCounter; now: () => Date }) {
  const { repo, counter, now } = deps;
  return {
    view: (id: number) => counter.view(id),
    mostRead: (limit: number, window: MostReadWindow) =>
      window === 'all' ? repo.mostReadAllTime(limit) : repo.mostReadWeighted(windowDays(now(), window), limit),
    total: () => repo.total(),
    topInPeriod: (from: string, limit: number) => repo.topInPeriod(from, limit),
    bySectionInPeriod: (from: string) => repo.bySectionInPeriod(from),
    prune: () => repo.pruneDaily(addDays(tripoliDate(now()), -DAILY_VIEWS_KEEP_DAYS)),
  };
}
export type ViewsService = ReturnType<typeof viewsService>;
