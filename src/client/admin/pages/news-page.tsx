import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import type { AdminNewsItem } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { RichEditor } from '../components/rich-editor';
import {
  BackToDashboard,
  Button,
  Empty,
  Field,
  FormActions,
  Input,
  LabeledSwitch,
  Loading,
  Modal,
  PageHeader,
  RowActions,
  Switch,
  TableShell,
  inputClass,
} from '../components/ui';
import { adminGet, adminSend, errorText, uploadImage } from '../lib/admin-api';
import { formatDateTimeOr, formatNumber } from '../../lib/format';

const KEY = ['admin', 'news'];
interface Form {
  title: string;
  description: string;
  content: string;
  category: string;
  imageUrl: string;
  featured: boolean;
}
const EMPTY: Form = { title: '', description: '', content: '', category: '', imageUrl: '', featured: false };

function NewsForm({
  initial,
  categories,
  onDone,
}: {
  initial: AdminNewsItem | null;
  categories: Category[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(
    initial
      ? {
          title: initial.title,
          description: initial.description,
          content: initial.content,
          category: initial.category,
          imageUrl: initial.imageUrl ?? '',
          featured: initial.featured,
        }
      : EMPTY,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (body: Form) =>
      initial ? adminSend('PUT', `/api/admin/news/${initial.id}`, body) : adminSend('POST', '/api/admin/news', body),
    onSuccess: async () => {
      toast.success(initial ? 'تم التحديث' : 'تمت الإضافة');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['news'] }),
      ]);
      onDone();
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حفظ الخبر') }),
  });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const { url } = await uploadImage(file, setProgress);
      setForm((f) => ({ ...f, imageUrl: url }));
      toast.success('تم رفع الصورة');
    } catch (err) {
      toast.error('خطأ في تحميل الصورة', { description: errorText(err, 'تعذّر رفع الصورة') });
    } finally {
      setProgress(null);
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (progress !== null) return void toast.info('يرجى الانتظار حتى اكتمال تحميل الصورة');
    if (!form.title.trim() || !form.description.trim() || !form.content.trim() || !form.category)
      return setError('جميع الحقول مطلوبة');
    if (!form.imageUrl.trim()) return setError('يرجى تحميل صورة للخبر أو توفير رابط صورة');
    setError(undefined);
    save.mutate({
      ...form,
      title: form.title.trim(),
      description: form.description.trim(),
      imageUrl: form.imageUrl.trim(),
    });
  };

  const busy = save.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && (
        <p
          role="alert"
          className="rounded bg-red-50 p-2 text-sm font-bold text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
      <fieldset disabled={busy} className="space-y-4">
        <Field label="عنوان الخبر" id="news-title">
          <Input id="news-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </Field>
        <Field label="وصف مختصر" id="news-description">
          <textarea
            id="news-description"
            rows={2}
            className={inputClass}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="التصنيف" id="news-category">
            <select
              id="news-category"
              className={inputClass}
              value={form.category}
              onChange={(e) => setForm({ ...form, category: e.target.value })}
            >
              <option value="">اختر التصنيف</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <div className="pt-6">
            <LabeledSwitch
              checked={form.featured}
              onChange={(v) => setForm({ ...form, featured: v })}
              label="خبر مميز"
            />
          </div>
        </div>
        <Field label="صورة الخبر" id="news-image-file" hint="JPG أو PNG أو GIF أو WebP، حتى 10 ميغابايت">
          <input
            id="news-image-file"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            onChange={(e) => upload(e.target.files?.[0])}
            className="block w-full text-sm"
          />
          {progress !== null && (
            <div
              className="mt-2"
              role="progressbar"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label="تقدم رفع الصورة"
            >
              <div className="h-2 rounded bg-slate-200 dark:bg-slate-700">
                <div className="h-2 rounded bg-blue-800 transition-all" style={{ width: `${progress}%` }} />
              </div>
              <p className="text-xs">{progress}%</p>
            </div>
          )}
        </Field>
        <Field label="أو رابط صورة" id="news-image-url">
          <Input
            id="news-image-url"
            dir="ltr"
            value={form.imageUrl}
            onChange={(e) => setForm({ ...form, imageUrl: e.target.value })}
            placeholder="https://"
          />
        </Field>
        {form.imageUrl && (
          <img
            src={sizedImage(form.imageUrl, 400)}
            alt="معاينة الصورة"
            className="h-32 rounded object-cover"
            onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_IMAGE)}
          />
        )}
        <div className="space-y-1">
          <span id="news-content-label" className="block text-sm font-bold">
            محتوى الخبر
          </span>
          <RichEditor
            value={form.content}
            onChange={(html) => setForm((f) => ({ ...f, content: html }))}
            disabled={busy}
            labelledBy="news-content-label"
          />
        </div>
      </fieldset>
      <FormActions onCancel={onDone} saving={busy} />
    </form>
  );
}

export function NewsPage() {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('all');
  const news = useQuery({ queryKey: KEY, queryFn: () => adminGet<AdminNewsItem[]>('/api/admin/news') });
  const categories = useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: () => adminGet<Category[]>('/api/admin/categories'),
  });
  const [editing, setEditing] = useState<AdminNewsItem | 'new' | null>(null);

  const featured = useMutation({
    mutationFn: (n: AdminNewsItem) => adminSend('PATCH', `/api/admin/news/${n.id}/featured`, { featured: !n.featured }),
    onMutate: async (n) => {
      await queryClient.cancelQueries({ queryKey: KEY });
      const before = queryClient.getQueryData<AdminNewsItem[]>(KEY);
      queryClient.setQueryData<AdminNewsItem[]>(KEY, (list) =>
        list?.map((x) => (x.id === n.id ? { ...x, featured: !n.featured } : x)),
      );
      return { before };
    },
    onError: (err, _n, ctx) => {
      queryClient.setQueryData(KEY, ctx?.before);
      toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء تحديث حالة التمييز') });
    },
    onSuccess: (_d, n) => {
      toast.success(n.featured ? 'تم إلغاء تمييز الخبر' : 'تم تمييز الخبر');
      void queryClient.invalidateQueries({ queryKey: ['news'] });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/news/${id}`),
    onSuccess: async () => {
      toast.success('تم الحذف');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['news'] }),
      ]);
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حذف الخبر') }),
  });

  const needle = q.trim().toLowerCase();
  const rows = (news.data ?? []).filter(
    (n) =>
      (category === 'all' || n.category === category) &&
      (!needle || n.title.toLowerCase().includes(needle) || n.description.toLowerCase().includes(needle)),
  );

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
          placeholder="ابحث في العنوان والوصف..."
          value={q}
          onChange={(e) => setQ(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <label htmlFor="news-filter" className="sr-only">
          التصنيف
        </label>
        <select
          id="news-filter"
          className={`${inputClass} max-w-48`}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="all">جميع التصنيفات</option>
          {categories.data?.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
        <Button variant="secondary" onClick={() => (setQ(''), setCategory('all'))}>
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
        <TableShell>
          <thead>
            <tr>
              <th>الرقم</th>
              <th>العنوان</th>
              <th>التصنيف</th>
              <th>المشاهدات</th>
              <th>مميز</th>
              <th>تاريخ النشر</th>
              <th>إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((n) => (
              <tr key={n.id} data-testid={`news-row-${n.id}`}>
                <td>{n.id}</td>
                <td className="max-w-md">
                  <div className="flex items-center gap-3">
                    <img
                      src={n.imageUrl ? sizedImage(n.imageUrl, 400) : PLACEHOLDER_IMAGE}
                      alt=""
                      width={64}
                      height={36}
                      loading="lazy"
                      className="h-9 w-16 shrink-0 rounded object-cover"
                    />
                    <div className="min-w-0">
                      <p className="line-clamp-1 font-bold">{n.title}</p>
                      <p className="line-clamp-1 text-xs text-slate-600 dark:text-slate-400">{n.description}</p>
                    </div>
                  </div>
                </td>
                <td>{n.categoryName}</td>
                <td>{formatNumber(n.views)}</td>
                <td>
                  <Switch checked={n.featured} onChange={() => featured.mutate(n)} label={`مميز: ${n.title}`} />
                </td>
                <td className="whitespace-nowrap">{formatDateTimeOr(n.publishedAt)}</td>
                <td>
                  <RowActions
                    name={n.title}
                    onEdit={() => setEditing(n)}
                    onDelete={() => remove.mutate(n.id)}
                    confirmText="هل أنت متأكد من حذف هذا الخبر؟"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </TableShell>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة خبر' : 'تعديل الخبر'}
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <NewsForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            categories={categories.data ?? []}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}
