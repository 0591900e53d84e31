import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { MessageBox } from '../../components/message-box';
import { LoadingBlock } from '../../components/skeleton';
import { formatDate } from '../../../shared/format';
import { formatCount, RESULTS } from '../../../shared/plural';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { CategoryBadge } from '../../components/category-badge';
import { LiveBadge } from '../../components/live-badge';
import { SearchBox } from '../../components/search-box';
import { Highlight } from './highlight';
import { NewsImage } from '../../components/news-image';
import { searchParamsOf } from './search-params';

export function SearchPage() {
  const [search] = useSearchParams();
  const { query, page } = searchParamsOf(search);
  const result = useQuery(queryOptionsFor(q.search(query, page), { enabled: query.length > 0 }));
  const data = result.data;
  const pages = data ? Math.ceil(data.total / data.pageSize) : 0;
  const pageLink = (p: number) => `/search?q=${encodeURIComponent(query)}${p > 1 ? `&page=${p}` : ''}`;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6">
      {/* The query may be Latin, a number or an address: isolated, so it never reorders the Arabic around it. */}
      <h1 className="text-3xl font-bold">
        {query ? (
          <>
            نتائج البحث عن: «<bdi>{query}</bdi>»
          </>
        ) : (
          'البحث'
        )}
      </h1>
      <SearchBox key={query} id="search-page-q" wide />
      {!query ? (
        <MessageBox title="اكتب كلمة في مربع البحث للعثور على الأخبار" />
      ) : result.isLoading ? (
        <LoadingBlock title="جاري البحث..." />
      ) : result.isError || !data ? (
        <MessageBox title="تعذّر البحث الآن، يرجى المحاولة لاحقاً" tone="error" />
      ) : data.total === 0 ? (
        <MessageBox
          title={
            <>
              لا توجد نتائج لـ «<bdi>{query}</bdi>»
            </>
          }
          hint="جرّب كلمات أخرى أو كلمات أقل"
        />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="search-total">
            {data.totalExact ? formatCount(data.total, RESULTS) : `أكثر من ${formatCount(data.total, RESULTS)}`}
          </p>
          <ol className="space-y-4">
            {data.results.map((n) => (
              <li
                key={n.id}
                className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:gap-4 sm:p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <Link to={`/news/${n.id}`} tabIndex={-1} aria-hidden="true" className="w-24 shrink-0 pt-1 sm:w-40">
                  <NewsImage src={n.imageUrl} alt="" sizes="(min-width: 640px) 160px, 96px" className="rounded" />
                </Link>
                <div className="min-w-0 flex-1">
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                    {n.live && <LiveBadge />}
                    <CategoryBadge slug={n.category} name={n.categoryName} color={n.categoryColor} />
                    <time dateTime={n.publishedAt ?? undefined}>{formatDate(n.publishedAt, 'بدون تاريخ')}</time>
                  </div>
                  <h2 className="line-clamp-3 text-base font-bold leading-7 [overflow-wrap:anywhere] sm:text-lg sm:leading-8">
                    <Link to={`/news/${n.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
                      <bdi>
                        <Highlight text={n.title} query={query} />
                      </bdi>
                    </Link>
                  </h2>
                  <p className="line-clamp-3 text-sm leading-7 text-slate-700 dark:text-slate-300">
                    <Highlight text={n.description || 'بدون وصف'} query={query} />
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav aria-label="صفحات النتائج" className="flex items-center justify-center gap-3">
              {page > 1 && (
                <Link
                  to={pageLink(page - 1)}
                  className="rounded border px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  السابق
                </Link>
              )}
              <span className="text-sm">
                صفحة {page} من {pages}
              </span>
              {page < pages && (
                <Link
                  to={pageLink(page + 1)}
                  className="rounded border px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  التالي
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
