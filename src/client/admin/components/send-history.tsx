/**
 * The history of sends to readers: each with what it was, who sent it, its figures (queued, sent, failed,
 * suppressed, skipped) and how long it took, live while it runs; a send opens with its message as sent (the HTML in
 * a sandboxed frame, and the plain text) and can be stopped while it runs.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '../../../shared/format';
import { formatDateTimeOr } from '../lib/admin-format';
import {
  CHANNEL_LABELS,
  SEND_KIND_LABELS,
  SEND_STATE_LABELS,
  type SendState,
  type SendSummary,
} from '../../../shared/schemas/fanout';
import { sendPreviewUrl, sendQuery, sendsQuery, useCancelSend } from '../api/sends';
import { Button, DataList, Empty, Loading, Modal, Pager } from './ui';
import { PushFigures } from './push-figures';

const TONES: Record<SendState, string> = {
  queued: 'bg-slate-200 text-slate-900',
  sending: 'bg-blue-100 text-blue-900',
  done: 'bg-green-100 text-green-900',
  skipped: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-red-100 text-red-900',
};

export function SendStateBadge({ state }: { state: SendState }) {
  return (
    <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${TONES[state]}`}>
      {SEND_STATE_LABELS[state]}
    </span>
  );
}

/** 1 h 02 min, 3 min 05 s, 12.4 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return 'أقل من ثانية';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} ث`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h} س ${String(m).padStart(2, '0')} د` : `${m} د ${String(s % 60).padStart(2, '0')} ث`;
}

const FIGURES: { key: 'queued' | 'sent' | 'failed' | 'suppressed' | 'skipped'; label: string }[] = [
  { key: 'queued', label: 'في الطابور' },
  { key: 'sent', label: 'أُرسلت' },
  { key: 'failed', label: 'فشلت' },
  { key: 'suppressed', label: 'موقوفة' },
  { key: 'skipped', label: 'تُركت' },
];

export function SendFigures({ send }: { send: SendSummary }) {
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-sm" data-testid={`send-figures-${send.id}`}>
      {FIGURES.filter((f) => f.key !== 'skipped' || send.skipped > 0).map((f) => (
        <div key={f.key} className="flex gap-1">
          <dt className="text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd className="font-bold" data-figure={f.key}>
            {formatNumber(send[f.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const kindLabel = (s: SendSummary) =>
  `${SEND_KIND_LABELS[s.kind] ?? s.kind} · ${CHANNEL_LABELS[s.channel] ?? s.channel}`;

function SendDetailView({ id }: { id: number }) {
  const send = useQuery(sendQuery(id));
  const cancel = useCancelSend();
  if (send.isError) return <p role="alert">تعذّر تحميل عملية الإرسال</p>;
  if (!send.data) return <Loading />;
  const s = send.data;
  const running = s.state === 'queued' || s.state === 'sending';
  return (
    <div className="space-y-4" data-testid="send-detail">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <SendStateBadge state={s.state} />
        <span>{kindLabel(s)}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {formatDateTimeOr(s.createdAt)}
          {s.createdBy ? ` · ${s.createdBy}` : ''}
        </span>
      </div>
      {s.note && (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">{s.note}</p>
      )}
      {/* A push alert's own figures below say the same more exactly (a gone browser is removed, not failed). */}
      {s.channel !== 'push' && <SendFigures send={s} />}
      <p className="text-sm">المدة: {formatDuration(s.durationMs)}</p>
      {s.channel === 'push' && <PushFigures id={s.id} running={running} />}
      {running && (
        <Button
          variant="danger-outline"
          disabled={cancel.isPending}
          onClick={() => window.confirm('إيقاف هذا الإرسال؟ لن يُرسل ما لم يُرسل بعد.') && cancel.mutate(s.id)}
        >
          إيقاف الإرسال
        </Button>
      )}
      {s.hasHtml && (
        <section>
          <h3 className="mb-2 font-bold">الرسالة كما أُرسلت</h3>
          <iframe
            title="الرسالة كما أُرسلت"
            src={sendPreviewUrl(s.id)}
            sandbox=""
            className="h-[32rem] w-full rounded border border-slate-300 bg-white dark:border-slate-700"
          />
        </section>
      )}
      {s.previewText && (
        <details>
          <summary className="cursor-pointer font-bold">
            {s.channel === 'email' ? 'النص العادي (للبرامج التي لا تعرض HTML)' : 'نص التنبيه كما أُرسل'}
          </summary>
          <pre
            dir="auto"
            className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-100 p-3 text-sm dark:bg-slate-800"
          >
            {s.previewText}
          </pre>
        </details>
      )}
    </div>
  );
}

export function SendHistory() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SendSummary | null>(null);
  const list = useQuery(sendsQuery(page));
  return (
    <div>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">تعذّر تحميل سجل الإرسال</p>
      ) : !list.data?.items.length ? (
        <Empty text="لم يُرسل شيء بعد" />
      ) : (
        <>
          <DataList
            items={list.data.items}
            keyOf={(s) => s.id}
            testId={(s) => `send-row-${s.id}`}
            title={(s) => s.title}
            columns={[
              { header: 'الرسالة', cell: (s) => s.title, className: 'max-w-xs font-bold', card: false },
              { header: 'النوع', cell: kindLabel },
              { header: 'الحالة', cell: (s) => <SendStateBadge state={s.state} /> },
              { header: 'الأرقام', cell: (s) => <SendFigures send={s} /> },
              { header: 'المدة', cell: (s) => formatDuration(s.durationMs), className: 'whitespace-nowrap' },
              { header: 'التاريخ', cell: (s) => formatDateTimeOr(s.createdAt), className: 'whitespace-nowrap' },
            ]}
            actions={(s) => (
              <Button variant="secondary" onClick={() => setOpen(s)} aria-label={`عرض: ${s.title}`}>
                عرض
              </Button>
            )}
          />
          <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />
        </>
      )}
      <Modal open={open !== null} title={open?.title ?? ''} onClose={() => setOpen(null)} wide>
        {open && <SendDetailView id={open.id} />}
      </Modal>
    </div>
  );
}
