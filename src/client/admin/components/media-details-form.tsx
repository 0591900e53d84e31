/**
 * What readers are told about a library picture: its alt text (for readers who cannot see it; required before an
 * article showing it is published), caption, credit and source (filled in from the file's IPTC/EXIF fields at upload,
 * for the photo editor to check), and its focal point: a click on the picture (or the arrow keys on it) marks the
 * subject, and every crop (cards, the slider, the 1200×630 share image) keeps it in view.
 */
import { Crosshair } from 'lucide-react';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { focusPosition, sizedImage } from '../../../shared/media';
import {
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_CREDIT_MAX,
  MEDIA_SOURCE_MAX,
  mediaUpdateInput,
  type MediaItem,
  type MediaUpdateInput,
} from '../../../shared/schemas/media';
import { fieldErrors } from '../api/client';
import { useUpdateMedia } from '../api/media';
import { Button, described, Field, Input, Textarea } from './ui';

const valuesOf = (m: MediaItem): MediaUpdateInput => ({
  alt: m.alt,
  caption: m.caption,
  credit: m.credit,
  source: m.source,
  focusX: m.focusX,
  focusY: m.focusY,
});

/** The picture with its focal point, chosen by a click or moved with the arrow keys (5% a press). */
function FocusPicker({
  item,
  focus,
  onChange,
  idPrefix,
}: {
  item: MediaItem;
  focus: { focusX: number | null; focusY: number | null };
  onChange: (f: { focusX: number | null; focusY: number | null }) => void;
  idPrefix: string;
}) {
  const x = focus.focusX ?? 50;
  const y = focus.focusY ?? 50;
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onChange({
      focusX: Math.round(Math.min(100, Math.max(0, ((e.clientX - box.left) / box.width) * 100))),
      focusY: Math.round(Math.min(100, Math.max(0, ((e.clientY - box.top) / box.height) * 100))),
    });
  };
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[e.key];
    if (!step) return;
    e.preventDefault();
    const clamp = (v: number) => Math.min(100, Math.max(0, v));
    onChange({ focusX: clamp(x + step[0]!), focusY: clamp(y + step[1]!) });
  };
  return (
    <div className="space-y-1">
      <p id={`${idPrefix}-focus-label`} className="text-sm font-bold">
        النقطة المهمة في الصورة
      </p>
      <div
        role="slider"
        tabIndex={0}
        aria-labelledby={`${idPrefix}-focus-label`}
        aria-describedby={`${idPrefix}-focus-hint`}
        aria-valuetext={focus.focusX === null ? 'الوسط (لم تُحدَّد)' : `${x}% من اليسار، ${y}% من الأعلى`}
        aria-valuenow={x}
        aria-valuemin={0}
        aria-valuemax={100}
        onClick={pick}
        onKeyDown={move}
        className="relative w-full max-w-md cursor-crosshair overflow-hidden rounded-md bg-slate-200 outline-none focus-visible:ring-4 focus-visible:ring-amber-500 dark:bg-slate-800"
        data-testid="focus-picker"
      >
        {/* Its size from the start (the file's proportions), so a click before it loads lands where it is seen. */}
        <img
          src={sizedImage(item.url, 800)}
          alt=""
          width={item.width}
          height={item.height}
          className="block h-auto w-full"
          draggable={false}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
          style={{ left: `${x}%`, top: `${y}%` }}
        />
      </div>
      <p id={`${idPrefix}-focus-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        انقر على موضوع الصورة (أو حرّكه بالأسهم): تبقى هذه النقطة ظاهرة في قصّ البطاقات والشرائح وصورة المشاركة.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-end gap-2" aria-hidden="true">
          <img
            src={sizedImage(item.url, 400)}
            alt=""
            className="h-12 w-12 rounded object-cover"
            style={{ objectPosition: focusPosition(focus) }}
          />
          <img
            src={sizedImage(item.url, 400)}
            alt=""
            className="h-12 w-24 rounded object-cover"
            style={{ objectPosition: focusPosition(focus) }}
          />
        </div>
        {focus.focusX !== null && (
          <Button variant="ghost" onClick={() => onChange({ focusX: null, focusY: null })}>
            <Crosshair className="size-4" aria-hidden="true" /> الوسط
          </Button>
        )}
      </div>
    </div>
  );
}

export function MediaDetailsForm({
  item,
  idPrefix = 'media',
  onSaved,
  withFocus = true,
  readOnly = false,
}: {
  item: MediaItem;
  idPrefix?: string;
  onSaved?: (item: MediaItem) => void;
  withFocus?: boolean;
  /** A writer looking at someone else's picture: shown, not editable. */
  readOnly?: boolean;
}) {
  const [values, setValues] = useState<MediaUpdateInput>(() => valuesOf(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateMedia((saved) => {
    setValues(valuesOf(saved));
    onSaved?.(saved);
  });
  const set = (k: keyof MediaUpdateInput) => (v: string) => setValues((old) => ({ ...old, [k]: v }));
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(item));

  const submit = () => {
    const parsed = mediaUpdateInput.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: item.id, body: parsed.data },
      // The toast says what failed; a field's message also shows next to it (an alt text still needed).
      { onError: (err) => setErrors(fieldErrors(err)) },
    );
  };

  const id = (f: string) => `${idPrefix}-${f}`;
  const text = (f: 'alt' | 'caption' | 'credit' | 'source', label: string, max: number, hint: string, long = false) => (
    <Field label={label} id={id(f)} hint={hint} error={errors[f]}>
      {long ? (
        <Textarea
          id={id(f)}
          rows={2}
          maxLength={max}
          value={values[f]}
          readOnly={readOnly}
          onChange={(e) => set(f)(e.target.value)}
          {...described(id(f), errors[f], true)}
        />
      ) : (
        <Input
          id={id(f)}
          maxLength={max}
          value={values[f]}
          readOnly={readOnly}
          onChange={(e) => set(f)(e.target.value)}
          {...described(id(f), errors[f], true)}
        />
      )}
    </Field>
  );

  return (
    <div className="space-y-3" data-testid={`${idPrefix}-details`}>
      {text(
        'alt',
        'النص البديل (مطلوب قبل النشر)',
        MEDIA_ALT_MAX,
        'صف ما في الصورة لمن لا يراها، في جملة قصيرة (لا تكرر التعليق)',
        true,
      )}
      {text('caption', 'التعليق', MEDIA_CAPTION_MAX, 'يظهر تحت الصورة في الخبر', true)}
      <div className="grid gap-3 sm:grid-cols-2">
        {text('credit', 'حقوق الصورة', MEDIA_CREDIT_MAX, 'مثل: رويترز، فرانس برس، تصوير: …')}
        {text('source', 'المصدر', MEDIA_SOURCE_MAX, 'الوكالة أو مالك الحقوق')}
      </div>
      {withFocus && (
        <FocusPicker
          item={item}
          idPrefix={idPrefix}
          focus={values}
          onChange={(f) => !readOnly && setValues((old) => ({ ...old, ...f }))}
        />
      )}
      {!readOnly && (
        <div className="flex justify-end">
          <Button onClick={submit} disabled={save.isPending || !dirty} data-testid={`${idPrefix}-save`}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ بيانات الصورة'}
          </Button>
        </div>
      )}
    </div>
  );
}
