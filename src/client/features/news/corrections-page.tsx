import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import { NOTE_KIND_LABELS } from '../../../shared/notes';
import { MessageBox } from '../../components/message-box';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';

/**
 * /corrections: every correction and clarification the paper told its readers, newest first, each with its story;
 * older ones a page further (a plain link, so crawlers and readers without JavaScript follow it too).
 */
export function CorrectionsPage() {
  const [search] = useSearchParams();
  const before = search.get('before') ?? undefined;
  const page = useQuery(queryOptionsFor(q.corrections(before)));
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-6">
      <header className="border-s-4 border-blue-900 ps-4 dark:border-blue-400">
        <h1 className="text-3xl font-bold leading-[1.6]">التصحيحات</h1>
        <p className="text-slate-700 dark:text-slate-300">
          حين نخطئ نقول ذلك: هنا كل تصحيح وتوضيح أضفناه إلى أخبارنا بعد نشرها، الأحدث أولاً.
        </p>
      </header>
      {page.isError && <MessageBox title="فشل في جلب التصحيحات" tone="error" />}
      {page.data && !page.data.items.length && (
        <p className="text-slate-600 dark:text-slate-300">
          {before ? 'لا توجد تصحيحات أقدم.' : 'لا توجد تصحيحات حتى الآن.'}
        </p>
      )}
      <ol className="space-y-4" data-testid="corrections-list">
        {page.data?.items.map((c) => (
          <li
            key={c.id}
            className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <strong
                className={
                  c.kind === 'correction' ? 'text-red-800 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'
                }
              >
                {NOTE_KIND_LABELS[c.kind]}
              </strong>{' '}
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
            </p>
            <h2 className="mt-1 text-lg font-bold leading-8 [overflow-wrap:anywhere]">
              <Link
                to={`/news/${c.article.id}`}
                className="hover:text-blue-800 hover:underline dark:hover:text-blue-300"
              >
                {c.article.title}
              </Link>
            </h2>
            <p className="mt-1 whitespace-pre-line leading-8 [overflow-wrap:anywhere]">{c.text}</p>
          </li>
        ))}
      </ol>
      {page.data?.next && (
        <p>
          <Link
            to={`/corrections?before=${encodeURIComponent(page.data.next)}`}
            className="inline-block rounded border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            تصحيحات أقدم
          </Link>
        </p>
      )}
    </div>
  );
}
