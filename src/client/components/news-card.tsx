import { Link } from 'wouter';
import type { NewsListItem } from '../../shared/schemas/news';
import { NewsImage } from './news-image';
import { timeAgo } from '../../shared/format';
import { CategoryBadge } from './category-badge';
import { LiveBadge } from './live-badge';

interface Props {
  item: NewsListItem;
  /** "row": image beside the text (lists); "stack": image above (grids). */
  layout?: 'row' | 'stack';
  now: Date | null;
  priority?: boolean;
  /** The card's heading level in the page's outline (h2 under a page's h1, h3 under a section's h2). */
  level?: 2 | 3;
  /**
   * In a phone's one column of cards: laid out only when scrolled near (`.lazy-card` in styles.css: below-fold, with
   * a card's usual height there), so a page's first layout does not shape the Arabic text of a column that
   * runs thousands of pixels below the first screen, nor fetch its pictures. Not for a card on the first screen.
   */
  lazyOnPhone?: boolean;
}

export function NewsCard({ item, layout = 'stack', now, priority, level = 3, lazyOnPhone }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const date = item.publishedAt ?? item.createdAt;
  const row = layout === 'row';
  return (
    <article
      className={`group overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900 ${row ? 'flex flex-col sm:flex-row' : ''} ${lazyOnPhone ? 'lazy-card' : ''}`}
      style={{ borderTopColor: item.categoryColor, borderTopWidth: 3 }}
    >
      <Link
        to={`/news/${item.id}`}
        className={row ? 'sm:flex sm:w-64 sm:shrink-0' : 'block'}
        tabIndex={-1}
        aria-hidden={item.imageInfo?.alt ? undefined : true}
      >
        <NewsImage
          src={item.imageUrl}
          alt={item.imageInfo?.alt ?? ''}
          focus={item.imageInfo}
          sizes={row ? '(min-width: 640px) 256px, 100vw' : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'}
          priority={priority}
          className={row ? 'sm:aspect-auto sm:h-full sm:min-h-36' : ''}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          {item.live && <LiveBadge />}
          <CategoryBadge slug={item.category} name={item.categoryName} color={item.categoryColor} />
          <time dateTime={date ?? undefined} suppressHydrationWarning>
            {now ? timeAgo(date, now) : timeAgo(date)}
          </time>
        </div>
        <Heading className="line-clamp-3 text-lg font-bold leading-8 [overflow-wrap:anywhere]">
          <Link to={`/news/${item.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
            <bdi>{item.title}</bdi>
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm leading-7 text-slate-700 dark:text-slate-300">
          {item.description || 'بدون وصف'}
        </p>
      </div>
    </article>
  );
}
