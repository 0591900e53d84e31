import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useParams, useSearchParams } from 'wouter';
import { ArchiveFeed } from '../../components/archive-list';
import { NotFoundPage } from '../../components/not-found-page';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';

/** /author/{username}: a staff member's name, bio and avatar, and their published articles, newest first. */
export function AuthorPage() {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const author = useQuery(findQueryOptions(q.author(username)));
  const news = useQuery(queryOptionsFor(q.authorNews(username, before)));
  if (author.data === null) return <NotFoundPage title="الكاتب غير موجود" />;
  const a = author.data;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6">
      <header className="flex items-start gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        {a?.avatarUrl ? (
          <img
            src={a.avatarUrl.replace(/\/\d+\.webp$/, '/400.webp')}
            alt=""
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-20 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800">
            <UserRound className="size-10" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-300">أخبار بقلم</p>
          <h1 className="text-2xl font-bold leading-10">{a?.fullName ?? '…'}</h1>
          {a?.bio && <p className="mt-1 leading-8 text-slate-700 dark:text-slate-200">{a.bio}</p>}
        </div>
      </header>
      <ArchiveFeed
        news={news}
        queryKey={['news', 'author', username]}
        pathAfter={(cursor) => q.authorNews(username, cursor).path}
        pagePath={`/author/${encodeURIComponent(username)}`}
      />
    </div>
  );
}
