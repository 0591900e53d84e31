/**
 * What a push alert did: its recipients (the subscriptions on its topic), sent to the readers' push services,
 * delivered (accepted by them), failed, subscriptions removed because their browser is gone, and how long until 90 %
 * of the recipients had it (the Guardian's "90 in 2" target: within two minutes). In a send's detail these replace
 * the fan-out's own figures, which count a gone browser as a failure.
 */
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../../shared/format';
import { pushFiguresQuery } from '../api/push';
import { formatDuration } from './send-history';

export function PushFigures({ id, running }: { id: number; running: boolean }) {
  const figures = useQuery(pushFiguresQuery(id, running));
  if (figures.isError) return <p role="alert">تعذّر تحميل أرقام التنبيه</p>;
  const f = figures.data;
  if (!f) return null;
  const rows: [string, string, string][] = [
    ['queued', 'المستلمون', formatNumber(f.queued)],
    ['sent', 'أُرسلت إلى خدمات التنبيه', formatNumber(f.sent)],
    ['delivered', 'وصلت', formatNumber(f.delivered)],
    ['failed', 'فشلت', formatNumber(f.failed)],
    ['removed', 'اشتراكات منتهية أُزيلت', formatNumber(f.removed)],
    [
      'time-to-90',
      'وصلت إلى 90% من المستلمين خلال',
      f.timeTo90Ms === null ? (running ? 'لم تبلغ بعد' : 'لم تبلغها') : formatDuration(f.timeTo90Ms),
    ],
  ];
  return (
    <section
      aria-labelledby={`push-figures-${id}`}
      className="rounded border border-slate-200 p-3 dark:border-slate-700"
    >
      <h3 id={`push-figures-${id}`} className="mb-2 font-bold">
        التنبيه على المتصفحات
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid={`push-figures-${id}`}>
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-bold" data-figure={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
