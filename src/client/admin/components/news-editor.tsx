/** The article editor (SPEC §2's dialog): title, short description, section, image, featured, rich text. */
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { newsInput, type AdminNewsItem, type NewsInput } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { errorText } from '../api/client';
import { useSaveNews } from '../api/news';
import { applyServerErrors, useSchemaForm } from './form';
import { ImageField } from './image-field';
import { RichEditor } from './rich-editor';
import { described, Field, FormActions, FormAlert, Input, LabeledSwitch, Select, Textarea } from './ui';

export function NewsEditor({
  initial,
  categories,
  onDone,
}: {
  initial: AdminNewsItem | null;
  categories: Category[];
  onDone: () => void;
}) {
  const form = useSchemaForm<typeof newsInput, NewsInput>(
    newsInput,
    initial
      ? {
          title: initial.title,
          description: initial.description,
          content: initial.content,
          category: initial.category,
          imageUrl: initial.imageUrl ?? '',
          featured: initial.featured,
        }
      : { title: '', description: '', content: '', category: '', imageUrl: '', featured: false },
  );
  const [uploading, setUploading] = useState(false);
  const save = useSaveNews(() => onDone());
  const { errors } = form.formState;
  const busy = save.isPending;

  const submit = form.handleSubmit((body) => {
    if (uploading) return void toast.info('يرجى الانتظار حتى اكتمال تحميل الصورة');
    save.mutate({ id: initial?.id, body }, { onError: (err) => applyServerErrors(form, err) });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset disabled={busy} className="space-y-4">
        <Field label="عنوان الخبر" id="news-title" error={errors.title?.message}>
          <Input id="news-title" {...form.register('title')} {...described('news-title', errors.title?.message)} />
        </Field>
        <Field label="وصف مختصر" id="news-description" error={errors.description?.message}>
          <Textarea
            id="news-description"
            rows={2}
            {...form.register('description')}
            {...described('news-description', errors.description?.message)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="التصنيف" id="news-category" error={errors.category?.message}>
            <Select
              id="news-category"
              {...form.register('category')}
              {...described('news-category', errors.category?.message)}
            >
              <option value="">اختر التصنيف</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <div className="sm:pt-6">
            <Controller
              control={form.control}
              name="featured"
              render={({ field }) => (
                <LabeledSwitch checked={!!field.value} onChange={field.onChange} label="خبر مميز" />
              )}
            />
          </div>
        </div>
        <Controller
          control={form.control}
          name="imageUrl"
          render={({ field }) => (
            <ImageField
              value={field.value}
              onChange={(url) => field.onChange(url)}
              error={errors.imageUrl?.message}
              onUploading={setUploading}
            />
          )}
        />
        <div className="space-y-1">
          <span id="news-content-label" className="block text-sm font-bold">
            محتوى الخبر
          </span>
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <RichEditor
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                labelledBy="news-content-label"
              />
            )}
          />
          {errors.content?.message && (
            <p role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
              {errors.content.message}
            </p>
          )}
        </div>
      </fieldset>
      <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ الخبر') : undefined} />
      <FormActions onCancel={onDone} saving={busy || uploading} />
    </form>
  );
}
