import { Link } from 'wouter';
import type { NewsListItem } from '../../../shared/schemas/news';
import { NewsImage } from '../../components/news-image';
import { formatDate } from '../../../shared/format';
import { CategoryBadge } from '../../components/category-badge';

/** The one big featured card at the top of the main column. */
export function FeaturedCard({ item }: { item: NewsListItem }) {
  return (
    <article className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Link to={`/news/${item.id}`} tabIndex={-1} aria-hidden="true">
        <NewsImage src={item.imageUrl} alt="" sizes="(min-width: 1024px) 66vw, 100vw" />
      </Link>
      <div className="space-y-2 p-5">
        <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <CategoryBadge slug={item.category} name={item.categoryName} color={item.categoryColor} />
          <time dateTime={item.publishedAt ?? undefined}>{formatDate(item.publishedAt ?? item.createdAt)}</time>
        </div>
        <h2 className="text-2xl font-bold leading-10">
          <Link to={`/news/${item.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
            {item.title}
          </Link>
        </h2>
        <p className="leading-8 text-slate-700 dark:text-slate-300">{item.description || 'بدون وصف'}</p>
      </div>
    </article>
  );
}
