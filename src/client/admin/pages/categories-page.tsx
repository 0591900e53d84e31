import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { sectionNameKey, slugify } from '../../../shared/arabic';
import { CATEGORY_DEFAULT_COLOR } from '../../../shared/constants';
import { categoryInput, categoryNameTaken } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { formatDateOr } from '../lib/admin-format';
import {
  categoriesQuery,
  useDeleteCategory,
  useMoveCategory,
  useSaveCategory,
  useToggleCategory,
} from '../api/categories';
import { errorText } from '../api/client';
import { applyServerErrors, useSchemaForm } from '../components/form';
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
  RowActions,
  Switch,
} from '../components/ui';

interface FormValues {
  name: string;
  slug: string;
  description: string;
  color: string;
  isActive: boolean;
}

function CategoryForm({ item, existing, onDone }: { item: Category | null; existing: Category[]; onDone: () => void }) {
  const count = existing.length;
  // SPEC §5: description and colour are sent only when set; a new section goes last; an empty slug comes from the name.
  const toPayload = (v: FormValues) => ({
    name: v.name,
    slug: v.slug.trim() || slugify(v.name),
    isActive: v.isActive,
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    ...(v.color ? { color: v.color } : {}),
    ...(item ? {} : { order: count }),
  });
  const form = useSchemaForm<typeof categoryInput, FormValues>(
    categoryInput,
    item
      ? {
          name: item.name,
          slug: item.slug,
          description: item.description ?? '',
          color: item.color,
          isActive: item.isActive,
        }
      : { name: '', slug: '', description: '', color: CATEGORY_DEFAULT_COLOR, isActive: true },
    toPayload,
  );
  const save = useSaveCategory(onDone);
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    // A name that reads like another section's (Arabic folding, any case) is refused here at once; the server and
    // its unique index refuse it too (two admins at once).
    const twin = existing.find((c) => c.id !== item?.id && sectionNameKey(c.name) === sectionNameKey(body.name));
    if (twin) return form.setError('name', { type: 'taken', message: categoryNameTaken(twin.name) });
    save.mutate({ id: item?.id, body }, { onError: (err) => applyServerErrors(form, err) });
  });
  const name = form.register('name', {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (!item) form.setValue('slug', slugify(e.target.value), { shouldValidate: !!errors.slug });
    },
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset disabled={save.isPending} className="space-y-4">
        <Field label="اسم التصنيف" id="cat-name" error={errors.name?.message}>
          <Input id="cat-name" {...name} {...described('cat-name', errors.name?.message)} />
        </Field>
        <Field
          label="المعرف (slug)"
          id="cat-slug"
          error={errors.slug?.message}
          hint="يستخدم في الروابط: أحرف إنجليزية وأرقام وشرطات"
        >
          <div className="flex gap-2">
            <Input
              id="cat-slug"
              dir="ltr"
              {...form.register('slug')}
              {...described('cat-slug', errors.slug?.message, true)}
            />
            <Button
              variant="secondary"
              className="shrink-0"
              onClick={() => form.setValue('slug', slugify(form.getValues('name')), { shouldValidate: true })}
            >
              توليد من الاسم
            </Button>
          </div>
        </Field>
        <Field label="الوصف" id="cat-description" error={errors.description?.message}>
          <Input id="cat-description" {...form.register('description')} />
        </Field>
        <Field label="اللون" id="cat-color" error={errors.color?.message}>
          <input id="cat-color" type="color" {...form.register('color')} className="h-10 w-20 rounded border" />
        </Field>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => <LabeledSwitch checked={field.value} onChange={field.onChange} label="نشط" />}
        />
      </fieldset>
      <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ التصنيف') : undefined} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </form>
  );
}

export function CategoriesPage() {
  const list = useQuery(categoriesQuery());
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const toggle = useToggleCategory();
  const move = useMoveCategory();
  const remove = useDeleteCategory();
  const rows = list.data ?? [];

  return (
    <div>
      <PageHeader title="إدارة التصنيفات">
        <BackToDashboard />
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" /> إضافة تصنيف
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات التصنيفات</p>
      ) : !rows.length ? (
        <Empty text="لا توجد تصنيفات" action={<Button onClick={() => setEditing('new')}>إضافة تصنيف</Button>} />
      ) : (
        <DataList
          items={rows}
          keyOf={(c) => c.id}
          testId={(c) => `category-row-${c.slug}`}
          title={(c) => c.name}
          columns={[
            { header: 'الترتيب', cell: (c) => c.order + 1 },
            { header: 'الاسم', cell: (c) => c.name, className: 'font-bold' },
            {
              header: 'المعرف',
              cell: (c) => (
                <span dir="ltr" className="text-start">
                  {c.slug}
                </span>
              ),
            },
            { header: 'الوصف', cell: (c) => c.description, className: 'max-w-xs text-xs' },
            {
              header: 'اللون',
              cell: (c) => (
                <span
                  className="inline-block size-5 rounded border align-middle"
                  style={{ backgroundColor: c.color }}
                  title={c.color}
                />
              ),
            },
            {
              header: 'الحالة',
              cell: (c) => (
                <Switch
                  checked={c.isActive}
                  onChange={() => toggle.mutate(c)}
                  label={`تنشيط: ${c.name}`}
                  disabled={toggle.isPending}
                />
              ),
            },
            { header: 'تاريخ الإنشاء', cell: (c) => formatDateOr(c.createdAt) },
          ]}
          actions={(c) => {
            const i = rows.indexOf(c);
            return (
              <RowActions
                name={c.name}
                onEdit={() => setEditing(c)}
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
            );
          }}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'إضافة تصنيف' : 'تعديل التصنيف'}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <CategoryForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            existing={rows}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}
