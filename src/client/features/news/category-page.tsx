import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'wouter';
import { CATEGORY_FALLBACK, LIMITS } from '../../../shared/constants';
import { cursorAfter } from '../../../shared/cursor';
import type { NewsListItem } from '../../../shared/schemas/news';
import { MessageBox } from '../../components/message-box';
import { NewsCard } from '../../components/news-card';
import { NotFoundPage } from '../../components/not-found-page';
import { LoadingBlock } from '../../components/skeleton';
import { apiFetch } from '../../lib/api';
import { useNow } from '../../lib/hooks';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { CategoryChips } from './category-chips';

/**
 * "More news" under a section's page: older pages fetched on demand (by cursor) and appended. Without JavaScript the
 * same button is a link to the next page of the archive, rendered by the server.
 */
function useOlderNews(slug: string, first: NewsListItem[] | undefined) {
  const [wanted, setWanted] = useState(false);
  const start = first?.length === LIMITS.homeList ? cursorAfter(first.at(-1)!) : undefined;
  const older = useInfiniteQuery({
    queryKey: ['news', 'category', slug, 'older', start ?? null],
    queryFn: ({ pageParam }) => apiFetch<NewsListItem[]>(q.byCategory(slug, pageParam).path),
    initialPageParam: start ?? '',
    getNextPageParam: (last) => (last.length < LIMITS.homeList ? undefined : cursorAfter(last.at(-1)!)),
    enabled: wanted && !!start,
  });
  const pages = older.data?.pages ?? [];
  const next = older.data ? (older.hasNextPage ? cursorAfter(pages.at(-1)!.at(-1)!) : undefined) : start;
  return {
    items: pages.flat(),
    next,
    loading: older.isFetching,
    failed: older.isError,
    loadMore: () => (wanted ? void older.fetchNextPage() : setWanted(true)),
  };
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const category = useQuery(findQueryOptions(q.category(slug)));
  const news = useQuery(queryOptionsFor(q.byCategory(slug, before)));
  const now = useNow(60_000);
  const older = useOlderNews(slug, news.data);
  if (category.data === null) return <NotFoundPage />;
  const color = category.data?.color ?? CATEGORY_FALLBACK.color;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6">
      <CategoryChips />
      <header className="border-s-4 ps-4" style={{ borderColor: color }}>
        <h1 className="text-3xl font-bold" style={{ color }}>
          {category.data?.name ?? (category.isError ? 'فشل في جلب بيانات القسم' : '…')}
        </h1>
        {category.data?.description && (
          <p className="mt-1 text-slate-600 dark:text-slate-300">{category.data.description}</p>
        )}
      </header>
      {news.isLoading ? (
        <LoadingBlock title="جاري تحميل الأخبار" hint="يرجى الانتظار قليلاً..." />
      ) : news.isError ? (
        <MessageBox title="فشل في جلب الأخبار" tone="error" />
      ) : !news.data?.length ? (
        <MessageBox title="لا توجد أخبار في هذا القسم حاليًا" hint="يرجى التحقق لاحقًا مرة أخرى، أو تصفح أقسامًا أخرى" />
      ) : (
        <div className="space-y-4">
          {[...news.data, ...older.items].map((n, i) => (
            <NewsCard key={n.id} item={n} layout="row" now={now} priority={i === 0} level={2} />
          ))}
          {older.failed && <MessageBox title="فشل في جلب الأخبار" tone="error" />}
          {older.next && (
            <div className="text-center">
              <button
                type="button"
                onClick={older.loadMore}
                disabled={older.loading}
                className="rounded-md border border-slate-300 px-5 py-2 font-bold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                {older.loading ? 'جاري تحميل الأخبار...' : 'المزيد من الأخبار'}
              </button>
              {/* Without JavaScript (and for crawlers): the next page of the archive, rendered by the server. */}
              <noscript>
                <a href={`/category/${encodeURIComponent(slug)}?before=${encodeURIComponent(older.next)}`}>
                  الصفحة التالية من الأرشيف
                </a>
              </noscript>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
