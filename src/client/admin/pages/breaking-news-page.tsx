import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { breakingNewsInput } from '../../../shared/schemas/admin';
import type { BreakingNewsItem } from '../../../shared/schemas/breaking-news';
import { formatDateTimeOr, fromLocalInput, toLocalInput } from '../lib/admin-format';
import { breakingPageQuery, useDeleteBreaking, useSaveBreaking, useToggleBreaking } from '../api/breaking-news';
import { errorText } from '../api/client';
import { liveListQuery } from '../api/live';
import { applyServerErrors, useSchemaForm } from '../components/form';
import { AlertChannelsField } from '../components/alert-channels';
import { requestAlert } from '../lib/alert-prompt';
import { sessionQuery } from '../api/session';
import { can } from '../../../shared/permissions';
import {
  BackToDashboard,
  Button,
  DataList,
  described,
  Empty,
  Field,
  FormActions,
  FormAlert,
  Input,
  LabeledSwitch,
  Loading,
  Modal,
  PageHeader,
  Pager,
  RowActions,
  Select,
  Switch,
} from '../components/ui';

interface FormValues {
  title: string;
  isActive: boolean;
  priority: string;
  hasExpiry: boolean;
  expiresAt: string;
  /** The linked article's id as text ('' for none). */
  newsId: string;
}

/** What the form sends (SPEC §5): the expiry only when its box is checked and a date is set. */
const toPayload = (v: FormValues) => ({
  title: v.title,
  isActive: v.isActive,
  priority: v.priority,
  expiresAt: v.hasExpiry && v.expiresAt ? fromLocalInput(v.expiresAt) || v.expiresAt : null,
  newsId: v.newsId ? Number(v.newsId) : null,
});

/** The coverages a breaking item can link to (live ones first), and the one it links to now if it is not among them. */
function LinkField({
  form,
  current,
}: {
  form: ReturnType<typeof useSchemaForm<typeof breakingNewsInput, FormValues>>;
  current: number | null;
}) {
  const coverages = useQuery({ ...liveListQuery(), refetchInterval: false });
  const options = coverages.data ?? [];
  const error = form.formState.errors.newsId?.message;
  return (
    <Field label="رابط الخبر العاجل (اختياري)" id="bn-link" hint="يفتح القارئ التغطية من شريط العاجل" error={error}>
      <Select id="bn-link" {...form.register('newsId')} {...described('bn-link', error, true)}>
        <option value="">بلا رابط</option>
        {current !== null && !options.some((c) => c.newsId === current) && (
          <option value={String(current)}>الخبر رقم {current}</option>
        )}
        {options.map((c) => (
          <option key={c.newsId} value={String(c.newsId)}>
            {c.state === 'live' ? 'مباشر: ' : 'انتهت: '}
            {c.title}
          </option>
        ))}
      </Select>
    </Field>
  );
}

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

function BreakingForm({ item, onDone }: { item: BreakingNewsItem | null; onDone: () => void }) {
  const form = useSchemaForm<typeof breakingNewsInput, FormValues>(
    breakingNewsInput,
    item
      ? {
          title: item.title,
          isActive: item.isActive,
          priority: String(item.priority),
          hasExpiry: !!item.expiresAt,
          expiresAt: item.expiresAt ? toLocalInput(item.expiresAt) : '',
          newsId: item.newsId ? String(item.newsId) : '',
        }
      : { title: '', isActive: true, priority: '0', hasExpiry: false, expiresAt: '', newsId: '' },
    toPayload,
  );
  const [alertChannels, setAlertChannels] = useState<string[]>([]);
  const save = useSaveBreaking((saved) => {
    // Ticked «إرسال بالبريد»: the confirmation with whom it reaches, once the item is saved (and only if active).
    if (alertChannels.length && saved.isActive)
      void requestAlert({ source: { type: 'breaking', id: saved.id }, channels: alertChannels, title: saved.title });
    onDone();
  });
  const session = useQuery(sessionQuery(true));
  const { errors } = form.formState;
  const hasExpiry = form.watch('hasExpiry');
  const submit = form.handleSubmit((body) =>
    save.mutate({ id: item?.id, body }, { onError: (err) => applyServerErrors(form, err) }),
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset disabled={save.isPending} className="space-y-4">
        <Field label="عنوان الخبر" id="bn-title" error={errors.title?.message}>
          <Input id="bn-title" {...form.register('title')} {...described('bn-title', errors.title?.message)} />
        </Field>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => <LabeledSwitch checked={field.value} onChange={field.onChange} label="نشط" />}
        />
        <Field
          label="الأولوية (0 - 100)"
          id="bn-priority"
          hint="الأولوية الأعلى تظهر أولاً"
          error={errors.priority?.message}
        >
          <Input
            id="bn-priority"
            type="number"
            min={0}
            max={100}
            {...form.register('priority')}
            {...described('bn-priority', errors.priority?.message, true)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('hasExpiry')} /> تحديد تاريخ انتهاء
        </label>
        {hasExpiry && (
          <Field label="تاريخ الانتهاء (بتوقيت طرابلس)" id="bn-expiry" error={errors.expiresAt?.message}>
            <Input
              id="bn-expiry"
              type="datetime-local"
              {...form.register('expiresAt')}
              {...described('bn-expiry', errors.expiresAt?.message)}
            />
          </Field>
        )}
        <LinkField form={form} current={item?.newsId ?? null} />
        {can(session.data?.admin.role, 'alerts.send') && (
          <AlertChannelsField value={alertChannels} onChange={setAlertChannels} />
        )}
      </fieldset>
      <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ الخبر العاجل') : undefined} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </form>
  );
}

export function BreakingNewsPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(breakingPageQuery(page));
  const [editing, setEditing] = useState<BreakingNewsItem | null | 'new'>(null);
  const toggle = useToggleBreaking();
  const remove = useDeleteBreaking();

  return (
    <div>
      <PageHeader title="الأخبار العاجلة">
        <BackToDashboard />
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" /> إضافة خبر عاجل
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات الأخبار العاجلة</p>
      ) : !list.data?.items.length ? (
        <Empty text="لا توجد أخبار عاجلة" action={<Button onClick={() => setEditing('new')}>إضافة خبر عاجل</Button>} />
      ) : (
        <>
          <DataList
            items={list.data.items}
            keyOf={(b) => b.id}
            title={(b) => b.title}
            columns={[
              { header: 'الرقم', cell: (b) => b.id },
              { header: 'العنوان', cell: (b) => b.title, className: 'max-w-xs font-bold' },
              { header: 'الأولوية', cell: (b) => b.priority },
              {
                header: 'الحالة',
                cell: (b) => (
                  <div className="flex items-center gap-2">
                    <StatusBadge item={b} />
                    <Switch
                      checked={b.isActive}
                      onChange={() => toggle.mutate(b)}
                      label={`تفعيل: ${b.title}`}
                      disabled={toggle.isPending}
                    />
                  </div>
                ),
              },
              { header: 'تاريخ الإنشاء', cell: (b) => formatDateTimeOr(b.createdAt), className: 'whitespace-nowrap' },
              {
                header: 'تاريخ الانتهاء',
                cell: (b) => formatDateTimeOr(b.expiresAt, 'غير محدد'),
                className: 'whitespace-nowrap',
              },
            ]}
            actions={(b) => (
              <RowActions
                name={b.title}
                onEdit={() => setEditing(b)}
                onDelete={() => remove.mutate(b.id)}
                confirmText="هل أنت متأكد من حذف هذا الخبر العاجل؟"
              />
            )}
          />
          <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />
        </>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة خبر عاجل' : 'تعديل الخبر العاجل'}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <BreakingForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}
