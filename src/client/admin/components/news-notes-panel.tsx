/**
 * Beside the article editor: the newsroom's notes on the story.
 *
 * - Editorial notes (staff only, never public): on a draft or a story in review, anyone working on it leaves a note
 *   (who, when) and marks it dealt with; a writer sees the notes on their own stories. The review loop stays here.
 * - Notes told to readers, on a published story (editors and admins): a correction (shown above the text), a
 *   clarification or an update (below it), each with its time. Removing one asks why and keeps a dated trace here.
 */
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { can, type Role } from '../../../shared/permissions';
import type { NewsStatus } from '../../../shared/news-workflow';
import {
  EDITORIAL_NOTE_MAX,
  NOTE_KIND_LABELS,
  NOTE_KINDS,
  NOTE_MAX,
  noteInput,
  type NoteKind,
} from '../../../shared/schemas/corrections';
import { errorText } from '../api/client';
import {
  editorialNotesQuery,
  readerNotesQuery,
  useAddEditorialNote,
  useAddNote,
  useRemoveNote,
  useResolveEditorialNote,
} from '../api/notes';
import { Button, Field, FormAlert, Select, Textarea } from './ui';

function EditorialNotes({ newsId, status }: { newsId: number; status: NewsStatus }) {
  const notes = useQuery(editorialNotesQuery(newsId));
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddEditorialNote(newsId, () => setText(''));
  const resolve = useResolveEditorialNote(newsId);
  const open = status === 'draft' || status === 'review';
  const submit = () => {
    if (!text.trim()) return setError('اكتب الملاحظة');
    setError(undefined);
    add.mutate(text, { onError: (err) => setError(errorText(err, 'حدث خطأ أثناء إضافة الملاحظة')) });
  };
  const waiting = notes.data?.filter((n) => !n.resolvedAt).length ?? 0;
  return (
    <section aria-labelledby="editorial-notes-heading" className="space-y-3" data-testid="editorial-notes">
      <h3 id="editorial-notes-heading" className="font-bold">
        ملاحظات التحرير {waiting > 0 && <span className="text-sm font-normal">({waiting} مفتوحة)</span>}
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">لفريق التحرير فقط؛ لا يراها القراء أبداً.</p>
      {notes.isError && <FormAlert message={errorText(notes.error, 'فشل جلب الملاحظات')} />}
      {notes.data && !notes.data.length && (
        <p className="text-sm text-slate-600 dark:text-slate-300">لا ملاحظات بعد.</p>
      )}
      <ol className="space-y-2">
        {notes.data?.map((n) => (
          <li
            key={n.id}
            className={`rounded-md border p-2 text-sm ${n.resolvedAt ? 'border-slate-200 opacity-75 dark:border-slate-800' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'}`}
            data-testid="editorial-note"
          >
            <p className="text-xs text-slate-600 dark:text-slate-300">
              <strong>{n.author}</strong> · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">{n.text}</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {n.resolvedAt && (
                <span className="text-xs text-green-800 dark:text-green-300">
                  أنجزها {n.resolvedBy} في {formatDateTime(n.resolvedAt)}
                </span>
              )}
              <Button
                variant="ghost"
                className="ms-auto"
                disabled={resolve.isPending}
                onClick={() => resolve.mutate({ noteId: n.id, resolved: !n.resolvedAt })}
              >
                {n.resolvedAt ? (
                  <>
                    <Circle className="size-4" aria-hidden="true" /> إعادة فتح
                  </>
                ) : (
                  <>
                    <CheckCircle2 className="size-4" aria-hidden="true" /> تمت
                  </>
                )}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {open ? (
        <div className="space-y-2">
          <Field label="ملاحظة جديدة" id="editorial-note-text" error={error}>
            <Textarea
              id="editorial-note-text"
              rows={3}
              maxLength={EDITORIAL_NOTE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button onClick={submit} disabled={add.isPending} data-testid="editorial-note-add">
              إضافة الملاحظة
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          تُضاف ملاحظات التحرير ما دام الخبر مسودة أو قيد المراجعة.
        </p>
      )}
    </section>
  );
}

function ReaderNotes({ newsId, role }: { newsId: number; role: Role }) {
  const notes = useQuery(readerNotesQuery(newsId));
  const [kind, setKind] = useState<NoteKind>('correction');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ text?: string; form?: string }>({});
  const add = useAddNote(newsId, () => setText(''));
  const remove = useRemoveNote(newsId);
  const editor = can(role, 'news.publish');

  const submit = () => {
    const parsed = noteInput.safeParse({ kind, text });
    if (!parsed.success) return setErrors({ text: parsed.error.issues[0]?.message });
    setErrors({});
    add.mutate(parsed.data, { onError: (err) => setErrors({ form: errorText(err, 'حدث خطأ أثناء إضافة الملاحظة') }) });
  };
  const removeNote = (noteId: number) => {
    const reason = window.prompt('لماذا تُزال هذه الملاحظة؟ (يبقى أثرها مؤرخاً لفريق التحرير)');
    if (reason === null) return;
    if (!reason.trim()) return setErrors({ form: 'اذكر سبب الحذف؛ يبقى أثره مؤرخاً لفريق التحرير' });
    remove.mutate({ noteId, reason: reason.trim() });
  };

  return (
    <section aria-labelledby="reader-notes-heading" className="space-y-3" data-testid="reader-notes">
      <h3 id="reader-notes-heading" className="font-bold">
        تصحيحات وتوضيحات وتحديثات
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        يراها القراء على الخبر: التصحيح فوق النص، والتوضيح والتحديث تحته، مع وقتها؛ والتصحيحات في صفحة «التصحيحات».
      </p>
      {notes.data && !notes.data.length && (
        <p className="text-sm text-slate-600 dark:text-slate-300">لم يُضف شيء بعد.</p>
      )}
      <ol className="space-y-2">
        {notes.data?.map((n) => (
          <li
            key={n.id}
            className={`rounded-md border p-2 text-sm ${n.removedAt ? 'border-dashed border-slate-300 opacity-75 dark:border-slate-700' : 'border-slate-200 dark:border-slate-800'}`}
            data-testid="reader-note"
          >
            <p className="text-xs text-slate-600 dark:text-slate-300">
              <strong>{NOTE_KIND_LABELS[n.kind]}</strong> · {n.createdBy} ·{' '}
              <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
            </p>
            <p className={`whitespace-pre-line [overflow-wrap:anywhere] ${n.removedAt ? 'line-through' : ''}`}>
              {n.text}
            </p>
            {n.removedAt ? (
              <p className="mt-1 text-xs font-bold text-red-800 dark:text-red-300">
                أزالها {n.removedBy} في {formatDateTime(n.removedAt)}: {n.removedReason}
              </p>
            ) : (
              editor && (
                <div className="mt-1 flex justify-end">
                  <Button variant="ghost" disabled={remove.isPending} onClick={() => removeNote(n.id)}>
                    إزالة من الخبر
                  </Button>
                </div>
              )
            )}
          </li>
        ))}
      </ol>
      {editor && (
        <div className="space-y-2">
          <Field label="النوع" id="reader-note-kind">
            <Select id="reader-note-kind" value={kind} onChange={(e) => setKind(e.target.value as NoteKind)}>
              {NOTE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {NOTE_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="النص كما يقرؤه القراء" id="reader-note-text" error={errors.text}>
            <Textarea
              id="reader-note-text"
              rows={3}
              maxLength={NOTE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={errors.text ? true : undefined}
            />
          </Field>
          <FormAlert message={errors.form} />
          <div className="flex justify-end">
            <Button onClick={submit} disabled={add.isPending} data-testid="reader-note-add">
              نشر {NOTE_KIND_LABELS[kind]}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

export function NewsNotesPanel({ newsId, status, role }: { newsId: number; status: NewsStatus; role: Role }) {
  return (
    <section
      aria-label="ملاحظات الخبر"
      className="space-y-6 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950"
    >
      {(status === 'published' || status === 'unpublished') && <ReaderNotes newsId={newsId} role={role} />}
      <EditorialNotes newsId={newsId} status={status} />
    </section>
  );
}
