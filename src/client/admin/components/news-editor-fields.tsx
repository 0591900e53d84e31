/**
 * The article editor's fields (SPEC §2: title, short description, section, image, featured, rich text; the
 * newsroom's authors, byline and tags). The title and the description state their limits and count as one types;
 * every message shows next to its field.
 */
import { Controller, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { formatNumber } from '../../../shared/format';
import { isEditorRole } from '../../../shared/news-workflow';
import { can } from '../../../shared/permissions';
import { formatCount, LETTERS } from '../../../shared/plural';
import type { NewsFormValues, NewsInput } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { AuthorsField } from './authors-field';
import { ImageField } from './image-field';
import { RichEditor } from './rich-editor';
import { TagsField } from './tags-field';
import { described, Field, Input, LabeledSwitch, Select, Textarea } from './ui';
import type { Me } from './news-editor-state';

export type NewsFormFields = NewsFormValues & { authors: number[]; tags: string[] };

/**
 * "48 / 300" beside a field, red with what is too many once the text passes its limit. Counted as the server counts:
 * after trimming. Screen readers hear it with the field (aria-describedby), and once when the limit is passed.
 */
export function CharCount({ id, value, max }: { id: string; value: string | undefined; max: number }) {
  const n = (value ?? '').trim().length;
  const over = n - max;
  return (
    <p
      id={`${id}-count`}
      data-testid={`${id}-count`}
      className={`text-xs ${over > 0 ? 'font-bold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
    >
      <span className="sr-only">عدد الأحرف: </span>
      <bdi dir="ltr">
        {formatNumber(n)} / {formatNumber(max)}
      </bdi>
      {over > 0 && <span role="status"> — أطول من المسموح بـ{formatCount(over, LETTERS)}</span>}
    </p>
  );
}

/** What ties an input to its hint, its counter and its error (the counter is read with the field). */
const describedWithCount = (id: string, error?: string) => {
  const base = described(id, error, true);
  return { ...base, 'aria-describedby': [base['aria-describedby'], `${id}-count`].filter(Boolean).join(' ') };
};

export function NewsFields({
  form,
  categories,
  me,
  editable,
  busy,
  bodyKey,
  onUploading,
}: {
  form: UseFormReturn<NewsFormFields, unknown, NewsInput>;
  categories: Category[];
  me: Me;
  editable: boolean;
  busy: boolean;
  /** Changes when the body is replaced from outside (a restored revision, an autosave taken back): a fresh editor. */
  bodyKey: number;
  onUploading: (busy: boolean) => void;
}) {
  const { errors } = form.formState;
  const title = form.watch('title');
  const description = form.watch('description');
  // Naming authors and writing the byline are the editors' ('news.credit'): a writer sees who is credited, read only,
  // and the form sends the article's own authors and byline back unchanged (the server refuses any other).
  const credits = can(me.role, 'news.credit');
  const byline = form.watch('byline');
  return (
    <>
      <Field
        label="عنوان الخبر"
        id="news-title"
        hint={`حتى ${formatCount(LIMITS.newsTitleMax, LETTERS)}`}
        error={errors.title?.message}
      >
        <Input
          id="news-title"
          {...form.register('title')}
          {...describedWithCount('news-title', errors.title?.message)}
        />
        <CharCount id="news-title" value={title} max={LIMITS.newsTitleMax} />
      </Field>
      <Field
        label="وصف مختصر"
        id="news-description"
        hint={`حتى ${formatCount(LIMITS.newsDescriptionMax, LETTERS)}`}
        error={errors.description?.message}
      >
        <Textarea
          id="news-description"
          rows={2}
          {...form.register('description')}
          {...describedWithCount('news-description', errors.description?.message)}
        />
        <CharCount id="news-description" value={description} max={LIMITS.newsDescriptionMax} />
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
        {isEditorRole(me.role) && (
          <div className="flex items-end pb-2">
            <Controller
              control={form.control}
              name="featured"
              render={({ field }) => (
                <LabeledSwitch checked={!!field.value} onChange={field.onChange} label="خبر مميز" />
              )}
            />
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="authors"
          render={({ field }) => (
            <AuthorsField
              value={field.value ?? []}
              onChange={field.onChange}
              error={(errors.authors as { message?: string } | undefined)?.message}
              disabled={!credits}
            />
          )}
        />
        {credits ? (
          <Field
            label="سطر التوقيع (اختياري)"
            id="news-byline"
            hint="مثل: تقرير وترجمة: …"
            error={errors.byline?.message}
          >
            <Input
              id="news-byline"
              {...form.register('byline')}
              {...described('news-byline', errors.byline?.message, true)}
            />
          </Field>
        ) : (
          byline && (
            <Field label="سطر التوقيع" id="news-byline" hint="يحدده المحرر">
              <Input id="news-byline" value={byline} readOnly aria-describedby="news-byline-hint" />
            </Field>
          )
        )}
      </div>
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field }) => (
          <ImageField
            value={field.value ?? ''}
            onChange={(url) => field.onChange(url)}
            error={errors.imageUrl?.message}
            onUploading={onUploading}
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
              key={bodyKey}
              value={field.value ?? ''}
              onChange={field.onChange}
              disabled={busy || !editable}
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
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagsField
            value={field.value ?? []}
            onChange={field.onChange}
            error={(errors.tags as { message?: string } | undefined)?.message}
          />
        )}
      />
    </>
  );
}
