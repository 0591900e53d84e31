/**
 * The newsroom's list (SPEC §2's news table): search over titles and descriptions (Arabic-folded, on the server),
 * filters by section, state and author, a page at a time from the server, the last changed first (a story just
 * submitted, published or corrected is on top), each row with its state and when it last changed; the editor opens
 * in the dialog, addressable as ?edit=<id> or ?edit=new (a reload keeps it open); ?status=review opens the list on
 * the stories waiting for review (the dashboard's queue links there).
 */
import { can } from '../../../shared/permissions';
import { CLOSE_UNSAVED } from '../lib/leave-warning';
import { useQuery } from '@tanstack/react-query';
import { Eye, Plus, RotateCcw } from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { formatNumber } from '../../../shared/format';
import { formatDateTimeOr } from '../lib/admin-format';
import { PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import { canDelete, isEditorRole, NEWS_STATUSES, STATUS_LABELS, type NewsStatus } from '../../../shared/news-workflow';
import type { AdminNewsListItem } from '../../../shared/schemas/admin';
import { categoriesQuery } from '../api/categories';
import {
  newsDetailQuery,
  newsListQuery,
  staffQuery,
  useDeleteNews,
  useToggleFeatured,
  type NewsFilter,
} from '../api/news';
import { sessionQuery } from '../api/session';
import { NewsEditor, type Me } from '../components/news-editor';
import { StatusBadge } from '../components/news-status';
import {
  BackToDashboard,
  Button,
  DataList,
  Empty,
  Input,
  Loading,
  Modal,
  PageHeader,
  Pager,
  RowActions,
  Select,
  Switch,
} from '../components/ui';

function Thumb({ url }: { url: string | null }) {
  return (
    <img
      src={url ? sizedImage(url, 400) : PLACEHOLDER_IMAGE}
      alt=""
      width={64}
      height={36}
      loading="lazy"
      className="h-9 w-16 shrink-0 rounded bg-slate-200 object-cover dark:bg-slate-700"
      onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_IMAGE)}
    />
  );
}

/** Loads the article's body before opening the editor on it (lists carry no bodies). */
function EditExisting({
  id,
  me,
  onDone,
  onCancel,
  onDirty,
}: {
  id: number;
  me: Me;
  onDone: () => void;
  onCancel: () => void;
  onDirty: (d: boolean) => void;
}) {
  const article = useQuery({ ...newsDetailQuery(id), staleTime: 0 });
  const categories = useQuery(categoriesQuery());
  if (article.isError) return <p role="alert">فشل جلب بيانات الأخبار</p>;
  if (!article.data || !categories.data) return <Loading />;
  return (
    <NewsEditor
      initial={article.data}
      categories={categories.data}
      me={me}
      onDone={onDone}
      onCancel={onCancel}
      onDirty={onDirty}
    />
  );
}

/**
 * When the row's date means: published at, or to be published at; sent for review at; for a draft, its last change
 * (the list's order). A story changed after its publication also says when.
 */
function DateCell({ n }: { n: AdminNewsListItem }) {
  if (n.status === 'review') return <>أُرسل للمراجعة {formatDateTimeOr(n.submittedAt ?? n.updatedAt)}</>;
  if (n.status === 'draft') return <>آخر تعديل {formatDateTimeOr(n.updatedAt)}</>;
  const changedLater =
    n.publishedAt !== null && new Date(n.updatedAt).getTime() - new Date(n.publishedAt).getTime() > 60_000;
  return (
    <>
      {n.status === 'scheduled' ? 'يُنشر ' : ''}
      {formatDateTimeOr(n.publishedAt)}
      {changedLater && (
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          آخر تعديل {formatDateTimeOr(n.updatedAt)}
        </span>
      )}
    </>
  );
}

const STATUS_PARAM = new Set<string>(NEWS_STATUSES);

export function NewsPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('all');
  const [status, setStatus] = useState<NewsStatus | 'all'>(() => {
    const wanted = params.get('status');
    return wanted && STATUS_PARAM.has(wanted) ? (wanted as NewsStatus) : 'all';
  });
  const [author, setAuthor] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const filter: NewsFilter = { q: useDeferredValue(q), category, status, author, page };
  const news = useQuery(newsListQuery(filter));
  const categories = useQuery(categoriesQuery());
  const staff = useQuery(staffQuery());
  const session = useQuery(sessionQuery(true));
  const featured = useToggleFeatured(filter);
  const remove = useDeleteNews();
  const dirty = useRef(false);
  const rows = news.data?.items ?? [];
  const me: Me | undefined = session.data && { id: session.data.admin.id, role: session.data.admin.role };
  const editing = params.get('edit');
  const editingId = editing && /^\d+$/.test(editing) ? Number(editing) : null;

  const open = (what: number | 'new') => setParams((p) => (p.set('edit', String(what)), p));
  const close = () => {
    if (dirty.current && !window.confirm(CLOSE_UNSAVED)) return;
    dirty.current = false;
    setParams((p) => (p.delete('edit'), p.delete('live'), p));
  };
  const reset = () => (setQ(''), setCategory('all'), setStatus('all'), setAuthor(null), setPage(1));
  const own = (n: AdminNewsListItem) => !!me && (n.createdById === me.id || n.staff.some((s) => s.id === me.id));

  return (
    <div>
      <PageHeader title="إدارة الأخبار">
        <BackToDashboard />
        <Button onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden="true" /> إضافة خبر
        </Button>
      </PageHeader>
      <div className="mb-4 flex flex-wrap gap-2">
        <label htmlFor="news-search" className="sr-only">
          البحث في الأخبار
        </label>
        <Input
          id="news-search"
          type="search"
          placeholder="ابحث في العنوان والوصف..."
          value={q}
          onChange={(e) => (setQ(e.target.value), setPage(1))}
          style={{ maxWidth: 320 }}
        />
        <label htmlFor="news-filter" className="sr-only">
          التصنيف
        </label>
        <Select
          id="news-filter"
          className="max-w-44"
          value={category}
          onChange={(e) => (setCategory(e.target.value), setPage(1))}
        >
          <option value="all">جميع التصنيفات</option>
          {categories.data?.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
        <label htmlFor="news-status-filter" className="sr-only">
          الحالة
        </label>
        <Select
          id="news-status-filter"
          className="max-w-40"
          value={status}
          onChange={(e) => (setStatus(e.target.value as NewsStatus | 'all'), setPage(1))}
        >
          <option value="all">جميع الحالات</option>
          {NEWS_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <label htmlFor="news-author-filter" className="sr-only">
          الكاتب
        </label>
        <Select
          id="news-author-filter"
          className="max-w-48"
          value={author ?? ''}
          onChange={(e) => (setAuthor(e.target.value ? Number(e.target.value) : null), setPage(1))}
        >
          <option value="">جميع الكتّاب</option>
          {me && <option value={me.id}>أخباري</option>}
          {staff.data
            ?.filter((s) => s.id !== me?.id)
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.fullName}
              </option>
            ))}
        </Select>
        <Button variant="secondary" onClick={reset}>
          <RotateCcw className="size-4" aria-hidden="true" /> إعادة تعيين
        </Button>
      </div>
      {news.isLoading ? (
        <Loading />
      ) : news.isError ? (
        <p role="alert">فشل جلب بيانات الأخبار</p>
      ) : !rows.length ? (
        <Empty text="لا توجد أخبار" action={<Button onClick={() => open('new')}>إضافة خبر جديد</Button>} />
      ) : (
        <>
          <DataList
            items={rows}
            keyOf={(n) => n.id}
            testId={(n) => `news-row-${n.id}`}
            title={(n) => (
              <div className="flex items-start gap-3">
                <Thumb url={n.imageUrl} />
                <span>{n.title}</span>
              </div>
            )}
            columns={[
              { header: 'الرقم', cell: (n) => n.id },
              {
                header: 'العنوان',
                card: false,
                className: 'min-w-48 max-w-md',
                cell: (n) => (
                  <div className="flex items-center gap-3">
                    <Thumb url={n.imageUrl} />
                    <div className="min-w-0">
                      <p className="line-clamp-2 font-bold">{n.title}</p>
                      <p className="line-clamp-1 text-xs text-slate-600 dark:text-slate-400">{n.description}</p>
                    </div>
                  </div>
                ),
              },
              { header: 'الحالة', cell: (n) => <StatusBadge status={n.status} /> },
              {
                header: 'الكاتب',
                className: 'min-w-20',
                cell: (n) => n.staff.map((s) => s.fullName).join('، ') || '—',
              },
              { header: 'التصنيف', cell: (n) => n.categoryName, className: 'whitespace-nowrap' },
              { header: 'المشاهدات', cell: (n) => formatNumber(n.views) },
              {
                header: 'مميز',
                cell: (n) =>
                  me && isEditorRole(me.role) ? (
                    <Switch checked={n.featured} onChange={() => featured.mutate(n)} label={`مميز: ${n.title}`} />
                  ) : n.featured ? (
                    'نعم'
                  ) : (
                    'لا'
                  ),
              },
              { header: 'تاريخ النشر', cell: (n) => <DateCell n={n} />, className: 'min-w-28' },
            ]}
            actions={(n) => (
              <RowActions
                name={n.title}
                onEdit={() => open(n.id)}
                onDelete={
                  me &&
                  canDelete(me.role, {
                    status: n.status,
                    own: own(n),
                    everPublished: n.publishedAt !== null && n.status !== 'scheduled',
                  })
                    ? () => remove.mutate(n.id)
                    : undefined
                }
                confirmText="هل أنت متأكد من حذف هذا الخبر؟"
              >
                <a
                  href={n.status === 'published' ? `/news/${n.id}` : `/preview/news/${n.id}`}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${n.status === 'published' ? 'عرض' : 'معاينة'}: ${n.title}`}
                  className="inline-flex min-h-9 items-center rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <Eye className="size-4" aria-hidden="true" />
                </a>
              </RowActions>
            )}
          />
          {news.data && <Pager info={news.data.info} onPage={setPage} busy={news.isFetching} />}
        </>
      )}
      <Modal
        open={editing !== null}
        title={
          editing !== 'new'
            ? 'تعديل الخبر'
            : params.get('live') === '1' && me && can(me.role, 'news.publish')
              ? 'تغطية مباشرة جديدة'
              : 'إضافة خبر'
        }
        onClose={close}
        wide
      >
        {!me || !categories.data ? (
          <Loading />
        ) : editing === 'new' ? (
          <NewsEditor
            key="new"
            initial={null}
            categories={categories.data}
            me={me}
            onDone={() => ((dirty.current = false), close())}
            onCancel={close}
            onDirty={(d) => (dirty.current = d)}
          />
        ) : (
          editingId !== null && (
            <EditExisting
              key={editingId}
              id={editingId}
              me={me}
              onDone={() => ((dirty.current = false), close())}
              onCancel={close}
              onDirty={(d) => (dirty.current = d)}
            />
          )
        )}
      </Modal>
    </div>
  );
}
