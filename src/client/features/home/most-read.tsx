import { useQuery } from '@tanstack/react-query';
import { TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { formatNumber } from '../../../shared/format';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';

export function MostRead() {
  const { data, isError } = useQuery(queryOptionsFor(q.mostRead()));
  return (
    <section
      aria-labelledby="most-read-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="most-read-heading" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <TrendingUp className="size-5 text-red-700" aria-hidden="true" /> الأكثر قراءة
      </h2>
      {isError || !data?.length ? (
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
                  {n.title}
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">{formatNumber(n.views)} مشاهدة</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
