import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { slugify } from '../../../shared/arabic';
import { CATEGORY_DEFAULT_COLOR } from '../../../shared/constants';
import type { Category } from '../../../shared/schemas/categories';
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
} from '../components/ui';
import { adminGet, adminSend, errorText } from '../lib/admin-api';
import { formatDateOr } from '../../lib/format';

const KEY = ['admin', 'categories'];
interface Form {
  name: string;
  slug: string;
  description: string;
  color: string;
  isActive: boolean;
}

export function CategoriesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => adminGet<Category[]>('/api/admin/categories') });
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [form, setForm] = useState<Form>({
    name: '',
    slug: '',
    description: '',
    color: CATEGORY_DEFAULT_COLOR,
    isActive: true,
  });
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['categories'] }),
      queryClient.invalidateQueries({ queryKey: ['news'] }),
    ]);
  const fail = (fallback: string) => (err: unknown) =>
    toast.error('حدث خطأ', { description: errorText(err, fallback) });

  const save = useMutation({
    mutationFn: (body: unknown) =>
      editing === 'new'
        ? adminSend('POST', '/api/admin/categories', body)
        : adminSend('PUT', `/api/admin/categories/${(editing as Category).id}`, body),
    onSuccess: async () => {
      toast.success(editing === 'new' ? 'تمت الإضافة' : 'تم التحديث');
      setEditing(null);
      await refresh();
    },
    onError: fail('حدث خطأ أثناء حفظ التصنيف'),
  });
  const toggle = useMutation({
    mutationFn: (c: Category) => adminSend('PUT', `/api/admin/categories/${c.id}`, { isActive: !c.isActive }),
    onSuccess: refresh,
    onError: fail('حدث خطأ أثناء تحديث حالة التنشيط'),
  });
  const move = useMutation({
    mutationFn: (v: { id: number; direction: 'up' | 'down' }) => adminSend('POST', '/api/admin/categories/reorder', v),
    onSuccess: refresh,
    onError: fail('حدث خطأ أثناء تغيير ترتيب التصنيف'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/categories/${id}`),
    onSuccess: async () => {
      toast.success('تم الحذف');
      await refresh();
    },
    onError: fail('حدث خطأ أثناء حذف التصنيف'),
  });

  const open = (c: Category | 'new') => {
    setErrors({});
    setForm(
      c === 'new'
        ? { name: '', slug: '', description: '', color: CATEGORY_DEFAULT_COLOR, isActive: true }
        : { name: c.name, slug: c.slug, description: c.description ?? '', color: c.color, isActive: c.isActive },
    );
    setEditing(c);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const slug = form.slug.trim() || slugify(form.name);
    const next = {
      name: form.name.trim() ? undefined : 'اسم التصنيف مطلوب',
      slug: slug ? undefined : 'معرف التصنيف مطلوب',
    };
    setErrors(next);
    if (next.name || next.slug) return;
    save.mutate({
      name: form.name.trim(),
      slug,
      isActive: form.isActive,
      ...(form.description.trim() ? { description: form.description.trim() } : {}),
      ...(form.color ? { color: form.color } : {}),
      ...(editing === 'new' ? { order: list.data?.length ?? 0 } : {}),
    });
  };
  const rows = list.data ?? [];

  return (
    <div>
      <PageHeader title="إدارة التصنيفات">
        <BackToDashboard />
        <Button onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden="true" /> إضافة تصنيف
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات التصنيفات</p>
      ) : !rows.length ? (
        <Empty text="لا توجد تصنيفات" action={<Button onClick={() => open('new')}>إضافة تصنيف</Button>} />
      ) : (
        <TableShell>
          <thead>
            <tr>
              <th>الترتيب</th>
              <th>الاسم</th>
              <th>المعرف</th>
              <th>الوصف</th>
              <th>اللون</th>
              <th>الحالة</th>
              <th>تاريخ الإنشاء</th>
              <th>إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c, i) => (
              <tr key={c.id} data-testid={`category-row-${c.slug}`}>
                <td>{c.order + 1}</td>
                <td className="font-bold">{c.name}</td>
                <td dir="ltr" className="text-start">
                  {c.slug}
                </td>
                <td className="max-w-xs text-xs">{c.description}</td>
                <td>
                  <span
                    className="inline-block size-5 rounded border"
                    style={{ backgroundColor: c.color }}
                    title={c.color}
                  />
                </td>
                <td>
                  <Switch checked={c.isActive} onChange={() => toggle.mutate(c)} label={`تنشيط: ${c.name}`} />
                </td>
                <td>{formatDateOr(c.createdAt)}</td>
                <td>
                  <RowActions
                    name={c.name}
                    onEdit={() => open(c)}
                    onDelete={() => remove.mutate(c.id)}
                    confirmText="هل أنت متأكد من حذف هذا التصنيف؟ سيؤثر ذلك على جميع الأخبار المرتبطة به!"
                  >
                    <Button
                      variant="ghost"
                      disabled={i === 0 || move.isPending}
                      onClick={() => move.mutate({ id: c.id, direction: 'up' })}
                      aria-label={`تحريك للأعلى: ${c.name}`}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={i === rows.length - 1 || move.isPending}
                      onClick={() => move.mutate({ id: c.id, direction: 'down' })}
                      aria-label={`تحريك للأسفل: ${c.name}`}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </Button>
                  </RowActions>
                </td>
              </tr>
            ))}
          </tbody>
        </TableShell>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة تصنيف' : 'تعديل التصنيف'}
        onClose={() => setEditing(null)}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset disabled={save.isPending} className="space-y-4">
            <Field label="اسم التصنيف" id="cat-name" error={errors.name}>
              <Input
                id="cat-name"
                value={form.name}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    name: e.target.value,
                    slug: editing === 'new' ? slugify(e.target.value) : f.slug,
                  }))
                }
              />
            </Field>
            <Field
              label="المعرف (slug)"
              id="cat-slug"
              error={errors.slug}
              hint="يستخدم في الروابط: أحرف إنجليزية وأرقام وشرطات"
            >
              <div className="flex gap-2">
                <Input
                  id="cat-slug"
                  dir="ltr"
                  value={form.slug}
                  onChange={(e) => setForm({ ...form, slug: e.target.value })}
                />
                <Button variant="secondary" onClick={() => setForm((f) => ({ ...f, slug: slugify(f.name) }))}>
                  توليد من الاسم
                </Button>
              </div>
            </Field>
            <Field label="الوصف" id="cat-description">
              <Input
                id="cat-description"
                value={form.description}
                onChange={(e) => setForm({ ...form, description: e.target.value })}
              />
            </Field>
            <Field label="اللون" id="cat-color">
              <input
                id="cat-color"
                type="color"
                value={form.color}
                onChange={(e) => setForm({ ...form, color: e.target.value })}
                className="h-10 w-20 rounded border"
              />
            </Field>
            <LabeledSwitch checked={form.isActive} onChange={(v) => setForm({ ...form, isActive: v })} label="نشط" />
          </fieldset>
          <FormActions onCancel={() => setEditing(null)} saving={save.isPending} />
        </form>
      </Modal>
    </div>
  );
}
