/**
 * The newsletter's subscribers (admins only: personal data): how many in each state, the list by state and by a part
 * of the address or name, deleting one (which forgets them), the CSV export (re-authentication first), and the one
 * confirmation campaign for subscribers from before confirmation existed.
 */
import { useQuery } from '@tanstack/react-query';
import { Download, Send } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { formatNumber } from '../../../shared/format';
import { formatDateTimeOr } from '../lib/admin-format';
import { SECTIONS } from '../../../shared/nouns';
import { formatCount } from '../../../shared/plural';
import {
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  type NewsletterSubscriber,
  type SubscriberState,
} from '../../../shared/schemas/newsletter';
import { ApiError, errorText } from '../api/client';
import {
  NEWSLETTER_EXPORT_URL,
  subscriberCountsQuery,
  subscribersQuery,
  useConfirmationCampaign,
  useDeleteSubscriber,
} from '../api/newsletter';
import { notify } from '../lib/notify';
import { withReauth } from '../lib/reauth';
import { Button, Card, DataList, Empty, Input, Loading, Pager, RowActions, Select } from './ui';

const TONES: Record<SubscriberState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  unsubscribed: 'bg-slate-200 text-slate-800',
  suppressed: 'bg-red-100 text-red-900',
};

function StateBadge({ s }: { s: NewsletterSubscriber }) {
  return (
    <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${TONES[s.state]}`}>
      {SUBSCRIBER_STATE_LABELS[s.state]}
      {s.legacy && s.state === 'pending' ? ' (قديم)' : ''}
    </span>
  );
}

const choices = (s: NewsletterSubscriber) =>
  [
    s.digest && 'النشرة اليومية',
    s.alerts && 'العاجل',
    s.sections.length ? formatCount(s.sections.length, SECTIONS) : null,
  ]
    .filter(Boolean)
    .join('، ') || 'لا شيء';

/** The subscribers as a CSV file: a sensitive export, so it may ask for the password first (lib/reauth.ts). */
export async function exportSubscribers() {
  try {
    const blob = await withReauth(async () => {
      const res = await fetch(NEWSLETTER_EXPORT_URL, { credentials: 'include' });
      if (!res.ok) throw new ApiError(res.status, await res.text());
      return res.blob();
    });
    const url = URL.createObjectURL(blob);
    Object.assign(document.createElement('a'), { href: url, download: 'newsletter-subscribers.csv' }).click();
    URL.revokeObjectURL(url);
  } catch (err) {
    notify.error('حدث خطأ', errorText(err, 'تعذّر تصدير المشتركين'));
  }
}

function Campaign() {
  const counts = useQuery(subscriberCountsQuery());
  const campaign = useConfirmationCampaign();
  const c = counts.data;
  if (!c || (!c.legacyWaiting && !c.campaignSent)) return null;
  return (
    <Card className="mb-4">
      <h3 className="mb-1 font-bold">حملة تأكيد الاشتراك</h3>
      {c.campaignSent ? (
        <p className="text-sm">أُرسلت الحملة. من لم يؤكد اشتراكه خلال 7 أيام من وصولها يُحذف تلقائياً.</p>
      ) : (
        <>
          <p className="mb-3 text-sm leading-7">
            مشتركون سجّلوا قبل أن يصبح التأكيد شرطاً، ولا تصلهم النشرة حتى يؤكدوا: عددهم{' '}
            <strong>{formatNumber(c.legacyWaiting)}</strong>. تُرسل إليهم رسالة تأكيد واحدة، مرة واحدة فقط.
          </p>
          <Button
            disabled={campaign.isPending}
            onClick={() =>
              window.confirm(
                `إرسال رسالة تأكيد إلى المشتركين القدامى (${formatNumber(c.legacyWaiting)})؟ لا تُرسل الحملة إلا مرة واحدة.`,
              ) && campaign.mutate()
            }
          >
            <Send className="size-4" aria-hidden="true" /> إرسال حملة التأكيد
          </Button>
        </>
      )}
    </Card>
  );
}

export function NewsletterSubscribers() {
  const [state, setState] = useState<SubscriberState | 'all'>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const counts = useQuery(subscriberCountsQuery());
  const list = useQuery(subscribersQuery({ state, q: useDeferredValue(q), page }));
  const remove = useDeleteSubscriber();
  return (
    <div>
      {counts.data && (
        <dl className="mb-4 flex flex-wrap gap-2" data-testid="subscriber-counts">
          {SUBSCRIBER_STATES.map((s) => (
            <div
              key={s}
              className="rounded border border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="text-xs text-slate-600 dark:text-slate-400">{SUBSCRIBER_STATE_LABELS[s]}</dt>
              <dd className="text-lg font-bold" data-state={s}>
                {formatNumber(counts.data[s])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Campaign />
      <div className="mb-4 flex flex-wrap gap-2">
        <label htmlFor="subscriber-search" className="sr-only">
          البحث في المشتركين
        </label>
        <Input
          id="subscriber-search"
          type="search"
          placeholder="ابحث بالاسم أو البريد..."
          value={q}
          onChange={(e) => (setQ(e.target.value), setPage(1))}
          style={{ maxWidth: 320 }}
        />
        <label htmlFor="subscriber-state" className="sr-only">
          الحالة
        </label>
        <Select
          id="subscriber-state"
          className="max-w-48"
          value={state}
          onChange={(e) => (setState(e.target.value as SubscriberState | 'all'), setPage(1))}
        >
          <option value="all">جميع الحالات</option>
          {SUBSCRIBER_STATES.map((s) => (
            <option key={s} value={s}>
              {SUBSCRIBER_STATE_LABELS[s]}
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={() => void exportSubscribers()}>
          <Download className="size-4" aria-hidden="true" /> تصدير المشتركين (CSV)
        </Button>
      </div>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">تعذّر تحميل المشتركين</p>
      ) : !list.data?.items.length ? (
        <Empty text="لا يوجد مشتركون بهذه الشروط" />
      ) : (
        <>
          <DataList
            items={list.data.items}
            keyOf={(s) => s.id}
            testId={(s) => `subscriber-row-${s.id}`}
            title={(s) => s.fullName}
            columns={[
              { header: 'الاسم', cell: (s) => s.fullName, className: 'font-bold', card: false },
              { header: 'البريد', cell: (s) => <bdi dir="ltr">{s.email}</bdi> },
              { header: 'الحالة', cell: (s) => <StateBadge s={s} /> },
              { header: 'ما يصله', cell: choices },
              { header: 'تاريخ الاشتراك', cell: (s) => formatDateTimeOr(s.createdAt), className: 'whitespace-nowrap' },
              {
                header: 'ملاحظة',
                cell: (s) => s.suppressedReason ?? (s.confirmedAt ? `أكّد ${formatDateTimeOr(s.confirmedAt)}` : '—'),
                className: 'max-w-60 text-xs',
              },
            ]}
            actions={(s) => (
              <RowActions
                name={s.email}
                onDelete={() => remove.mutate(s.id)}
                confirmText="هل أنت متأكد من حذف هذا المشترك؟ سيُنسى تماماً، ولن يبقى له أثر في سجل الإرسال."
              />
            )}
          />
          <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />
        </>
      )}
    </div>
  );
}
