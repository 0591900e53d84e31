import { useQuery } from '@tanstack/react-query';
import { Hash } from 'lucide-react';
import { useParams, useSearchParams } from 'wouter';
import { ArchiveFeed } from '../../components/archive-list';
import { NotFoundPage } from '../../components/not-found-page';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';

/** /tag/{slug}: the published articles carrying a tag, newest first. */
export function TagPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const tag = useQuery(findQueryOptions(q.tag(slug)));
  const news = useQuery(queryOptionsFor(q.tagNews(slug, before)));
  if (tag.data === null) return <NotFoundPage title="الوسم غير موجود" />;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6">
      <header className="border-s-4 border-blue-900 ps-4 dark:border-blue-400">
        <p className="text-sm text-slate-600 dark:text-slate-300">وسم</p>
        <h1 className="flex items-center gap-1 text-3xl font-bold leading-[1.6]">
          <Hash className="size-6 shrink-0 text-blue-800 dark:text-blue-300" aria-hidden="true" />
          <bdi>{tag.data?.name ?? '…'}</bdi>
        </h1>
      </header>
      <ArchiveFeed
        news={news}
        queryKey={['news', 'tag', slug]}
        pathAfter={(cursor) => q.tagNews(slug, cursor).path}
        pagePath={`/tag/${encodeURIComponent(slug)}`}
      />
    </div>
  );
}
