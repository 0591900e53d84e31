import { useQuery } from '@tanstack/react-query';
import { Plus, RotateCcw } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import type { AdminNewsListItem } from '../../../shared/schemas/admin';
import { formatDateTimeOr, formatNumber } from '../../../shared/format';
import { categoriesQuery } from '../api/categories';
import { newsDetailQuery, newsListQuery, useDeleteNews, useToggleFeatured, type NewsFilter } from '../api/news';
import { NewsEditor } from '../components/news-editor';
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
      className="h-9 w-16 shrink-0 rounded object-cover"
      onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_IMAGE)}
    />
  );
}

/** Loads the article's body before opening the editor on it (lists carry no bodies). */
function EditExisting({ id, onDone }: { id: number; onDone: () => void }) {
  const article = useQuery(newsDetailQuery(id));
  const categories = useQuery(categoriesQuery());
  if (article.isError) return <p role="alert">فشل جلب بيانات الأخبار</p>;
  if (!article.data || !categories.data) return <Loading />;
  return <NewsEditor initial={article.data} categories={categories.data} onDone={onDone} />;
}

export function NewsPage() {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('all');
  const [page, setPage] = useState(1);
  const filter: NewsFilter = { q: useDeferredValue(q), category, page };
  const news = useQuery(newsListQuery(filter));
  const categories = useQuery(categoriesQuery());
  const [editing, setEditing] = useState<AdminNewsListItem | 'new' | null>(null);
  const featured = useToggleFeatured(filter);
  const remove = useDeleteNews();
  const rows = news.data?.items ?? [];

  return (
    <div>
      <PageHeader title="إدارة الأخبار">
        <BackToDashboard />
        <Button onClick={() => setEditing('new')}>
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
          className="max-w-48"
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
        <Button variant="secondary" onClick={() => (setQ(''), setCategory('all'), setPage(1))}>
          <RotateCcw className="size-4" aria-hidden="true" /> إعادة تعيين
        </Button>
      </div>
      {news.isLoading ? (
        <Loading />
      ) : news.isError ? (
        <p role="alert">فشل جلب بيانات الأخبار</p>
      ) : !rows.length ? (
        <Empty text="لا توجد أخبار" action={<Button onClick={() => setEditing('new')}>إضافة خبر جديد</Button>} />
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
                className: 'max-w-md',
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
              { header: 'التصنيف', cell: (n) => n.categoryName },
              { header: 'المشاهدات', cell: (n) => formatNumber(n.views) },
              {
                header: 'مميز',
                cell: (n) => (
                  <Switch checked={n.featured} onChange={() => featured.mutate(n)} label={`مميز: ${n.title}`} />
                ),
              },
              { header: 'تاريخ النشر', cell: (n) => formatDateTimeOr(n.publishedAt), className: 'whitespace-nowrap' },
            ]}
            actions={(n) => (
              <RowActions
                name={n.title}
                onEdit={() => setEditing(n)}
                onDelete={() => remove.mutate(n.id)}
                confirmText="هل أنت متأكد من حذف هذا الخبر؟"
              />
            )}
          />
          {news.data && <Pager info={news.data.info} onPage={setPage} busy={news.isFetching} />}
        </>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة خبر' : 'تعديل الخبر'}
        onClose={() => setEditing(null)}
        wide
      >
        {editing === 'new' ? (
          categories.data ? (
            <NewsEditor key="new" initial={null} categories={categories.data} onDone={() => setEditing(null)} />
          ) : (
            <Loading />
          )
        ) : (
          editing && <EditExisting key={editing.id} id={editing.id} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </div>
  );
}
