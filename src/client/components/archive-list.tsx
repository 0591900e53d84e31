import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { LIMITS } from '../../shared/constants';
import { cursorAfter } from '../../shared/cursor';
import type { NewsListItem } from '../../shared/schemas/news';
import { apiFetch } from '../lib/api';
import { useNow } from '../lib/hooks';
import { MessageBox } from './message-box';
import { NewsCard } from './news-card';
import { LoadingBlock } from './skeleton';

export interface ArchiveListProps {
  /** Distinguishes this list's pages in the query cache. */
  queryKey: readonly unknown[];
  /** The API path of the page after a cursor. */
  pathAfter: (cursor: string) => string;
  /** The reader page of the archive after a cursor (the link without JavaScript). */
  pageAfter: (cursor: string) => string;
  /** The first page, fetched by the page itself (and by the server). */
  first: NewsListItem[];
  /** Shown between the cards (after the fourth): a section page's ad box. */
  between?: ReactNode;
}

const BETWEEN_AFTER = 4;

/**
 * A list of news cards with "more news": older pages fetched on demand by keyset cursor and appended (the same cost
 * at any depth). Without JavaScript the button is a link to the next page of the archive, rendered by the server.
 */
export function ArchiveList({ queryKey, pathAfter, pageAfter, first, between }: ArchiveListProps) {
  const now = useNow(60_000);
  const [wanted, setWanted] = useState(false);
  const start = first.length === LIMITS.homeList ? cursorAfter(first.at(-1)!) : undefined;
  const older = useInfiniteQuery({
    queryKey: [...queryKey, 'older', start ?? null],
    queryFn: ({ pageParam }) => apiFetch<NewsListItem[]>(pathAfter(pageParam)),
    initialPageParam: start ?? '',
    getNextPageParam: (last) => (last.length < LIMITS.homeList ? undefined : cursorAfter(last.at(-1)!)),
    enabled: wanted && !!start,
  });
  const pages = older.data?.pages ?? [];
  const next = older.data ? (older.hasNextPage ? cursorAfter(pages.at(-1)!.at(-1)!) : undefined) : start;
  const loadMore = () => (wanted ? void older.fetchNextPage() : setWanted(true));

  return (
    <div className="space-y-4">
      {[...first, ...pages.flat()].map((n, i) => (
        <Fragment key={n.id}>
          {i === BETWEEN_AFTER && between}
          <NewsCard item={n} layout="row" now={now} priority={i === 0} level={2} lazyOnPhone={i > 0} />
        </Fragment>
      ))}
      {older.isError && <MessageBox title="فشل في جلب الأخبار" tone="error" />}
      {next && (
        <div className="text-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={older.isFetching}
            className="rounded-md border border-slate-300 px-5 py-2 font-bold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {older.isFetching ? 'جاري تحميل الأخبار...' : 'المزيد من الأخبار'}
          </button>
          <noscript>
            <a href={pageAfter(next)}>الصفحة التالية من الأرشيف</a>
          </noscript>
        </div>
      )}
    </div>
  );
}

/**
 * An archive page's news: loading, failure, the page's own empty message, or the list with "more news". `pagePath`
 * is the reader page (`/tag/x`); its older pages are `pagePath?before=<cursor>`.
 */
export function ArchiveFeed({
  news,
  empty,
  pagePath,
  ...list
}: Omit<ArchiveListProps, 'first' | 'pageAfter'> & {
  news: { isLoading: boolean; isError: boolean; data: NewsListItem[] | undefined };
  empty?: ReactNode;
  pagePath: string;
}) {
  if (news.isLoading) return <LoadingBlock title="جاري تحميل الأخبار" hint="يرجى الانتظار قليلاً..." />;
  if (news.isError || !news.data) return <MessageBox title="فشل في جلب الأخبار" tone="error" />;
  if (!news.data.length && empty) return <>{empty}</>;
  return (
    <ArchiveList
      {...list}
      first={news.data}
      pageAfter={(cursor) => `${pagePath}?before=${encodeURIComponent(cursor)}`}
    />
  );
}
