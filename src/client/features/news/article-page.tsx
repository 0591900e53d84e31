import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Eye } from 'lucide-react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { NewsArticle } from '../../../shared/schemas/news';
import { MessageBox } from '../../components/message-box';
import { NewsImage } from '../../components/news-image';
import { Skeleton } from '../../components/skeleton';
import { apiFetch } from '../../lib/api';
import { formatDateTime } from '../../../shared/format';
import { useNow } from '../../lib/hooks';
import { findQueryOptions, queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { useSite } from '../../app/site-context';
import { AdSlot, ArticleSidebar, LiveStream, ShareButtons } from '../../app/parts';
import { parseArticleId } from '../../lib/article-id';
import { CategoryBadge } from '../../components/category-badge';
import { NewsCard } from '../../components/news-card';
import { ArticleNotes } from '../../app/parts';
import { onMediaClick, onMediaNear } from './media-trigger';
import { splitAfterParagraph } from './in-article';
import { recordViews, ViewCount } from './view-count';
import { useAdPlacement } from '../../components/ads/ad-placement';

export function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-xl px-3 py-20 text-center" data-testid="article-not-found">
      <h1 className="text-3xl font-bold">الخبر غير موجود</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">عذراً، الخبر الذي تبحث عنه غير موجود أو تم حذفه.</p>
      <Link to="/" className="mt-6 inline-block rounded bg-blue-900 px-5 py-2 font-bold text-white hover:bg-blue-800">
        العودة للرئيسية
      </Link>
    </div>
  );
}

/**
 * One POST /api/news/:id/view per opening of the page; the new count replaces the shown one (ViewCount: only the
 * count is drawn again, not the article, its header and its sidebar with it).
 */
function useCountView(id: number | null) {
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || counted.current === id) return;
    counted.current = id;
    apiFetch<{ views: number }>(`/api/news/${id}/view`, { method: 'POST' })
      .then(({ views }) => recordViews(id, views))
      .catch((err) => console.error('خطأ في تسجيل المشاهدة', err));
  }, [id]);
}

function Related({ id }: { id: number }) {
  const { data } = useQuery(queryOptionsFor(q.related(id)));
  const now = useNow(60_000);
  return (
    <section
      aria-labelledby="related-heading"
      className="below-fold mt-10 [contain-intrinsic-size:auto_1700px] sm:[contain-intrinsic-size:auto_900px]"
    >
      <h2 id="related-heading" className="mb-4 border-s-4 border-blue-900 ps-3 text-xl font-bold">
        أخبار مرتبطة
      </h2>
      {data?.length ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {data.map((n) => (
            <NewsCard key={n.id} item={n} now={now} lazyOnPhone />
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">لا توجد أخبار مرتبطة حالياً</p>
      )}
    </section>
  );
}

/** "بقلم أ، ب وج" with links to their pages, and the free byline text. */
function Byline({ a }: { a: NewsArticle }) {
  if (!a.authors.length && !a.byline) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200" data-testid="article-byline">
      {a.authors.length > 0 && (
        <p>
          بقلم{' '}
          {a.authors.map((p, i) => (
            <span key={p.username}>
              {i > 0 && (i === a.authors.length - 1 ? ' و' : '، ')}
              <Link
                to={`/author/${encodeURIComponent(p.username)}`}
                className="font-bold text-blue-800 hover:underline dark:text-blue-300"
                rel="author"
              >
                {p.fullName}
              </Link>
            </span>
          ))}
        </p>
      )}
      {a.byline && <p>{a.byline}</p>}
    </div>
  );
}

/** A change after publication worth telling readers about (more than a minute later). */
const updatedLater = (a: NewsArticle) =>
  !!a.modifiedAt && !!a.publishedAt && Date.parse(a.modifiedAt) - Date.parse(a.publishedAt) > 60_000;

/**
 * The article as readers see it: on its page, and in the staff's preview. `children` come after the body, before
 * the tags (a live coverage's stream).
 */
export function ArticleView({
  a,
  share = true,
  ads = false,
  children,
}: {
  a: NewsArticle;
  share?: boolean;
  /** The in-article ad box (readers' pages; not the staff's preview). */
  ads?: boolean;
  children?: ReactNode;
}) {
  const { origin } = useSite();
  const date = a.publishedAt ?? a.createdAt;
  const info = a.imageInfo;
  const inArticle = useAdPlacement('in-article');
  const parts = (ads && inArticle && splitAfterParagraph(a.content, a.paragraphEnds, inArticle.afterParagraph)) || [
    a.content,
  ];
  return (
    <>
      <header className="space-y-3">
        <h1 className="text-2xl font-bold leading-[1.6] [overflow-wrap:anywhere] sm:text-4xl">
          <bdi>{a.title}</bdi>
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <CategoryBadge slug={a.category} name={a.categoryName} color={a.categoryColor} />
          <time dateTime={date}>{formatDateTime(date)}</time>
          {updatedLater(a) && (
            <span data-testid="article-updated">
              آخر تحديث: <time dateTime={a.modifiedAt!}>{formatDateTime(a.modifiedAt)}</time>
            </span>
          )}
          <span className="inline-flex items-center gap-1" data-testid="article-views">
            <Eye className="size-4" aria-hidden="true" /> <ViewCount id={a.id} views={a.views} />
          </span>
        </div>
        <Byline a={a} />
        {share && <ShareButtons title={a.title} url={`${origin}/news/${a.id}`} />}
      </header>
      {a.imageUrl && (
        <figure className="my-4 sm:my-6" data-testid="article-figure">
          <NewsImage
            src={a.imageUrl}
            alt={info?.alt || a.title}
            focus={info}
            sizes="(min-width: 768px) 768px, 100vw"
            priority
            className="rounded-lg"
          />
          {(info?.caption || info?.credit) && (
            <figcaption className="px-1 pt-2 text-sm leading-7 text-slate-600 dark:text-slate-300">
              {info.caption}
              {info.caption && info.credit && ' '}
              {info.credit && <span className="article-credit">الصورة: {info.credit}</span>}
            </figcaption>
          )}
        </figure>
      )}
      {a.notes.length > 0 && <ArticleNotes notes={a.notes} place="above" />}
      {a.description && (
        <p className="mb-6 text-lg font-bold leading-9 text-slate-700 dark:text-slate-200">{a.description}</p>
      )}
      {/*
        The body is sanitised on the server when it is saved (allow-list matching the editor's formats); its pictures,
        galleries and videos are drawn by the server with the library's text, and come alive here (article-media.ts).
      */}
      {parts.map((html, i) => (
        <Fragment key={i}>
          {i > 0 && <AdSlot placement="in-article" className="my-6" />}
          <div
            className="article-body"
            dangerouslySetInnerHTML={{ __html: html }}
            onClick={onMediaClick}
            onPointerOver={onMediaNear}
            onFocus={onMediaNear}
          />
        </Fragment>
      ))}
      {a.notes.length > 0 && <ArticleNotes notes={a.notes} place="below" />}
      {children}
      {a.tags.length > 0 && (
        <nav aria-label="وسوم الخبر" className="mt-8 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-bold">وسوم:</span>
          {a.tags.map((t) => (
            <Link
              key={t.slug}
              to={`/tag/${encodeURIComponent(t.slug)}`}
              className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              #<bdi>{t.name}</bdi>
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}

export function ArticlePage() {
  const id = parseArticleId(useParams().id);
  const article = useQuery(findQueryOptions(q.article(id ?? 0), { enabled: id !== null, retry: 1, staleTime: 60_000 }));
  // Live coverage, when the article is one (the server renders it with the page; null coverage: nothing more).
  const live = useQuery(findQueryOptions(q.live(id ?? 0), { enabled: id !== null }));
  const coverage = live.data?.coverage;
  useCountView(article.data ? id : null);

  if (id === null || article.data === null) return <ArticleNotFound />;
  if (article.isError)
    return (
      <div className="mx-auto max-w-3xl px-3 py-10">
        <MessageBox title="فشل في جلب الأخبار" tone="error" />
      </div>
    );
  if (!article.data) return <ArticleSkeleton />;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-3 py-4 sm:py-6 lg:grid-cols-3">
      <article className="min-w-0 lg:col-span-2">
        <Link
          to="/"
          className="mb-3 inline-flex items-center gap-1 text-sm font-bold text-blue-800 hover:underline sm:mb-4 dark:text-blue-300"
        >
          <ArrowRight className="size-4" aria-hidden="true" /> العودة للرئيسية
        </Link>
        <ArticleView a={article.data} ads>
          {live.data && coverage && <LiveStream articleId={article.data.id} snapshot={{ ...live.data, coverage }} />}
        </ArticleView>
        <Related id={article.data.id} />
      </article>
      <ArticleSidebar a={article.data} />
    </div>
  );
}

export function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-6" role="status" aria-label="جاري التحميل">
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="aspect-video w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}
