import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useParams } from 'wouter';
import { STATUS_LABELS } from '../../../shared/news-workflow';
import { MessageBox } from '../../components/message-box';
import { NotFoundPage } from '../../components/not-found-page';
import { findQueryOptions } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { parseArticleId } from '../../lib/article-id';
import { ArticleSkeleton, ArticleView } from './article-page';

/**
 * /preview/news/{id}: any article exactly as readers will see it, for signed-in staff only (everyone else gets the
 * not-found page). Never cached, never indexed, never counted as a view; a banner says what it is.
 */
export function PreviewPage() {
  const id = parseArticleId(useParams().id);
  const article = useQuery(findQueryOptions(q.preview(id ?? 0), { enabled: id !== null }));
  if (id === null || article.data === null) return <NotFoundPage />;
  if (article.isError)
    return (
      <div className="mx-auto max-w-3xl px-3 py-10">
        <MessageBox title="تعذّر تحميل المعاينة" tone="error" />
      </div>
    );
  if (!article.data) return <ArticleSkeleton />;
  const a = article.data;
  return (
    <>
      <div
        role="note"
        data-testid="preview-banner"
        className="border-y-2 border-amber-500 bg-amber-100 px-3 py-2 text-center font-bold text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      >
        <Eye className="me-1 inline size-5 align-[-0.2em]" aria-hidden="true" />
        معاينة — حالة الخبر: {STATUS_LABELS[a.status]}.{' '}
        {a.status === 'published' ? 'هكذا يراه القراء الآن.' : 'هذه الصفحة لا يراها القراء.'}
      </div>
      <article className="mx-auto max-w-3xl px-3 py-6">
        <ArticleView a={a} share={false} />
      </article>
      <p
        aria-hidden="true"
        className="fixed bottom-3 start-3 z-50 hidden rounded-full bg-amber-500 px-3 py-1 text-sm font-bold text-slate-950 shadow-lg md:block"
      >
        معاينة
      </p>
    </>
  );
}
