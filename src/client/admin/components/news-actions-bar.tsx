/**
 * The editor's publishing bar: cancel, save and the workflow's buttons for this role and state, with the schedule's
 * date and time beside them when «جدولة» is chosen. It stays at the foot of the dialog while the article scrolls
 * under it, so publishing and scheduling are always in reach, never at the end of a long form.
 */
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { isEditorRole, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import type { Role } from '../../../shared/permissions';
import { actionLabel } from './news-status';
import { Button, described, Field, FormAlert, Input } from './ui';

export interface Scheduling {
  open: boolean;
  /** The datetime-local value, on Tripoli's clock. */
  when: string;
  error?: string;
  setWhen: (value: string) => void;
  confirm: () => void;
  cancel: () => void;
}

export function NewsActionsBar({
  role,
  status,
  actions,
  editable,
  busy,
  uploading,
  pendingAction,
  error,
  scheduling,
  onCancel,
  onSave,
  onAction,
  alert,
}: {
  role: Role;
  status: NewsStatus | null;
  actions: NewsAction[];
  editable: boolean;
  busy: boolean;
  uploading: boolean;
  /** The action being saved (its button says so). */
  pendingAction: NewsAction | undefined;
  error?: string;
  scheduling: Scheduling;
  onCancel: () => void;
  onSave: () => void;
  onAction: (action: NewsAction) => void;
  /** «إرسال بالبريد» and the other alert channels, or a send button for a story already out (alert-channels.tsx). */
  alert?: ReactNode;
}) {
  return (
    <div
      data-testid="news-actions-bar"
      className="sticky bottom-0 z-10 -mx-5 space-y-2 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
    >
      <FormAlert message={error} />
      {scheduling.open && (
        <div
          data-testid="news-schedule"
          className="flex flex-wrap items-end justify-end gap-2 rounded border border-blue-300 bg-blue-50 p-2 dark:border-blue-800 dark:bg-blue-950"
        >
          <div className="min-w-56">
            <Field label="موعد النشر (بتوقيت طرابلس)" id="news-publish-at" error={scheduling.error}>
              <Input
                id="news-publish-at"
                type="datetime-local"
                step={60}
                value={scheduling.when}
                onChange={(e) => scheduling.setWhen(e.target.value)}
                {...described('news-publish-at', scheduling.error)}
              />
            </Field>
          </div>
          <Button onClick={scheduling.confirm} disabled={busy || uploading}>
            <CalendarClock className="size-4" aria-hidden="true" /> تأكيد الجدولة
          </Button>
          <Button variant="ghost" onClick={scheduling.cancel}>
            تراجع
          </Button>
        </div>
      )}
      {alert && <div className="flex flex-wrap justify-end">{alert}</div>}
      <div className="flex flex-wrap justify-end gap-2" data-testid="news-actions">
        <Button variant="secondary" onClick={onCancel}>
          إلغاء
        </Button>
        {editable && (status === 'published' || status === 'scheduled' || status === 'unpublished') && (
          <Button
            variant={status === 'unpublished' ? 'secondary' : 'primary'}
            disabled={busy || uploading}
            onClick={onSave}
          >
            حفظ
          </Button>
        )}
        {actions
          // A published article's plain save is "حفظ"; an editor's own review step is only for writers' work.
          .filter((a) => !(a === 'publish' && status === 'published'))
          .filter((a) => !(a === 'review' && isEditorRole(role) && status !== 'review'))
          .map((a) => (
            <Button
              key={a}
              variant={a === 'publish' ? 'primary' : a === 'unpublish' ? 'danger-outline' : 'secondary'}
              className={a === 'unpublish' ? 'ms-4' : ''}
              disabled={busy || uploading}
              aria-expanded={a === 'schedule' ? scheduling.open : undefined}
              onClick={() => onAction(a)}
            >
              {busy && pendingAction === a ? 'جاري الحفظ...' : actionLabel(a, status)}
            </Button>
          ))}
      </div>
    </div>
  );
}
