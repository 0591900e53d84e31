import { useQuery } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatCount, VIEWS } from '../../shared/plural';
import type { MostReadWindow } from '../../shared/schemas/news';
import { queryOptionsFor } from '../lib/query-client';
import { q } from '../lib/queries';

const WINDOWS: { value: MostReadWindow; label: string }[] = [
  { value: '24h', label: 'آخر 24 ساعة' },
  { value: '7d', label: 'آخر 7 أيام' },
];

/** Most read over the last 24 hours (the server renders this one) or the last 7 days. */
export function MostRead() {
  const [window, setWindow] = useState<MostReadWindow>('24h');
  const { data, isError, isLoading } = useQuery(queryOptionsFor(q.mostRead(window)));
  return (
    <section
      aria-labelledby="most-read-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="most-read-heading" className="flex items-center gap-2 text-lg font-bold">
          <TrendingUp className="size-5 text-red-700" aria-hidden="true" /> الأكثر قراءة
        </h2>
        <div role="group" aria-label="الفترة" className="flex gap-1 text-xs">
          {WINDOWS.map((w) => (
            <button
              key={w.value}
              type="button"
              aria-pressed={window === w.value}
              onClick={() => setWindow(w.value)}
              className={`min-h-6 rounded-full px-2.5 py-1 font-bold ${window === w.value ? 'bg-blue-900 text-white dark:bg-blue-300 dark:text-slate-950' : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200'}`}
            >
              {w.label}
            </button>
          ))}
        </div>
      </div>
      {isLoading ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          جاري التحميل...
        </p>
      ) : isError || !data?.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">لا توجد بيانات متاحة حالياً</p>
      ) : (
        <ol className="space-y-3">
          {data.map((n, i) => (
            <li key={n.id} className="flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-900 text-sm font-bold text-white">
                {i + 1}
              </span>
              <div className="min-w-0">
                <Link
                  to={`/news/${n.id}`}
                  className="line-clamp-2 font-bold leading-7 hover:text-blue-800 dark:hover:text-blue-300"
                >
                  <bdi>{n.title}</bdi>
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">{formatCount(n.views, VIEWS)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
