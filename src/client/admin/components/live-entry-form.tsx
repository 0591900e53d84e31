/**
 * The live desk's box, for a new entry and for editing one in place: the compact rich-text editor (bold, links,
 * lists), then, a click away, one picture (from the media library, uploaded, or by address) with its caption, a YouTube or X link and a key
 * event's label. Ctrl+Enter (Cmd+Enter on a Mac) sends it from any of its fields; Enter alone never does.
 *
 * It validates with the server's schema (liveEntryInput), and a 400's field messages come back next to their
 * fields. Nothing typed is lost: the box empties only when the caller says the entry was saved (`done.clear`);
 * any failure leaves every field as it was, with the caret back in the text.
 */
import { CLOSE_UNSAVED } from '../lib/leave-warning';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { formatCount, LETTERS } from '../../../shared/plural';
import { LIVE_KEY_EVENT_MAX, liveEntryInput, type LiveEntry } from '../../../shared/schemas/live';
import { fieldErrors } from '../api/client';
import { notify } from '../lib/notify';
import { applyServerErrors, useSchemaForm } from './form';
import { ImageField } from './image-field';
import { RichEditor } from './rich-editor';
import { Button, described, Field, FormAlert, Input } from './ui';

interface EntryValues {
  body: string;
  imageUrl: string;
  imageCaption: string;
  embedUrl: string;
  keyEvent: string;
}

/** What an entry says, as the request sends it (after the schema's defaults and trimming). */
export type EntryPayload = z.output<typeof liveEntryInput>;

const EMPTY: EntryValues = { body: '', imageUrl: '', imageCaption: '', embedUrl: '', keyEvent: '' };
const EXTRAS = ['imageUrl', 'imageCaption', 'embedUrl', 'keyEvent'] as const;

const valuesOf = (e: LiveEntry | undefined): EntryValues =>
  e
    ? {
        body: e.body,
        imageUrl: e.imageUrl ?? '',
        imageCaption: e.imageCaption,
        embedUrl: e.embedUrl ?? '',
        keyEvent: e.keyEvent ?? '',
      }
    : EMPTY;

/** Empty fields are "none"; a caption goes only with a picture. */
const toPayload = (v: EntryValues) => {
  const imageUrl = v.imageUrl.trim();
  return {
    body: v.body,
    imageUrl: imageUrl || null,
    imageCaption: imageUrl ? v.imageCaption : '',
    embedUrl: v.embedUrl.trim() || null,
    keyEvent: v.keyEvent.trim() || null,
  };
};

const snapshot = (v: EntryValues) => JSON.stringify(toPayload(v));

export interface EntryFormDone {
  /** Empties the box for the next entry and puts the caret back in it. */
  clear: () => void;
  /** Puts the server's field messages next to their fields (the text stays) and the caret back in the box. */
  failed: (err: unknown) => void;
}

export function LiveEntryForm({
  idPrefix,
  label,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  blocked,
  alert,
  focus = 'body',
  onSubmit,
  onCancel,
  onDirty,
  children,
}: {
  idPrefix: string;
  /** The text box's label. */
  label: string;
  /** The entry being edited; none for a new one. */
  initial?: LiveEntry;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why it cannot be sent now (the coverage ended): the button says so and stays disabled. */
  blocked?: string;
  /** A failure that belongs to the whole form (shown in it, not only in a toast). */
  alert?: string;
  /** Where the caret goes when the form opens. */
  focus?: 'body' | 'keyEvent';
  onSubmit: (body: EntryPayload, done: EntryFormDone) => void;
  onCancel?: () => void;
  /** Told whether the form holds anything not yet sent (the page warns before it is closed). */
  onDirty?: (dirty: boolean) => void;
  /** Shown above the buttons (a conflict, a deleted entry). */
  children?: ReactNode;
}) {
  const start = valuesOf(initial);
  const form = useSchemaForm<typeof liveEntryInput, EntryValues>(liveEntryInput, start, toPayload);
  const { errors } = form.formState;
  const box = useRef<HTMLFormElement>(null);
  const startSnapshot = useRef(snapshot(start));
  /** Bumped to start the text box afresh (after a post: empty). */
  const [editorKey, setEditorKey] = useState(0);
  /** Where the caret is to go once the form can take it (the text box is disabled while a post is on its way). */
  const focusNext = useRef<'body' | 'keyEvent' | null>(focus);
  const [focusTick, setFocusTick] = useState(0);
  const refocus = () => {
    focusNext.current = 'body';
    setFocusTick((t) => t + 1);
  };
  const [uploading, setUploading] = useState(false);
  const [more, setMore] = useState(() => EXTRAS.some((f) => f !== 'imageCaption' && start[f]) || focus === 'keyEvent');
  const imageUrl = form.watch('imageUrl');
  const extrasInvalid = EXTRAS.some((f) => errors[f]);
  const showMore = more || extrasInvalid;
  const onDirtyRef = useRef(onDirty);
  onDirtyRef.current = onDirty;

  useEffect(() => {
    const sub = form.watch((v) => onDirtyRef.current?.(snapshot(v as EntryValues) !== startSnapshot.current));
    return () => {
      sub.unsubscribe();
      onDirtyRef.current?.(false);
    };
  }, [form]);

  // The caret: in the text box when the form opens (or in the key event's field when that is what was asked for),
  // and back in the text box after each post or failure, as soon as the box is enabled again. The editor's own
  // effects (creating it, enabling it) have run by then.
  useEffect(() => {
    const want = focusNext.current;
    if (!want || pending) return;
    focusNext.current = null;
    if (want === 'keyEvent') return void box.current?.querySelector<HTMLElement>(`#${idPrefix}-key-event`)?.focus();
    const editor = box.current?.querySelector<HTMLElement>('.ql-editor');
    if (!editor) return;
    editor.focus();
    // At the end of what is there (an edit goes on from its last word), not before its first.
    const range = document.createRange();
    range.selectNodeContents(editor);
    range.collapse(false);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
  }, [focusTick, pending, idPrefix]);

  const done: EntryFormDone = {
    clear: () => {
      form.reset(EMPTY);
      startSnapshot.current = snapshot(EMPTY);
      onDirtyRef.current?.(false);
      setEditorKey((k) => k + 1);
      setMore(false);
      refocus();
    },
    failed: (err) => {
      applyServerErrors(form, err);
      if (Object.keys(fieldErrors(err)).some((f) => f !== 'body')) setMore(true);
      refocus();
    },
  };

  const submit = () => {
    if (pending) return;
    if (blocked) return void notify.info(blocked);
    if (uploading) return void notify.info('يرجى الانتظار حتى اكتمال تحميل الصورة');
    void form.handleSubmit(
      (body) => onSubmit(body, done),
      (invalid) => {
        if (!invalid.body) box.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      },
    )();
  };

  const cancel = () => {
    if (snapshot(form.getValues()) !== startSnapshot.current && !window.confirm(CLOSE_UNSAVED)) return;
    onCancel?.();
  };

  const field = (name: string) => `${idPrefix}-${name}`;
  const bodyLabel = field('body-label');

  return (
    <form
      ref={box}
      noValidate
      // Enter alone in a field never sends the entry; Ctrl+Enter (Cmd+Enter) does, from anywhere in the form.
      onSubmit={(e) => e.preventDefault()}
      onKeyDownCapture={(e) => {
        if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
        e.preventDefault();
        e.stopPropagation();
        submit();
      }}
      className="space-y-3"
      data-testid={`${idPrefix}-form`}
    >
      <div className="space-y-1">
        <span id={bodyLabel} className="block text-sm font-bold">
          {label}
        </span>
        <Controller
          control={form.control}
          name="body"
          render={({ field: f }) => (
            <RichEditor
              key={editorKey}
              compact
              value={f.value}
              onChange={f.onChange}
              disabled={pending}
              labelledBy={bodyLabel}
              placeholder="اكتب التحديث هنا..."
            />
          )}
        />
        {errors.body?.message && (
          <p role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
            {errors.body.message}
          </p>
        )}
      </div>

      <fieldset disabled={pending} className="min-w-0 space-y-3">
        <button
          type="button"
          aria-expanded={showMore}
          aria-controls={field('more')}
          onClick={() => setMore(!showMore)}
          className="inline-flex min-h-9 items-center gap-1 rounded-md px-1 text-sm font-bold text-blue-900 hover:underline dark:text-blue-300"
        >
          {showMore ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
          صورة، رابط يوتيوب أو إكس، حدث بارز
        </button>
        <div id={field('more')} hidden={!showMore} className="min-w-0 space-y-3">
          <Controller
            control={form.control}
            name="imageUrl"
            render={({ field: f }) => (
              <ImageField
                // Afresh after a post (no file name left from the last picture).
                key={editorKey}
                value={f.value}
                onChange={f.onChange}
                error={errors.imageUrl?.message}
                onUploading={setUploading}
                label="صورة (اختياري)"
                idPrefix={field('image')}
                // A library picture brings its caption and credit (agencies require the credit wherever it goes).
                onPicked={(item) => {
                  if (form.getValues('imageCaption').trim()) return;
                  const caption = [item.caption, item.credit && `الصورة: ${item.credit}`].filter(Boolean).join(' — ');
                  form.setValue('imageCaption', caption, { shouldDirty: true });
                }}
              />
            )}
          />
          {imageUrl.trim() && (
            <Field label="تعليق الصورة" id={field('caption')} error={errors.imageCaption?.message}>
              <Input
                id={field('caption')}
                {...form.register('imageCaption')}
                {...described(field('caption'), errors.imageCaption?.message)}
              />
            </Field>
          )}
          <Field
            label="رابط يوتيوب أو إكس (اختياري)"
            id={field('embed')}
            hint="يظهر للقراء بطاقةً تفتح الرابط"
            error={errors.embedUrl?.message}
          >
            <Input
              id={field('embed')}
              dir="ltr"
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.register('embedUrl')}
              {...described(field('embed'), errors.embedUrl?.message, true)}
            />
          </Field>
          <Field
            label="حدث بارز (اختياري)"
            id={field('key-event')}
            hint={`عنوان قصير للحدث يظهر في قائمة الأحداث البارزة، حتى ${formatCount(LIVE_KEY_EVENT_MAX, LETTERS)}`}
            error={errors.keyEvent?.message}
          >
            <Input
              id={field('key-event')}
              {...form.register('keyEvent')}
              {...described(field('key-event'), errors.keyEvent?.message, true)}
            />
          </Field>
        </div>
      </fieldset>

      {children}
      <FormAlert message={alert} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="me-auto hidden text-xs text-slate-600 sm:inline dark:text-slate-400">
          <kbd dir="ltr">Ctrl+Enter</kbd> للنشر
        </span>
        {onCancel && (
          <Button variant="secondary" onClick={cancel}>
            إلغاء
          </Button>
        )}
        <Button onClick={submit} disabled={pending || !!blocked} aria-keyshortcuts="Control+Enter Meta+Enter">
          {pending ? pendingLabel : (blocked ?? submitLabel)}
        </Button>
      </div>
    </form>
  );
}
