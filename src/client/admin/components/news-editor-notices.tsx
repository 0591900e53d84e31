/**
 * What the editor says above the article: its state and the autosave's, who else has it open, a conflict with
 * someone's newer save, autosaved edits waiting to be taken back, and a restored revision waiting to be saved.
 */
import { CalendarClock, Eye, History, RefreshCw, RotateCcw, Users } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import type { NewsStatus } from '../../../shared/news-workflow';
import type { AdminNewsItem, StaffRef } from '../../../shared/schemas/admin';
import { StatusBadge } from './news-status';
import { Button } from './ui';

export function EditorStatusLine({
  article,
  status,
  autosave,
  view,
  onToggleView,
}: {
  article: AdminNewsItem | null;
  status: NewsStatus | null;
  autosave: { failed: boolean; dirty: boolean; saved: { at: string; aside: boolean } | null };
  view: 'edit' | 'history';
  onToggleView: () => void;
}) {
  const id = article?.id;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
      <StatusBadge status={status ?? 'draft'} />
      {status === 'scheduled' && article?.publishedAt && (
        <span className="text-blue-900 dark:text-blue-200">
          <CalendarClock className="me-1 inline size-4" aria-hidden="true" />
          يُنشر في {formatDateTime(article.publishedAt)} بتوقيت طرابلس
        </span>
      )}
      <span className="text-slate-600 dark:text-slate-300" data-testid="autosave-status">
        {autosave.failed
          ? 'تعذّر الحفظ التلقائي؛ ستُعاد المحاولة مع التعديل التالي'
          : autosave.dirty
            ? 'تعديلات غير محفوظة'
            : autosave.saved
              ? autosave.saved.aside
                ? `حُفظت تعديلاتك جانباً تلقائياً ${formatDateTime(autosave.saved.at)} (لم تظهر للقراء بعد)`
                : `حُفظ تلقائياً ${formatDateTime(autosave.saved.at)}`
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
          <Button variant="secondary" onClick={onToggleView}>
            <History className="size-4" aria-hidden="true" /> {view === 'edit' ? 'سجل النسخ' : 'العودة للتحرير'}
          </Button>
        )}
      </span>
    </div>
  );
}

export function PresenceNotice({ others }: { others: StaffRef[] }) {
  if (!others.length) return null;
  return (
    <p
      role="status"
      data-testid="presence"
      className="flex items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm font-bold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <Users className="size-4 shrink-0" aria-hidden="true" />
      يحرّر هذا الخبر الآن أيضاً: {others.map((o) => o.fullName).join('، ')}
    </p>
  );
}

export function ConflictNotice({ message, onReload }: { message: string | null; onReload: () => void }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="edit-conflict"
      className="space-y-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-bold">{message}</p>
      <Button variant="secondary" onClick={onReload}>
        <RefreshCw className="size-4" aria-hidden="true" /> إعادة تحميل الخبر
      </Button>
    </div>
  );
}

export function PendingAutosaveNotice({
  savedAt,
  older,
  onTake,
  onDiscard,
}: {
  savedAt: string;
  older: boolean;
  onTake: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded border border-blue-300 bg-blue-50 p-2 text-sm dark:border-blue-800 dark:bg-blue-950"
    >
      <span className="font-bold">
        لديك تعديلات محفوظة تلقائياً من {formatDateTime(savedAt)} لم تُنشر بعد
        {older ? ' (على نسخة أقدم من الحالية)' : ''}.
      </span>
      <Button variant="secondary" onClick={onTake}>
        استعادتها
      </Button>
      <Button variant="ghost" onClick={onDiscard}>
        تجاهلها
      </Button>
    </div>
  );
}

/** A revision loaded into the editor: nothing has changed for readers until the editor saves or publishes it. */
export function RestoredNotice({
  restored,
  live,
  onUndo,
}: {
  restored: { version: number; at: string; by: string };
  /** The article is public now (published or scheduled): say that readers still see the current text. */
  live: boolean;
  onUndo: () => void;
}) {
  return (
    <div
      role="status"
      data-testid="restored-notice"
      className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <RotateCcw className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-bold">
        حُمّلت في المحرر النسخة {restored.version} ({restored.by}، {formatDateTime(restored.at)}). راجعها ثم احفظها
        {live ? '؛ ما زال القرّاء يرون النص الحالي حتى تحفظ.' : '؛ لم يُحفظ شيء بعد.'}
      </span>
      <Button variant="ghost" onClick={onUndo}>
        التراجع عن الاستعادة
      </Button>
    </div>
  );
}
