/**
 * One entry of the live desk's stream: its time on Tripoli's clock, who wrote and edited it, its key event, whether
 * it is pinned, its text, picture and link card, and what this staff member may do with it: edit it in place (the
 * same compact box), mark a key event, pin it (editors) and delete it (with a confirmation).
 *
 * An edit names the version it started from. When a colleague's edit came first (409), the typed text stays, the
 * server's message says who and when, and the colleague's version can be read and, by choice, replaced. When a
 * colleague deletes the entry while it is being edited, the text stays too and can be posted as a new entry.
 */
import { Flag, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { LinkCard } from '../../components/link-card';
import { useState } from 'react';
import { PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import type { LiveEntry } from '../../../shared/schemas/live';
import { errorText } from '../api/client';
import { isEntryConflict, usePostEntry, useUpdateEntry } from '../api/live';
import { EntryTime } from './live-badges';
import { LiveEntryForm, type EntryFormDone, type EntryPayload } from './live-entry-form';
import { Button } from './ui';

/** «بقلم …»، then who edited it after. */
function Authors({ entry }: { entry: LiveEntry }) {
  const [first, ...editors] = entry.authors;
  const edited = entry.version > 1;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">
      {first ? (
        <>
          بقلم <bdi>{first.fullName || first.username}</bdi>
        </>
      ) : (
        'كاتب لم يعد حسابه موجوداً'
      )}
      {editors.length > 0 && (
        <>
          {' '}
          · عدّله{' '}
          {editors.map((a, i) => (
            <span key={a.username}>
              {i > 0 && '، '}
              <bdi>{a.fullName || a.username}</bdi>
            </span>
          ))}
        </>
      )}
      {edited && (
        <>
          {' '}
          · آخر تعديل <EntryTime at={entry.updatedAt} />
        </>
      )}
    </p>
  );
}

/** What an entry says: text, picture with its caption, link card. Also the colleague's version in a conflict. */
export function EntryContent({ entry }: { entry: LiveEntry }) {
  return (
    <>
      {entry.body && (
        // Sanitised on the server by the article rules (paragraphs, bold, links, lists).
        <div className="live-entry-body" dangerouslySetInnerHTML={{ __html: entry.body }} />
      )}
      {entry.imageUrl && (
        <figure className="space-y-1">
          <img
            src={sizedImage(entry.imageUrl, 800)}
            alt={entry.imageCaption}
            loading="lazy"
            className="max-h-80 w-full rounded bg-slate-200 object-cover dark:bg-slate-700"
            onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_IMAGE)}
          />
          {entry.imageCaption && (
            <figcaption className="text-xs text-slate-600 dark:text-slate-400">{entry.imageCaption}</figcaption>
          )}
        </figure>
      )}
      {entry.embedUrl && <LinkCard url={entry.embedUrl} />}
    </>
  );
}

export interface EntryRights {
  /** Edit, delete and mark a key event (editors: any entry; writers: their own). */
  modify: boolean;
  /** Pin it (editors). */
  pin: boolean;
  /** Post a new entry (the coverage is live and this staff member may post to it). */
  post: boolean;
}

/** Editing an entry in place; `latest` is the entry as the stream has it now (undefined: a colleague deleted it). */
function EntryEditor({
  deskId,
  entry,
  latest,
  canRepost,
  focus,
  onClose,
  onDirty,
}: {
  deskId: number;
  entry: LiveEntry;
  latest: LiveEntry | undefined;
  canRepost: boolean;
  focus: 'body' | 'keyEvent';
  onClose: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const save = useUpdateEntry(deskId);
  const repost = usePostEntry(deskId);
  /** The version this edit replaces: the one it started from, or the colleague's once they chose to replace it. */
  const [version, setVersion] = useState(entry.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  const gone = !latest;
  const newer = latest && latest.version > version ? latest : null;

  const submit = (body: EntryPayload, done: EntryFormDone) => {
    if (gone) return repost.mutate(body, { onSuccess: onClose, onError: done.failed });
    save.mutate(
      { entryId: entry.id, body: { ...body, version } },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (isEntryConflict(err)) {
            setConflict(errorText(err, 'عدّل زميل هذا التحديث بعد أن بدأت تعديله'));
            setReplacing(false);
          }
          done.failed(err);
        },
      },
    );
  };

  const mutation = gone ? repost : save;
  return (
    <LiveEntryForm
      idPrefix={`live-edit-${entry.id}`}
      label="تعديل التحديث"
      initial={entry}
      submitLabel={gone ? 'نشره تحديثاً جديداً' : 'حفظ التعديل'}
      pendingLabel={gone ? 'جاري النشر...' : 'جاري الحفظ...'}
      pending={mutation.isPending}
      blocked={gone && !canRepost ? 'لا يمكن نشره الآن' : undefined}
      alert={
        mutation.isError && !(isEntryConflict(mutation.error) && conflict)
          ? errorText(mutation.error, gone ? 'حدث خطأ أثناء نشر التحديث' : 'حدث خطأ أثناء تعديل التحديث')
          : undefined
      }
      focus={focus}
      onSubmit={submit}
      onCancel={onClose}
      onDirty={onDirty}
    >
      {gone && (
        <p
          role="alert"
          className="rounded border border-amber-300 bg-amber-50 p-2 text-sm font-bold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          حذف زميل هذا التحديث أثناء تعديلك؛ نصك باقٍ هنا
          {canRepost ? '، ويمكنك نشره تحديثاً جديداً.' : '. انسخه قبل الإغلاق.'}
        </p>
      )}
      {!gone && conflict && (
        <div
          role="alert"
          className="space-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="live-conflict"
        >
          <p className="font-bold">{conflict}</p>
          <p>نصك باقٍ في المربع أعلاه.</p>
          {newer && !replacing && (
            <>
              <details className="rounded border border-amber-200 bg-white p-2 text-slate-900 dark:border-amber-900 dark:bg-slate-900 dark:text-slate-100">
                <summary className="cursor-pointer font-bold">نسخة الزميل</summary>
                <div className="mt-2 space-y-2">
                  <EntryContent entry={newer} />
                </div>
              </details>
              <Button
                variant="secondary"
                onClick={() => {
                  setVersion(newer.version);
                  setReplacing(true);
                }}
              >
                استبدال نسخة الزميل بنصي
              </Button>
            </>
          )}
          {replacing && <p className="font-bold">سيحلّ نصك محل نسخة الزميل عند الضغط على «حفظ التعديل».</p>}
        </div>
      )}
    </LiveEntryForm>
  );
}

export function LiveEntryCard({
  deskId,
  entry,
  gone,
  pinned,
  rights,
  editing,
  onEdit,
  onCloseEdit,
  onDirty,
  onPin,
  onDelete,
  busy,
}: {
  deskId: number;
  entry: LiveEntry;
  /** A colleague deleted it while it was being edited here (it stays until the edit is closed). */
  gone: boolean;
  pinned: boolean;
  rights: EntryRights;
  /** Being edited, and where the caret went. */
  editing: 'body' | 'keyEvent' | null;
  onEdit: (focus: 'body' | 'keyEvent') => void;
  onCloseEdit: () => void;
  onDirty: (dirty: boolean) => void;
  onPin: () => void;
  onDelete: () => void;
  /** A pin or delete of the desk is under way. */
  busy: boolean;
}) {
  return (
    <li
      className={`space-y-2 rounded-lg border bg-white p-3 shadow-sm dark:bg-slate-900 ${
        pinned
          ? 'border-amber-400 ring-2 ring-amber-400/30 dark:border-amber-600'
          : 'border-slate-200 dark:border-slate-800'
      }`}
      data-testid={`live-entry-${entry.id}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <EntryTime at={entry.createdAt} className="font-bold" />
        {pinned && (
          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            <Pin className="size-3" aria-hidden="true" /> مثبّت
          </span>
        )}
        {entry.keyEvent && (
          <span
            className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900 dark:bg-red-950 dark:text-red-100"
            data-testid="live-key-event"
          >
            حدث بارز: {entry.keyEvent}
          </span>
        )}
      </div>
      {editing ? (
        <EntryEditor
          deskId={deskId}
          entry={entry}
          latest={gone ? undefined : entry}
          canRepost={rights.post}
          focus={editing}
          onClose={onCloseEdit}
          onDirty={onDirty}
        />
      ) : (
        <>
          <EntryContent entry={entry} />
          <Authors entry={entry} />
          {(rights.modify || rights.pin) && (
            <div className="flex flex-wrap gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
              {rights.modify && (
                <>
                  <Button variant="ghost" onClick={() => onEdit('body')}>
                    <Pencil className="size-4" aria-hidden="true" /> تعديل
                  </Button>
                  <Button variant="ghost" onClick={() => onEdit('keyEvent')}>
                    <Flag className="size-4" aria-hidden="true" />{' '}
                    <span className="max-sm:sr-only">{entry.keyEvent ? 'تعديل الحدث البارز' : 'حدث بارز'}</span>
                  </Button>
                </>
              )}
              {rights.pin && (
                <Button variant="ghost" onClick={onPin} disabled={busy} aria-pressed={pinned}>
                  {pinned ? (
                    <>
                      <PinOff className="size-4" aria-hidden="true" />{' '}
                      <span className="max-sm:sr-only">إلغاء التثبيت</span>
                    </>
                  ) : (
                    <>
                      <Pin className="size-4" aria-hidden="true" /> <span className="max-sm:sr-only">تثبيت</span>
                    </>
                  )}
                </Button>
              )}
              {rights.modify && (
                <Button
                  variant="ghost"
                  className="ms-auto"
                  disabled={busy}
                  onClick={() => window.confirm('هل أنت متأكد من حذف هذا التحديث؟') && onDelete()}
                >
                  <Trash2 className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />{' '}
                  <span className="max-sm:sr-only">حذف</span>
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}
