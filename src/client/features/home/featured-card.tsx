import { Link } from 'wouter';
import type { NewsListItem } from '../../../shared/schemas/news';
import { NewsImage } from '../../components/news-image';
import { formatDate } from '../../../shared/format';
import { CategoryBadge } from '../../components/category-badge';
import { LiveBadge } from '../../components/live-badge';

/** SPEC's one big featured card at the top of the main column: the picture beside the story from tablet width up. */
export function FeaturedCard({ item }: { item: NewsListItem }) {
  return (
    <article
      className="grid overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
      data-testid="featured-card"
    >
      <Link to={`/news/${item.id}`} tabIndex={-1} aria-hidden={item.imageInfo?.alt ? undefined : true}>
        <NewsImage
          src={item.imageUrl}
          alt={item.imageInfo?.alt ?? ''}
          focus={item.imageInfo}
          sizes="(min-width: 1024px) 430px, (min-width: 640px) 50vw, 100vw"
        />
      </Link>
      <div className="min-w-0 space-y-2 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          {item.live && <LiveBadge />}
          <CategoryBadge slug={item.category} name={item.categoryName} color={item.categoryColor} />
          <time dateTime={item.publishedAt ?? undefined}>{formatDate(item.publishedAt ?? item.createdAt)}</time>
        </div>
        <h2 className="line-clamp-4 text-xl font-bold leading-9 [overflow-wrap:anywhere] sm:text-2xl sm:leading-10">
          <Link to={`/news/${item.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
            <bdi>{item.title}</bdi>
          </Link>
        </h2>
        <p className="line-clamp-3 leading-8 text-slate-700 dark:text-slate-300">{item.description || 'بدون وصف'}</p>
      </div>
    </article>
  );
}
