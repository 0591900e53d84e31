import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BreakingNewsItem } from '../../../shared/schemas/breaking-news';
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
import { formatDateTimeOr } from '../../lib/format';

const KEY = ['admin', 'breaking-news'];
interface Form {
  title: string;
  isActive: boolean;
  priority: string;
  hasExpiry: boolean;
  expiresAt: string;
}
const EMPTY: Form = { title: '', isActive: true, priority: '0', hasExpiry: false, expiresAt: '' };

/** yyyy-MM-ddTHH:mm for a datetime-local input, in the browser's zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Active, inactive, or active but past its expiry (readers no longer see it). */
function StatusBadge({ item }: { item: BreakingNewsItem }) {
  const expired = item.isActive && item.expiresAt !== null && new Date(item.expiresAt).getTime() < Date.now();
  const [label, tone] = expired
    ? ['منتهي', 'bg-amber-100 text-amber-900']
    : item.isActive
      ? ['نشط', 'bg-green-100 text-green-900']
      : ['غير نشط', 'bg-slate-200 text-slate-800'];
  return <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${tone}`}>{label}</span>;
}

export function BreakingNewsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => adminGet<BreakingNewsItem[]>('/api/admin/breaking-news') });
  const [editing, setEditing] = useState<BreakingNewsItem | null | 'new'>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string>();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['breaking-news'] }),
    ]);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      editing === 'new'
        ? adminSend('POST', '/api/admin/breaking-news', body)
        : adminSend('PUT', `/api/admin/breaking-news/${(editing as BreakingNewsItem).id}`, body),
    onSuccess: async () => {
      toast.success(editing === 'new' ? 'تمت الإضافة' : 'تم التحديث');
      setEditing(null);
      await refresh();
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حفظ الخبر العاجل') }),
  });
  const toggle = useMutation({
    mutationFn: (b: BreakingNewsItem) =>
      adminSend('PUT', `/api/admin/breaking-news/${b.id}`, { isActive: !b.isActive }),
    onSuccess: async () => {
      toast.success('تم التحديث');
      await refresh();
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء تحديث حالة الخبر العاجل') }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/breaking-news/${id}`),
    onSuccess: async () => {
      toast.success('تم الحذف');
      await refresh();
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حذف الخبر العاجل') }),
  });

  const open = (item: BreakingNewsItem | 'new') => {
    setError(undefined);
    setForm(
      item === 'new'
        ? EMPTY
        : {
            title: item.title,
            isActive: item.isActive,
            priority: String(item.priority),
            hasExpiry: !!item.expiresAt,
            expiresAt: item.expiresAt ? toLocalInput(item.expiresAt) : '',
          },
    );
    setEditing(item);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.title.trim()) return setError('عنوان الخبر العاجل مطلوب');
    const n = Number.parseInt(form.priority, 10);
    save.mutate({
      title: form.title.trim(),
      isActive: form.isActive,
      priority: Number.isNaN(n) ? 0 : Math.min(100, Math.max(0, n)),
      expiresAt: form.hasExpiry && form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
    });
  };

  return (
    <div>
      <PageHeader title="الأخبار العاجلة">
        <BackToDashboard />
        <Button onClick={() => open('new')}>
          <Plus className="size-4" aria-hidden="true" /> إضافة خبر عاجل
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات الأخبار العاجلة</p>
      ) : !list.data?.length ? (
        <Empty text="لا توجد أخبار عاجلة" action={<Button onClick={() => open('new')}>إضافة خبر عاجل</Button>} />
      ) : (
        <TableShell>
          <thead>
            <tr>
              <th>الرقم</th>
              <th>العنوان</th>
              <th>الأولوية</th>
              <th>الحالة</th>
              <th>تاريخ الإنشاء</th>
              <th>تاريخ الانتهاء</th>
              <th>إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((b) => (
              <tr key={b.id}>
                <td>{b.id}</td>
                <td className="max-w-xs font-bold">{b.title}</td>
                <td>{b.priority}</td>
                <td>
                  <div className="flex items-center gap-2">
                    <StatusBadge item={b} />
                    <Switch
                      checked={b.isActive}
                      onChange={() => toggle.mutate(b)}
                      label={`تفعيل: ${b.title}`}
                      disabled={toggle.isPending}
                    />
                  </div>
                </td>
                <td className="whitespace-nowrap">{formatDateTimeOr(b.createdAt)}</td>
                <td className="whitespace-nowrap">{formatDateTimeOr(b.expiresAt, 'غير محدد')}</td>
                <td>
                  <RowActions
                    name={b.title}
                    onEdit={() => open(b)}
                    onDelete={() => remove.mutate(b.id)}
                    confirmText="هل أنت متأكد من حذف هذا الخبر العاجل؟"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </TableShell>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة خبر عاجل' : 'تعديل الخبر العاجل'}
        onClose={() => setEditing(null)}
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset disabled={save.isPending} className="space-y-4">
            <Field label="عنوان الخبر" id="bn-title" error={error}>
              <Input id="bn-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
            </Field>
            <LabeledSwitch checked={form.isActive} onChange={(v) => setForm({ ...form, isActive: v })} label="نشط" />
            <Field label="الأولوية (0 - 100)" id="bn-priority" hint="الأولوية الأعلى تظهر أولاً">
              <Input
                id="bn-priority"
                type="number"
                min={0}
                max={100}
                value={form.priority}
                onChange={(e) => setForm({ ...form, priority: e.target.value })}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.hasExpiry}
                onChange={(e) => setForm({ ...form, hasExpiry: e.target.checked })}
              />{' '}
              تحديد تاريخ انتهاء
            </label>
            {form.hasExpiry && (
              <Field label="تاريخ الانتهاء" id="bn-expiry">
                <Input
                  id="bn-expiry"
                  type="datetime-local"
                  value={form.expiresAt}
                  onChange={(e) => setForm({ ...form, expiresAt: e.target.value })}
                />
              </Field>
            )}
          </fieldset>
          <FormActions onCancel={() => setEditing(null)} saving={save.isPending} />
        </form>
      </Modal>
    </div>
  );
}
