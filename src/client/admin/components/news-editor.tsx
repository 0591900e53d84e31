/**
 * The article editor (SPEC §2's dialog), grown into the newsroom's: the workflow's buttons for this role and state
 * (save as draft, submit for review, publish, schedule at a Tripoli time, unpublish) in a bar that stays in reach;
 * autosave while typing; a warning before leaving unsaved work; "being edited by …" when someone else has it open; a
 * clear conflict message (and reload) when someone saved first; the history of revisions with a word diff, where
 * restoring loads a revision into the editor for review (nothing changes for readers until it is saved); and a
 * preview exactly as readers will see it.
 *
 * Beside it, the story's notes (news-notes-panel.tsx): the staff's editorial notes on a draft or a story in review,
 * and on a published story the corrections, clarifications and updates readers see.
 *
 * This file holds the editor's state and what it sends; the form's values (news-editor-state.ts), autosave
 * (use-news-autosave.ts), presence (use-presence.ts), the fields, the publishing bar, the notices and the notes are
 * their own files.
 */
import { useLeaveWarning } from '../lib/leave-warning';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromLocalInput, toLocalInput } from '../lib/admin-format';
import { actionsFor, canEdit, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import { can } from '../../../shared/permissions';
import { newsInput, type AdminNewsItem, type NewsInput, type NewsRevision } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { errorText } from '../api/client';
import {
  discardAutosave,
  isEditConflict as isConflict,
  newsDetailQuery,
  staffQuery,
  useSaveNews,
  useTransition,
} from '../api/news';
import { notify } from '../lib/notify';
import { applyServerErrors, useSchemaForm } from './form';
import { LiveCoverageAction, useLiveAfterFirstSave } from './live-coverage-action';
import { NewsActionsBar } from './news-actions-bar';
import { AlertChannelsField, SendAlertButton } from './alert-channels';
import { requestAlert } from '../lib/alert-prompt';
import { NewsFields } from './news-editor-fields';
import { FIELDS, newKey, valuesOf, type Me, type Values } from './news-editor-state';
import { NewsNotesPanel } from './news-notes-panel';
import { useNewsAutosave } from './use-news-autosave';
import { usePresence } from './use-presence';
import {
  ConflictNotice,
  EditorStatusLine,
  PendingAutosaveNotice,
  PresenceNotice,
  RestoredNotice,
} from './news-editor-notices';
import { RevisionsPanel } from './revisions-panel';

export type { Me } from './news-editor-state';

interface Restored {
  id: number;
  version: number;
  at: string;
  by: string;
  /** What the editor held before, for «التراجع عن الاستعادة». */
  previous: Values;
}

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
  const [uploading, setUploading] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const others = usePresence(id);
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
  const [pendingAutosave, setPendingAutosave] = useState(initial?.autosave ?? null);
  const [restored, setRestored] = useState<Restored | null>(null);
  /** Bumped when the body is replaced from outside, so the rich-text editor starts again from it. */
  const [bodyKey, setBodyKey] = useState(0);

  const access = {
    status: status ?? 'draft',
    own: !article || article.createdBy?.id === me.id || article.staff.some((s) => s.id === me.id),
  };
  const editable = canEdit(me.role, access);
  const actions = actionsFor(me.role, access);

  /** The first autosave of a new article made it: from now on it is that article. */
  const onCreated = useCallback((created: AdminNewsItem) => {
    setArticle(created);
    version.current = created.version;
  }, []);
  const auto = useNewsAutosave({
    form,
    start: valuesOf(initial, me),
    id,
    version,
    idempotencyKey: key.current,
    enabled: editable && !uploading,
    conflict,
    onConflict: setConflict,
    onCreated,
    onDirty,
  });
  const { dirty, markSaved } = auto;
  useLeaveWarning(() => dirty);

  /** Takes the server's article as the new starting point (after a save or a reload). */
  const adopt = useCallback(
    (a: AdminNewsItem) => {
      setArticle(a);
      version.current = a.version;
      const values = valuesOf(a, me);
      form.reset(values);
      markSaved(values);
      setConflict(null);
      setRestored(null);
    },
    [form, me, markSaved],
  );

  /** Puts other text in the form (a restored revision, autosaved edits) as unsaved changes of the editor's own. */
  const replaceValues = (values: Values) => {
    for (const field of FIELDS) form.setValue(field, values[field] as never, { shouldDirty: true });
    setBodyKey((k) => k + 1);
  };

  // The schedule's field takes the focus when it opens (it sits in the publishing bar, beside its buttons).
  useEffect(() => {
    if (scheduling) document.getElementById('news-publish-at')?.focus();
  }, [scheduling]);

  const live = useLiveAfterFirstSave(me.role, !initial);
  /** The channels ticked to send the story on once it is published (the confirmation comes after the save). */
  const [alertChannels, setAlertChannels] = useState<string[]>([]);
  const alertIfPublished = (item: AdminNewsItem) => {
    if (item.status === 'published' && status !== 'published' && alertChannels.length)
      void requestAlert({ source: { type: 'news', id: item.id }, channels: alertChannels, title: item.title });
  };
  const save = useSaveNews((item) => {
    alertIfPublished(item);
    adopt(item);
    // Opened from «تغطية جديدة»: the saved article becomes live coverage and its desk opens (not the list).
    if (live.wanted) live.start(item.id);
    else onDone();
  });
  const transition = useTransition((item) => {
    alertIfPublished(item);
    adopt(item);
    onDone();
  });
  const busy = save.isPending || transition.isPending;

  const submit = (action: NewsAction | undefined, publishAt?: string) =>
    form.handleSubmit(
      async (values) => {
        if (uploading) return void notify.info('يرجى الانتظار حتى اكتمال تحميل الصورة');
        auto.cancel();
        // An autosave creating this article right now: save that one, not a second.
        const made = auto.creating.current ? await auto.creating.current.catch(() => null) : null;
        const target = id ?? made?.id;
        const body: NewsInput = {
          ...values,
          action,
          publishAt,
          restoredFrom: target && restored ? restored.id : undefined,
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
    if (action === 'unpublish') {
      // "Unpublish" needs no text: it goes through the transition (and keeps the text as saved).
      if (id) transition.mutate({ id, body: { action: 'unpublish', version: version.current } });
      return;
    }
    form.setValue('action', action);
    form.setValue('publishAt', undefined);
    if (action === 'schedule') return setScheduling(true);
    // A writer's own draft, or anything an editor holds: the text goes with the action.
    if (editable) return void submit(action);
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
    setBodyKey((k) => k + 1);
    notify.info('أُعيد تحميل الخبر بآخر نسخة محفوظة');
  };

  /** Restore: the revision's text goes into the editor for review; only a save changes the article. */
  const loadRevision = async (rev: NewsRevision) => {
    const staff = await queryClient.fetchQuery(staffQuery()).catch(() => null);
    const authors = rev.authors.map((a) => a.id).filter((a) => !staff || staff.some((s) => s.id === a));
    const previous = restored?.previous ?? (form.getValues() as Values);
    // Without 'news.credit' (a writer) the article keeps its authors and byline: a restore brings back the text only.
    const credits = can(me.role, 'news.credit');
    replaceValues({
      ...previous,
      title: rev.title,
      description: rev.description,
      content: rev.content,
      category: rev.category,
      imageUrl: rev.imageUrl ?? '',
      byline: credits ? rev.byline : previous.byline,
      authors: credits && authors.length ? authors : previous.authors,
      tags: rev.tags,
    });
    setRestored({ id: rev.id, version: rev.version, at: rev.createdAt, by: rev.adminName, previous });
    setView('edit');
  };

  const undoRestore = () => {
    if (!restored) return;
    replaceValues(restored.previous);
    setRestored(null);
  };

  const values = form.watch();
  const saveError =
    !conflict && (save.isError || transition.isError)
      ? errorText(save.error ?? transition.error, 'حدث خطأ أثناء حفظ الخبر')
      : undefined;

  return (
    <div className="space-y-4">
      <EditorStatusLine
        article={article}
        status={status}
        autosave={{ failed: auto.failed, dirty, saved: auto.saved }}
        view={view}
        onToggleView={() => setView(view === 'edit' ? 'history' : 'edit')}
      />
      <LiveCoverageAction newsId={id} role={me.role} dirty={dirty} wanted={live.wanted} />
      <PresenceNotice others={others} />
      <ConflictNotice message={conflict} onReload={() => void reload()} />
      {pendingAutosave && editable && (
        <PendingAutosaveNotice
          savedAt={pendingAutosave.savedAt}
          older={!!article && pendingAutosave.baseVersion !== article.version}
          onTake={() => {
            replaceValues({ ...(form.getValues() as Values), ...pendingAutosave.payload } as Values);
            setPendingAutosave(null);
          }}
          onDiscard={() => {
            if (id) void discardAutosave(id);
            setPendingAutosave(null);
          }}
        />
      )}
      {restored && view === 'edit' && (
        <RestoredNotice
          restored={restored}
          live={status === 'published' || status === 'scheduled'}
          onUndo={undoRestore}
        />
      )}

      <div className={id && status ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start' : ''}>
        <div className="min-w-0">
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
              onRestore={(rev) => void loadRevision(rev)}
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
                <NewsFields
                  form={form}
                  categories={categories}
                  me={me}
                  editable={editable}
                  busy={busy}
                  bodyKey={bodyKey}
                  onUploading={setUploading}
                />
              </fieldset>
              <NewsActionsBar
                role={me.role}
                status={status}
                actions={actions}
                editable={editable}
                busy={busy}
                uploading={uploading}
                pendingAction={form.getValues('action')}
                error={saveError}
                scheduling={{
                  open: scheduling,
                  when,
                  error: whenError ?? form.formState.errors.publishAt?.message,
                  setWhen,
                  confirm: confirmSchedule,
                  cancel: () => setScheduling(false),
                }}
                onCancel={onCancel}
                onSave={() => void submit(undefined)}
                onAction={runAction}
                alert={
                  !can(me.role, 'alerts.send') ? null : status === 'published' && id ? (
                    <SendAlertButton source={{ type: 'news', id }} title={values.title ?? ''} />
                  ) : actions.includes('publish') ? (
                    <AlertChannelsField value={alertChannels} onChange={setAlertChannels} disabled={busy} />
                  ) : null
                }
              />
            </form>
          )}
        </div>
        {id && status && <NewsNotesPanel newsId={id} status={status} role={me.role} />}
      </div>
    </div>
  );
}
