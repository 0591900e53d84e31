import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup, TriangleAlert } from 'lucide-react';
import { formatDateTime, formatNumber, timeAgo } from '../../../shared/format';
import type { BackupRun } from '../../../shared/schemas/backups';
import { backupStatusQuery } from '../api/backups';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes >= 1024 * 1024
      ? `${formatNumber(Math.round(bytes / 1024 / 1024))} م.ب`
      : `${formatNumber(Math.ceil(bytes / 1024))} ك.ب`;

const muted = 'text-sm text-slate-600 dark:text-slate-400';

function Done({ run }: { run: BackupRun }) {
  return (
    <>
      <time dateTime={run.finishedAt ?? run.startedAt} title={formatDateTime(run.finishedAt ?? run.startedAt)}>
        {timeAgo(run.finishedAt ?? run.startedAt)}
      </time>
      {run.bytes !== null && ` · ${size(run.bytes)}`}
    </>
  );
}

/**
 * The scheduled backups on the admins' dashboard: the last one and the next, and, when the newest run failed or was
 * interrupted, an alert saying when and why (the reason in the operator's words) and when the last good one was made.
 */
export function BackupStatusCard() {
  const status = useQuery(backupStatusQuery());
  const s = status.data;
  if (!s) return null;
  const failed = s.latest && (s.latest.status === 'failed' || s.latest.status === 'interrupted') ? s.latest : null;
  return (
    <section
      data-testid="backup-status"
      aria-labelledby="backup-status-title"
      className={`rounded-lg border p-4 shadow-sm ${
        failed
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      }`}
    >
      <h2 id="backup-status-title" className="mb-2 flex items-center gap-2 text-lg font-bold">
        {failed ? (
          <TriangleAlert className="size-5 text-red-700 dark:text-red-300" aria-hidden="true" />
        ) : (
          <DatabaseBackup className="size-5" aria-hidden="true" />
        )}
        النسخ الاحتياطي
      </h2>
      {failed && (
        <div role="alert" className="mb-2 space-y-1">
          <p className="font-bold text-red-800 dark:text-red-200">
            {failed.status === 'interrupted' ? 'توقفت آخر نسخة احتياطية قبل أن تكتمل' : 'فشلت آخر نسخة احتياطية'}{' '}
            <time dateTime={failed.startedAt} title={formatDateTime(failed.startedAt)}>
              {timeAgo(failed.startedAt)}
            </time>
          </p>
          {failed.error && (
            <p dir="ltr" className="text-start font-mono text-xs break-words text-red-900 dark:text-red-100">
              {failed.error}
            </p>
          )}
        </div>
      )}
      {!s.schedule && !s.latest ? (
        <p className={muted}>
          لا تُؤخذ نسخ احتياطية تلقائياً. حدّد موعدها بالمتغير <code dir="ltr">BACKUP_SCHEDULE</code> أو استعمل{' '}
          <code dir="ltr">npm run backup</code>.
        </p>
      ) : (
        <ul className="space-y-1 text-sm">
          <li>
            آخر نسخة ناجحة: {s.lastSuccess ? <Done run={s.lastSuccess} /> : <span className={muted}>لا توجد بعد</span>}
          </li>
          {s.latest?.status === 'running' && <li>نسخة جارية الآن…</li>}
          {s.nextRun && (
            <li>
              النسخة القادمة: <time dateTime={s.nextRun}>{formatDateTime(s.nextRun)}</time>
            </li>
          )}
          <li className={muted}>
            {s.target === 's3' ? 'تُحفظ في حاوية الوسائط (S3)' : 'تُحفظ في مجلد BACKUP_DIR على الخادم'}، ويُبقى آخر{' '}
            {formatNumber(s.keep)} منها.
          </li>
        </ul>
      )}
    </section>
  );
}
