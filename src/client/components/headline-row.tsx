import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { NewsListItem } from '../../shared/schemas/news';
import { timeAgo } from '../../shared/format';
import { LiveBadge } from './live-badge';
import { NewsImage } from './news-image';

/**
 * One story as a compact row of a list: a small picture, the headline (at most three lines, long words broken) and a
 * line under it (how long ago, and whatever the list adds before that, such as the section).
 */
export function HeadlineRow({
  item,
  now,
  thumb = 'w-20',
  titleClass = 'text-sm leading-6',
  before,
  className = 'py-2.5',
}: {
  item: NewsListItem;
  now: Date | null;
  /** The picture's width class (its height follows, 16:9). */
  thumb?: string;
  titleClass?: string;
  before?: ReactNode;
  className?: string;
}) {
  const date = item.publishedAt ?? item.createdAt;
  return (
    <li className={`flex gap-3 ${className}`}>
      <Link to={`/news/${item.id}`} tabIndex={-1} aria-hidden="true" className={`shrink-0 pt-1 ${thumb}`}>
        <NewsImage src={item.imageUrl} alt="" focus={item.imageInfo} sizes="96px" className="rounded" />
      </Link>
      <div className="min-w-0 flex-1">
        <h3 className={`line-clamp-3 font-bold [overflow-wrap:anywhere] ${titleClass}`}>
          <Link to={`/news/${item.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
            <bdi>{item.title}</bdi>
          </Link>
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-300">
          {item.live && <LiveBadge />}
          {before}
          <time dateTime={date ?? undefined} suppressHydrationWarning>
            {now ? timeAgo(date, now) : timeAgo(date)}
          </time>
        </p>
      </div>
    </li>
  );
}

/** «المزيد» to a section's page, named for screen readers (a 24-pixel target at least). */
export function MoreLink({ slug, name }: { slug: string; name: string }) {
  return (
    <Link
      to={`/category/${slug}`}
      className="inline-flex min-h-6 items-center gap-0.5 px-1 text-sm font-bold text-blue-800 hover:underline dark:text-blue-300"
      aria-label={`المزيد من أخبار ${name}`}
    >
      المزيد <ChevronLeft className="size-4" aria-hidden="true" />
    </Link>
  );
}
