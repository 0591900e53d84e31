/**
 * The article editor (SPEC §2's dialog: title, short description, section, image, featured, rich text), grown into
 * the newsroom's: byline, authors and tags; the workflow's buttons for this role and state (save as draft, submit for
 * review, publish, schedule at a Tripoli time, unpublish); autosave while typing; a warning before leaving unsaved
 * work; "being edited by …" when someone else has it open; a clear conflict message (and reload) when someone saved
 * first; the history of revisions with a diff and restore; and a preview exactly as readers will see it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Eye, History, RefreshCw, Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../../shared/format';
import { actionsFor, canEdit, isEditorRole, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import type { Role } from '../../../shared/permissions';
import {
  newsInput,
  PRESENCE_HEARTBEAT_MS,
  type AdminNewsItem,
  type NewsFormValues,
  type NewsInput,
  type StaffRef,
} from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { errorText } from '../api/client';
import {
  autosave,
  createDraft,
  discardAutosave,
  heartbeat,
  isEditConflict as isConflict,
  leave,
  newsDetailQuery,
  useRestoreRevision,
  useSaveNews,
  useTransition,
} from '../api/news';
import { AuthorsField } from './authors-field';
import { applyServerErrors, useSchemaForm } from './form';
import { ImageField } from './image-field';
import { actionLabel, StatusBadge } from './news-status';
import { RevisionsPanel } from './revisions-panel';
import { RichEditor } from './rich-editor';
import { TagsField } from './tags-field';
import { Button, described, Field, FormAlert, Input, LabeledSwitch, Select, Textarea } from './ui';

/** Quiet time after the last keystroke before an autosave. */
export const AUTOSAVE_DELAY_MS = 3000;

export interface Me {
  id: number;
  role: Role;
}

type Values = NewsFormValues & { authors: number[]; tags: string[] };

const valuesOf = (a: AdminNewsItem | null, me: Me): Values =>
  a
    ? {
        title: a.title,
        description: a.description,
        content: a.content,
        category: a.category,
        imageUrl: a.imageUrl ?? '',
        featured: a.featured,
        byline: a.byline,
        authors: a.staff.map((s) => s.id),
        tags: a.tags.map((t) => t.name),
      }
    : {
        title: '',
        description: '',
        content: '',
        category: '',
        imageUrl: '',
        featured: false,
        byline: '',
        authors: [me.id],
        tags: [],
      };

/** The comparable text of the form (what autosave and "unsaved changes" look at). */
const snapshot = (v: Values) =>
  JSON.stringify([v.title, v.description, v.content, v.category, v.imageUrl, v.featured, v.byline, v.authors, v.tags]);

/** A random key per new article, so a create retried after a lost answer makes one article. */
const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function NewsEditor({
  initial,
  categories,
  me,
  onDone,
  onCancel = onDone,
  onDirty,
}: {
  initial: AdminNewsItem | null;
  categories: Category[];
  me: Me;
  /** After a save: close. */
  onDone: () => void;
  /** The cancel button (the page asks first if there is unsaved work). */
  onCancel?: () => void;
  /** Told whether there is work not yet saved anywhere (the page asks before closing). */
  onDirty?: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [article, setArticle] = useState<AdminNewsItem | null>(initial);
  const id = article?.id;
  const status: NewsStatus | null = article?.status ?? null;
  const version = useRef(initial?.version ?? 1);
  const key = useRef(newKey());
  const form = useSchemaForm<typeof newsInput, Values>(newsInput, valuesOf(initial, me));
  const { errors } = form.formState;
  const [uploading, setUploading] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [others, setOthers] = useState<StaffRef[]>([]);
  const [view, setView] = useState<'edit' | 'history'>('edit');
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState(() =>
    toLocalInput(
      article?.status === 'scheduled' && article.publishedAt
        ? article.publishedAt
        : new Date(Date.now() + 3_600_000).toISOString(),
    ),
  );
  const [whenError, setWhenError] = useState<string>();
  const [saved, setSaved] = useState<{ at: string; aside: boolean } | null>(null);
  const [autosaveFailed, setAutosaveFailed] = useState(false);
  const [pendingAutosave, setPendingAutosave] = useState(initial?.autosave ?? null);
  const lastSaved = useRef(snapshot(valuesOf(initial, me)));
  const [dirty, setDirty] = useState(false);

  const access = {
    status: status ?? 'draft',
    own: !article || article.createdBy?.id === me.id || article.staff.some((s) => s.id === me.id),
  };
  const editable = canEdit(me.role, access);
  const actions = actionsFor(me.role, access);

  const markSaved = useCallback(
    (values: Values) => {
      lastSaved.current = snapshot(values);
      setDirty(false);
      onDirty?.(false);
    },
    [onDirty],
  );

  /** Takes the server's article as the new starting point (after a save, a restore or a reload). */
  const adopt = useCallback(
    (a: AdminNewsItem) => {
      setArticle(a);
      version.current = a.version;
      const values = valuesOf(a, me);
      form.reset(values);
      markSaved(values);
      setConflict(null);
    },
    [form, me, markSaved],
  );

  // Autosave: a few seconds after the last change, what the editor holds goes to the server (a draft in review or
  // being written is saved itself; a published or scheduled one is kept aside for this editor).
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const running = useRef(false);
  /** The autosave that is creating the article, if one is under way (a save waits for it, then saves that one). */
  const creating = useRef<Promise<AdminNewsItem> | null>(null);
  const runAutosave = useCallback(async () => {
    if (running.current || conflict || !editable || uploading) return;
    const values = form.getValues();
    const now = snapshot(values);
    if (now === lastSaved.current || !values.title.trim() || !values.category) return;
    running.current = true;
    try {
      if (!id) {
        // The first autosave of a new article makes it a draft (once, whatever the network does: one key).
        creating.current = createDraft({ ...values, action: 'draft' } as NewsInput, key.current);
        const created = await creating.current.finally(() => (creating.current = null));
        setArticle(created);
        version.current = created.version;
        setSaved({ at: created.updatedAt, aside: false });
      } else {
        const { version: _v, action: _a, publishAt: _p, ...body } = values as NewsInput;
        const res = await autosave(id, { ...body, version: version.current });
        if (res.target === 'article') version.current = res.version;
        setSaved({ at: res.savedAt, aside: res.target === 'autosave' });
      }
      lastSaved.current = now;
      const still = snapshot(form.getValues()) !== now;
      setDirty(still);
      onDirty?.(still);
      setAutosaveFailed(false);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'news', 'list'] });
    } catch (err) {
      if (isConflict(err)) setConflict(errorText(err, 'عدّل شخص آخر هذا الخبر'));
      else setAutosaveFailed(true);
    } finally {
      running.current = false;
    }
  }, [conflict, editable, uploading, form, id, queryClient, onDirty]);

  useEffect(() => {
    const sub = form.watch((values) => {
      const changed = snapshot(values as Values) !== lastSaved.current;
      setDirty(changed);
      onDirty?.(changed);
      clearTimeout(timer.current);
      if (changed) timer.current = setTimeout(() => void runAutosave(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [form, runAutosave, onDirty]);

  // Leaving the page with work that is not saved anywhere yet: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Who else has it open: a heartbeat while the editor is open, and goodbye when it closes.
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    const beat = () =>
      heartbeat(id)
        .then((list) => !stopped && setOthers(list))
        .catch(() => undefined);
    void beat();
    const t = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(t);
      void leave(id);
    };
  }, [id]);

  const save = useSaveNews((item) => {
    adopt(item);
    onDone();
  });
  const transition = useTransition((item) => {
    adopt(item);
    onDone();
  });
  const restore = useRestoreRevision((item) => {
    adopt(item);
    setView('edit');
  });
  const busy = save.isPending || transition.isPending || restore.isPending;

  const submit = (action: NewsAction | undefined, publishAt?: string) =>
    form.handleSubmit(
      async (values) => {
        if (uploading) return void toast.info('يرجى الانتظار حتى اكتمال تحميل الصورة');
        clearTimeout(timer.current);
        // An autosave creating this article right now: save that one, not a second.
        const made = creating.current ? await creating.current.catch(() => null) : null;
        const target = id ?? made?.id;
        const body: NewsInput = {
          ...values,
          action,
          publishAt,
          version: target ? (made && !id ? made.version : version.current) : undefined,
        };
        save.mutate(
          { id: target, body, key: key.current, isNew: !initial },
          {
            onError: (err) => {
              if (isConflict(err)) setConflict(errorText(err, 'عدّل شخص آخر هذا الخبر'));
              else applyServerErrors(form, err);
            },
          },
        );
      },
      () => undefined,
    )();

  const runAction = (action: NewsAction) => {
    form.setValue('action', action);
    form.setValue('publishAt', undefined);
    if (action === 'schedule') return setScheduling(true);
    // A writer's own draft, or anything an editor holds: the text goes with the action.
    if (editable) return void submit(action === 'unpublish' ? undefined : action);
    if (id) transition.mutate({ id, body: { action, version: version.current } });
  };

  const confirmSchedule = () => {
    const at = fromLocalInput(when);
    if (!at) return setWhenError('موعد النشر غير صالح');
    if (new Date(at).getTime() <= Date.now()) return setWhenError('موعد النشر يجب أن يكون في المستقبل');
    setWhenError(undefined);
    form.setValue('action', 'schedule');
    form.setValue('publishAt', at);
    void submit('schedule', at);
  };

  const reload = async () => {
    if (!id) return;
    const fresh = await queryClient.fetchQuery({ ...newsDetailQuery(id), staleTime: 0 });
    adopt(fresh);
    toast.info('أُعيد تحميل الخبر بآخر نسخة محفوظة');
  };

  const values = form.watch();
  // "Unpublish" needs no text: on a published article it goes through the transition (and keeps the text as saved).
  const unpublish = () => id && transition.mutate({ id, body: { action: 'unpublish', version: version.current } });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        {status ? <StatusBadge status={status} /> : <StatusBadge status="draft" />}
        {status === 'scheduled' && article?.publishedAt && (
          <span className="text-blue-900 dark:text-blue-200">
            <CalendarClock className="me-1 inline size-4" aria-hidden="true" />
            يُنشر في {formatDateTime(article.publishedAt)} بتوقيت طرابلس
          </span>
        )}
        <span className="text-slate-600 dark:text-slate-300" data-testid="autosave-status">
          {autosaveFailed
            ? 'تعذّر الحفظ التلقائي؛ ستُعاد المحاولة مع التعديل التالي'
            : dirty
              ? 'تعديلات غير محفوظة'
              : saved
                ? saved.aside
                  ? `حُفظت تعديلاتك جانباً تلقائياً ${formatDateTime(saved.at)} (لم تظهر للقراء بعد)`
                  : `حُفظ تلقائياً ${formatDateTime(saved.at)}`
                : ''}
        </span>
        <span className="ms-auto flex flex-wrap gap-2">
          {id && (
            <a
              href={`/preview/news/${id}`}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-9 items-center gap-1 rounded-md border border-slate-300 px-3 py-2 font-bold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              <Eye className="size-4" aria-hidden="true" /> معاينة
            </a>
          )}
          {id && (
            <Button variant="secondary" onClick={() => setView(view === 'edit' ? 'history' : 'edit')}>
              <History className="size-4" aria-hidden="true" /> {view === 'edit' ? 'سجل النسخ' : 'العودة للتحرير'}
            </Button>
          )}
        </span>
      </div>

      {others.length > 0 && (
        <p
          role="status"
          data-testid="presence"
          className="flex items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm font-bold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <Users className="size-4 shrink-0" aria-hidden="true" />
          يحرّر هذا الخبر الآن أيضاً: {others.map((o) => o.fullName).join('، ')}
        </p>
      )}

      {conflict && (
        <div
          role="alert"
          data-testid="edit-conflict"
          className="space-y-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-bold">{conflict}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            <RefreshCw className="size-4" aria-hidden="true" /> إعادة تحميل الخبر
          </Button>
        </div>
      )}

      {pendingAutosave && editable && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded border border-blue-300 bg-blue-50 p-2 text-sm dark:border-blue-800 dark:bg-blue-950"
        >
          <span className="font-bold">
            لديك تعديلات محفوظة تلقائياً من {formatDateTime(pendingAutosave.savedAt)} لم تُنشر بعد
            {article && pendingAutosave.baseVersion !== article.version ? ' (على نسخة أقدم من الحالية)' : ''}.
          </span>
          <Button
            variant="secondary"
            onClick={() => {
              form.reset({ ...form.getValues(), ...pendingAutosave.payload });
              setPendingAutosave(null);
            }}
          >
            استعادتها
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              if (id) void discardAutosave(id);
              setPendingAutosave(null);
            }}
          >
            تجاهلها
          </Button>
        </div>
      )}

      {view === 'history' && id ? (
        <RevisionsPanel
          newsId={id}
          current={{
            title: values.title ?? '',
            description: values.description ?? '',
            content: values.content ?? '',
            byline: values.byline ?? '',
          }}
          canRestore={editable}
          restoring={restore.isPending}
          restoreError={restore.error}
          onRestore={(revisionId) => restore.mutate({ id, revisionId, version: version.current })}
        />
      ) : (
        // Enter in a field never publishes by itself: every action is a button of its own.
        <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-4">
          <fieldset disabled={busy || !editable} className="space-y-4">
            {!editable && (
              <p className="rounded bg-slate-100 p-2 text-sm dark:bg-slate-800">
                هذا الخبر {status === 'published' ? 'منشور' : 'ليس مسودتك'}؛ يعدّله المحررون فقط.
              </p>
            )}
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
                  />
                )}
              />
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
            </div>
            <Controller
              control={form.control}
              name="imageUrl"
              render={({ field }) => (
                <ImageField
                  value={field.value ?? ''}
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
          </fieldset>

          {scheduling && (
            <div className="space-y-2 rounded border border-blue-300 bg-blue-50 p-3 dark:border-blue-800 dark:bg-blue-950">
              <Field
                label="موعد النشر (بتوقيت طرابلس)"
                id="news-publish-at"
                error={whenError ?? errors.publishAt?.message}
              >
                <Input
                  id="news-publish-at"
                  type="datetime-local"
                  step={60}
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                  {...described('news-publish-at', whenError ?? errors.publishAt?.message)}
                />
              </Field>
              <div className="flex gap-2">
                <Button onClick={confirmSchedule} disabled={busy}>
                  <CalendarClock className="size-4" aria-hidden="true" /> تأكيد الجدولة
                </Button>
                <Button variant="ghost" onClick={() => setScheduling(false)}>
                  إلغاء
                </Button>
              </div>
            </div>
          )}

          <FormAlert
            message={
              !conflict && (save.isError || transition.isError)
                ? errorText(save.error ?? transition.error, 'حدث خطأ أثناء حفظ الخبر')
                : undefined
            }
          />
          <div className="flex flex-wrap justify-end gap-2" data-testid="news-actions">
            <Button variant="secondary" onClick={onCancel}>
              إلغاء
            </Button>
            {editable && (status === 'published' || status === 'scheduled' || status === 'unpublished') && (
              <Button
                variant={status === 'unpublished' ? 'secondary' : 'primary'}
                disabled={busy || uploading}
                onClick={() => void submit(undefined)}
              >
                حفظ
              </Button>
            )}
            {actions
              // A published article's plain save is "حفظ"; an editor's own review step is only for writers' work.
              .filter((a) => !(a === 'publish' && status === 'published'))
              .filter((a) => !(a === 'review' && isEditorRole(me.role) && status !== 'review'))
              .map((a) => (
                <Button
                  key={a}
                  variant={a === 'publish' ? 'primary' : a === 'unpublish' ? 'danger-outline' : 'secondary'}
                  className={a === 'unpublish' ? 'ms-4' : ''}
                  disabled={busy || uploading}
                  onClick={() => (a === 'unpublish' ? unpublish() : runAction(a))}
                >
                  {busy && form.getValues('action') === a ? 'جاري الحفظ...' : actionLabel(a, status)}
                </Button>
              ))}
          </div>
        </form>
      )}
    </div>
  );
}
