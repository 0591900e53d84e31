import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'wouter';
import { CATEGORY_FALLBACK } from '../../../shared/constants';
import { ArchiveFeed } from '../../components/archive-list';
import { MessageBox } from '../../components/message-box';
import { NotFoundPage } from '../../components/not-found-page';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { CategoryChips } from './category-chips';
import { AdSlot } from '../../app/parts';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const category = useQuery(findQueryOptions(q.category(slug)));
  const news = useQuery(queryOptionsFor(q.byCategory(slug, before)));
  if (category.data === null)
    return (
      <NotFoundPage title="القسم غير موجود" message="هذا القسم غير موجود أو لم يعد متاحاً. تصفّح الأقسام التالية." />
    );
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
      <ArchiveFeed
        news={news}
        empty={
          <MessageBox title="لا توجد أخبار في هذا القسم حاليًا" hint="يرجى التحقق لاحقًا مرة أخرى، أو تصفح أقسامًا أخرى" />
        }
        queryKey={['news', 'category', slug]}
        between={<AdSlot placement="between-cards" />}
        pathAfter={(cursor) => q.byCategory(slug, cursor).path}
        pagePath={`/category/${encodeURIComponent(slug)}`}
      />
    </div>
  );
}
