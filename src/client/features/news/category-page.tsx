import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { CATEGORY_FALLBACK } from '../../../shared/constants';
import { LoadingBlock } from '../../components/skeleton';
import { MessageBox } from '../../components/message-box';
import { useNow } from '../../lib/hooks';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { NotFoundPage } from '../../components/not-found-page';
import { CategoryChips } from './category-chips';
import { NewsCard } from '../../components/news-card';
import { useOlderNews } from './use-older-news';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const category = useQuery(findQueryOptions(q.category(slug)));
  const news = useQuery(queryOptionsFor(q.byCategory(slug)));
  const now = useNow(60_000);
  const { older, hasMore, loadingMore, loadMore } = useOlderNews(slug, news.data?.length ?? 0);
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
          {[...news.data, ...older].map((n, i) => (
            <NewsCard key={n.id} item={n} layout="row" now={now} priority={i === 0} />
          ))}
          {hasMore && (
            <div className="text-center">
              <button
                type="button"
                onClick={loadMore}
                disabled={loadingMore}
                className="rounded-md border border-slate-300 px-5 py-2 font-bold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                {loadingMore ? 'جاري تحميل الأخبار...' : 'المزيد من الأخبار'}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
