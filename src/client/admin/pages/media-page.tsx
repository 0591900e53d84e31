/**
 * The media library (/admin/media): every picture the newsroom uploaded, newest first, a page at a time from the
 * server; search over alt text, caption, credit, source and file name (Arabic folded as the site search folds it),
 * filters by uploader and by day; each picture with where it is used. A picture opens its details: alt text, caption,
 * credit, source, focal point, the articles that show it, and delete (refused, with the list, while anything uses it).
 */
import { useQuery } from '@tanstack/react-query';
import { ImageUp, RotateCcw } from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import { formatCount } from '../../../shared/plural';
import { IN_ARTICLES } from '../../../shared/nouns';
import { sizedImage, focusPosition } from '../../../shared/media';
import { STATUS_LABELS, type NewsStatus } from '../../../shared/news-workflow';
import { can } from '../../../shared/permissions';
import type { MediaItem } from '../../../shared/schemas/media';
import { errorText } from '../api/client';
import { mediaKeys, mediaListQuery, mediaUploadersQuery, uploadImage, useDeleteMedia } from '../api/media';
import { sessionQuery } from '../api/session';
import { MediaDetailsForm } from '../components/media-details-form';
import { SearchBox } from '../components/search-box';
import {
  BackToDashboard,
  Button,
  Empty,
  FormAlert,
  Input,
  inputClass,
  Loading,
  Modal,
  PageHeader,
  Pager,
  Select,
} from '../components/ui';
import { useQueryClient } from '@tanstack/react-query';

const PAGE_SIZE = 24;

function Uses({ item }: { item: MediaItem }) {
  if (!item.useCount) return <p className="text-xs text-slate-600 dark:text-slate-400">غير مستخدمة</p>;
  return (
    <div className="text-xs">
      <p className="font-bold">مستخدمة في {formatCount(item.useCount, IN_ARTICLES)}:</p>
      <ul className="list-inside list-disc">
        {item.uses.map((u) => (
          <li key={u.newsId} className="truncate">
            <Link to={`/admin/news?edit=${u.newsId}`} className="text-blue-800 hover:underline dark:text-blue-300">
              {u.title}
            </Link>{' '}
            <span className="text-slate-500">({STATUS_LABELS[u.status as NewsStatus] ?? u.status})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A day to filter by, named in Arabic beside it. Empty, it hides the browser's own pattern of the date (mm/dd/yyyy in
 * a browser set to English, which reads as nothing in an Arabic form; admin.css) until it is used.
 */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <label className="flex items-center gap-2">
      <span className="shrink-0 text-sm font-bold text-slate-700 dark:text-slate-300">{label}</span>
      <Input
        type="date"
        title="اختر اليوم من التقويم"
        value={value}
        data-empty={value ? undefined : ''}
        className={`${inputClass} date-filter`}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function MediaPage() {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery(true));
  const me = session.data?.admin;
  const [text, setText] = useState('');
  const q = useDeferredValue(text);
  const [uploader, setUploader] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  const [uploadState, setUploadState] = useState<{ progress: number | null; error?: string }>({ progress: null });
  const file = useRef<HTMLInputElement>(null);
  const filter = { q, uploader, from, to, page, pageSize: PAGE_SIZE };
  const list = useQuery(mediaListQuery(filter));
  const uploaders = useQuery(mediaUploadersQuery());
  const remove = useDeleteMedia();
  const canDelete = can(me?.role, 'news.publish');

  const reset = () => {
    setText('');
    setUploader(null);
    setFrom('');
    setTo('');
    setPage(1);
  };

  const upload = async (f: File | undefined) => {
    if (!f) return;
    setUploadState({ progress: 0 });
    try {
      const item = await uploadImage(f, (p) => setUploadState({ progress: p }));
      setUploadState({ progress: null });
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      setOpen(item);
    } catch (err) {
      setUploadState({ progress: null, error: `خطأ في تحميل الصورة: ${errorText(err, 'تعذّر رفع الصورة')}` });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div>
      <PageHeader title="مكتبة الوسائط">
        <BackToDashboard />
        <label className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md bg-blue-900 px-3 py-2 text-sm font-bold text-white hover:bg-blue-800 focus-within:outline focus-within:outline-3 focus-within:outline-amber-500">
          <ImageUp className="size-4" aria-hidden="true" /> رفع صورة
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="sr-only"
            data-testid="media-upload"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
      </PageHeader>
      {uploadState.progress !== null && <p role="status">جاري رفع الصورة… {uploadState.progress}%</p>}
      {uploadState.error && (
        <p role="alert" className="mb-3 font-bold text-red-700 dark:text-red-400">
          {uploadState.error}
        </p>
      )}

      <form
        role="search"
        onSubmit={(e) => e.preventDefault()}
        className="mb-4 grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] dark:border-slate-800 dark:bg-slate-900"
      >
        <SearchBox
          label="البحث في النص البديل والتعليق والحقوق"
          placeholder="ابحث: وصف، تعليق، حقوق، اسم الملف…"
          value={text}
          onChange={(v) => {
            setText(v);
            setPage(1);
          }}
        />
        <Select
          aria-label="رفعها"
          value={uploader ?? ''}
          onChange={(e) => {
            setUploader(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
        >
          <option value="">كل من رفع</option>
          {uploaders.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.fullName}
            </option>
          ))}
        </Select>
        <DayFilter
          label="من تاريخ"
          value={from}
          onChange={(day) => {
            setFrom(day);
            setPage(1);
          }}
        />
        <DayFilter
          label="إلى تاريخ"
          value={to}
          onChange={(day) => {
            setTo(day);
            setPage(1);
          }}
        />
        <Button variant="secondary" onClick={reset}>
          <RotateCcw className="size-4" aria-hidden="true" /> إعادة تعيين
        </Button>
      </form>

      {list.isError && <FormAlert message={errorText(list.error, 'فشل جلب صور المكتبة')} />}
      {!list.data && !list.isError && <Loading />}
      {list.data && !list.data.items.length && (
        <Empty text={q || uploader || from || to ? 'لا توجد صور تطابق البحث' : 'المكتبة فارغة؛ ارفع أول صورة'} />
      )}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="media-grid">
        {list.data?.items.map((m) => (
          <li
            key={m.id}
            className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
            data-testid="media-card"
          >
            <button
              type="button"
              onClick={() => setOpen(m)}
              className="block"
              aria-label={`بيانات الصورة: ${m.alt || m.caption || m.originalName}`}
            >
              <img
                src={sizedImage(m.url, 400)}
                alt=""
                loading="lazy"
                className="aspect-video w-full bg-slate-200 object-cover dark:bg-slate-800"
                style={{ objectPosition: focusPosition(m) }}
              />
            </button>
            <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
              {m.alt ? (
                <p className="line-clamp-2">{m.alt}</p>
              ) : (
                <p className="font-bold text-amber-800 dark:text-amber-300">بلا نص بديل</p>
              )}
              {m.caption && <p className="line-clamp-2 text-slate-600 dark:text-slate-300">{m.caption}</p>}
              {m.credit && <p className="text-xs font-bold">الصورة: {m.credit}</p>}
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {m.createdBy?.fullName ?? 'النظام'} · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <Uses item={m} />
            </div>
          </li>
        ))}
      </ul>
      {list.data && <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />}

      <Modal
        open={!!open}
        title="بيانات الصورة"
        wide
        onClose={() => {
          setOpen(null);
          setDeleteError(undefined);
        }}
      >
        {open && (
          <div className="space-y-4">
            <MediaDetailsForm
              key={open.id}
              item={open}
              idPrefix="library"
              readOnly={!canDelete && open.createdBy?.id !== me?.id}
              onSaved={setOpen}
            />
            <Uses item={open} />
            <FormAlert message={deleteError} />
            {canDelete && (
              <div className="flex justify-end border-t border-slate-200 pt-3 dark:border-slate-800">
                <Button
                  variant="danger-outline"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm('هل أنت متأكد من حذف هذه الصورة من المكتبة؟')) return;
                    setDeleteError(undefined);
                    remove.mutate(open.id, {
                      onSuccess: () => setOpen(null),
                      onError: (err) => setDeleteError(errorText(err, 'حدث خطأ أثناء حذف الصورة')),
                    });
                  }}
                >
                  حذف الصورة
                </Button>
              </div>
            )}
          </div>
        )}
      </Modal>
    </div>
  );
}
