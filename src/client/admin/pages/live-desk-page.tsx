/**
 * The live desk (/admin/live/:id), made for speed under pressure: the box for the next update beside the stream
 * (from 1024 px; above it on phones), Ctrl+Enter to post, the box empty and ready again after each post. The stream
 * updates itself every 3 s with colleagues' entries, edits and deletions (`?since=` the last change seen), pinned
 * entry first, then the newest. Editors end and reopen the coverage and pin entries; everyone edits and deletes
 * what the server lets them (writers: their own entries).
 *
 * Nothing typed is lost: a failed post or edit keeps every field; an entry a colleague deletes while it is being
 * edited stays on screen with the text until the edit is closed; leaving the page with unsent text asks first.
 */
import { useLeaveWarning } from '../lib/leave-warning';
import '../components/live.css';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleStop, Eye, FilePenLine, Play, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { formatDateTime } from '../../../shared/format';
import { can } from '../../../shared/permissions';
import { formatCount } from '../../../shared/plural';
import type { LiveEntry, LiveState } from '../../../shared/schemas/live';
import { errorText } from '../api/client';
import { liveDeskQuery, useDeleteEntry, usePinEntry, usePostEntry, useSetLiveState } from '../api/live';
import { sessionQuery } from '../api/session';
import { LiveStateBadge } from '../components/live-badges';
import { LiveEntryCard, type EntryRights } from '../components/live-entry-card';
import { LiveEntryForm, type EntryFormDone, type EntryPayload } from '../components/live-entry-form';
import { Button, buttonClass, Card, Empty, Loading } from '../components/ui';
import { LIVE_UPDATES } from '../lib/labels';
import { orderedEntries, type DeskCoverage } from '../lib/live-stream';

type Focus = 'body' | 'keyEvent';

const backLink = (
  <Link to="/admin/live" className="inline-flex min-h-9 items-center gap-1 text-sm font-bold hover:underline">
    <ArrowRight className="size-4" aria-hidden="true" /> التغطيات المباشرة
  </Link>
);

function DeskHeader({
  coverage: c,
  editor,
  pending,
  onState,
}: {
  coverage: DeskCoverage;
  editor: boolean;
  pending: boolean;
  onState: (state: LiveState) => void;
}) {
  const published = c.status === 'published';
  return (
    <div className="mb-4 space-y-2">
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-xl font-bold sm:text-2xl">{c.title}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <LiveStateBadge state={c.state} />
            <span className="whitespace-nowrap">بدأت {formatDateTime(c.startedAt)}</span>
            {c.state === 'ended' && c.endedAt && (
              <span className="whitespace-nowrap">انتهت {formatDateTime(c.endedAt)}</span>
            )}
            <span className="whitespace-nowrap">(بتوقيت طرابلس)</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={published ? `/news/${c.newsId}` : `/preview/news/${c.newsId}`}
            target="_blank"
            rel="noopener"
            className={buttonClass('secondary')}
          >
            <Eye className="size-4" aria-hidden="true" /> {published ? 'صفحة القراء' : 'معاينة'}
          </a>
          <Link to={`/admin/news?edit=${c.newsId}`} className={buttonClass('secondary')}>
            <FilePenLine className="size-4" aria-hidden="true" /> تحرير الخبر
          </Link>
          {editor &&
            (c.state === 'live' ? (
              <Button
                variant="danger-outline"
                disabled={pending}
                onClick={() =>
                  window.confirm('هل أنت متأكد من إنهاء التغطية المباشرة؟ ستتوقف صفحة القراء عن التحديث.') &&
                  onState('ended')
                }
              >
                <CircleStop className="size-4" aria-hidden="true" /> {pending ? 'جاري الإنهاء...' : 'إنهاء التغطية'}
              </Button>
            ) : (
              <Button disabled={pending} onClick={() => onState('live')}>
                <Play className="size-4" aria-hidden="true" /> {pending ? 'جاري الاستئناف...' : 'استئناف التغطية'}
              </Button>
            ))}
        </div>
      </div>
    </div>
  );
}

function Desk({ id }: { id: number }) {
  const session = useQuery(sessionQuery(true));
  const me = session.data?.admin;
  const desk = useQuery(liveDeskQuery(id));
  const post = usePostEntry(id);
  const pin = usePinEntry(id);
  const remove = useDeleteEntry(id);
  const changeState = useSetLiveState(id);
  /** Entries being edited here, as they were when the edit began (one a colleague deletes stays on screen). */
  const [editing, setEditing] = useState<Record<number, { entry: LiveEntry; focus: Focus }>>({});
  const dirty = useRef(new Set<string>());
  useLeaveWarning(() => dirty.current.size > 0);
  const markDirty = (key: string) => (d: boolean) => void (d ? dirty.current.add(key) : dirty.current.delete(key));

  if (desk.isPending) return <Loading />;
  if (!desk.data)
    return (
      <div className="space-y-4">
        {backLink}
        <p role="alert" className="font-bold">
          {errorText(desk.error, 'فشل جلب بيانات التغطية المباشرة')}
        </p>
        <Button variant="secondary" onClick={() => void desk.refetch()}>
          <RotateCcw className="size-4" aria-hidden="true" /> إعادة المحاولة
        </Button>
      </div>
    );

  const state = desk.data;
  const c = state.coverage;
  const editor = can(me?.role, 'news.publish');
  const ended = c.state === 'ended';
  const ghosts = Object.values(editing)
    .map((e) => e.entry)
    .filter((e) => !state.entries[e.id]);
  const entries = orderedEntries(state, ghosts);
  const count = Object.keys(state.entries).length;
  const rightsFor = (e: LiveEntry): EntryRights => ({
    modify: editor || (!!me && e.authors[0]?.username === me.username),
    pin: editor,
    post: c.canPost && !ended,
  });

  const postNew = (body: EntryPayload, done: EntryFormDone) =>
    post.mutate(body, { onSuccess: done.clear, onError: done.failed });
  const startEdit = (e: LiveEntry, focus: Focus) => setEditing((m) => ({ ...m, [e.id]: { entry: e, focus } }));
  const closeEdit = (entryId: number) => setEditing(({ [entryId]: _closed, ...rest }) => rest);

  return (
    <div className="live-screen" data-testid="live-desk">
      <DeskHeader coverage={c} editor={editor} pending={changeState.isPending} onState={(s) => changeState.mutate(s)} />
      <div className="live-desk-grid">
        <section aria-labelledby="live-composer-title" className="live-desk-composer">
          <Card className="space-y-3">
            <h2 id="live-composer-title" className="text-lg font-bold">
              تحديث جديد
            </h2>
            {ended && (
              <div
                role="status"
                className="flex flex-wrap items-center gap-2 rounded border border-slate-300 bg-slate-50 p-2 text-sm font-bold dark:border-slate-700 dark:bg-slate-800"
                data-testid="live-ended"
              >
                <span className="flex-1">
                  انتهت هذه التغطية؛ لا تُنشر فيها تحديثات جديدة
                  {editor ? ' إلا بعد استئنافها.' : '. يستطيع المحرر استئنافها.'}
                </span>
                {editor && (
                  <Button disabled={changeState.isPending} onClick={() => changeState.mutate('live')}>
                    <Play className="size-4" aria-hidden="true" /> استئناف التغطية
                  </Button>
                )}
              </div>
            )}
            {c.canPost ? (
              <LiveEntryForm
                idPrefix="live-new"
                label="نص التحديث"
                submitLabel="نشر التحديث"
                pendingLabel="جاري النشر..."
                pending={post.isPending}
                blocked={ended ? 'انتهت التغطية' : undefined}
                alert={post.isError ? errorText(post.error, 'حدث خطأ أثناء نشر التحديث') : undefined}
                onSubmit={postNew}
                onDirty={markDirty('new')}
              />
            ) : (
              <p className="text-sm">
                تنشر التحديثات في التغطيات التي تكتبها فقط؛ اطلب من المحرر إضافتك إلى كتّاب هذا الخبر.
              </p>
            )}
          </Card>
        </section>

        <section aria-labelledby="live-stream-title" className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="live-stream-title" className="text-lg font-bold">
              التحديثات
            </h2>
            <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="live-count">
              {formatCount(count, LIVE_UPDATES)}
            </span>
          </div>
          {desk.isError && (
            <p
              role="alert"
              className="rounded border border-amber-300 bg-amber-50 p-2 text-sm font-bold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            >
              تعذّر تحديث البث ({errorText(desk.error, 'لا اتصال بالخادم')})؛ تُعاد المحاولة تلقائياً كل بضع ثوانٍ.
            </p>
          )}
          {entries.length === 0 ? (
            <Empty text="لا تحديثات بعد" />
          ) : (
            <ol className="space-y-3" data-testid="live-stream">
              {entries.map((e) => {
                const gone = !state.entries[e.id];
                const edit = editing[e.id];
                return (
                  <LiveEntryCard
                    key={e.id}
                    deskId={id}
                    entry={e}
                    gone={gone}
                    pinned={!gone && c.pinnedId === e.id}
                    rights={rightsFor(e)}
                    editing={edit?.focus ?? null}
                    onEdit={(focus) => startEdit(e, focus)}
                    onCloseEdit={() => closeEdit(e.id)}
                    onDirty={markDirty(`edit-${e.id}`)}
                    onPin={() => pin.mutate(c.pinnedId === e.id ? null : e.id)}
                    onDelete={() => remove.mutate(e.id)}
                    busy={pin.isPending || remove.isPending}
                  />
                );
              })}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

export function LiveDeskPage() {
  const [, params] = useRoute('/admin/live/:id');
  const id = params && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  if (!id)
    return (
      <div className="space-y-4">
        {backLink}
        <p role="alert">التغطية المباشرة غير موجودة</p>
      </div>
    );
  // A desk per coverage: moving to another starts afresh (its own stream, its own boxes).
  return <Desk key={id} id={id} />;
}
