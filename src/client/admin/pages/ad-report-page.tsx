/**
 * What an advertiser got: viewable impressions and clicks per day with a chart, by placement and by device, for a
 * chosen period; a CSV for spreadsheets and a printable Arabic report (the panel's chrome is left off the page).
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link, useRoute } from 'wouter';
import type { AdDevice, AdPlacement } from '../../../shared/ads';
import { AD_CAMPAIGN_STATE_LABELS, AD_PLACEMENT_NAMES } from '../../../shared/ads-desk';
import { addDays } from '../../../shared/dates';
import { formatDate, formatDateTime, formatNumber } from '../../../shared/format';
import { formatDayMonth } from '../lib/admin-format';
import { ctrOf, type AdReportRow } from '../../../shared/schemas/ads';
import { adReportCsvUrl, adReportQuery } from '../api/ads';
import { errorText } from '../api/client';
import { ChartLegend, ChartTooltip, numberTick } from '../components/chart-parts';
import { Button, buttonClass, Card, Input, Loading, PageHeader } from '../components/ui';

const DEVICE_WORDS: Record<AdDevice, string> = { phone: 'الهاتف', desktop: 'الحاسوب' };
const axis = { fill: 'currentColor', fontSize: 12 };

interface Sum {
  impressions: number;
  clicks: number;
}
function sumBy<K extends string>(rows: AdReportRow[], key: (r: AdReportRow) => K): [K, Sum][] {
  const m = new Map<K, Sum>();
  for (const r of rows) {
    const s = m.get(key(r)) ?? { impressions: 0, clicks: 0 };
    s.impressions += r.impressions;
    s.clicks += r.clicks;
    m.set(key(r), s);
  }
  return [...m.entries()];
}

function FiguresTable({ caption, rows }: { caption: string; rows: [string, Sum][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-start text-base font-bold">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-700">
          <th className="py-1 text-start"> </th>
          <th className="py-1 text-start">مرات الظهور</th>
          <th className="py-1 text-start">النقرات</th>
          <th className="py-1 text-start">نسبة النقر</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, s]) => (
          <tr key={name} className="border-b border-slate-100 dark:border-slate-800">
            <th scope="row" className="py-1 text-start font-normal">
              {name}
            </th>
            <td className="py-1">{formatNumber(s.impressions)}</td>
            <td className="py-1">{formatNumber(s.clicks)}</td>
            <td className="py-1">{formatNumber(ctrOf(s.impressions, s.clicks))}٪</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AdReportPage() {
  const [, params] = useRoute('/admin/ads/:id/report');
  const id = params && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const report = useQuery({ ...adReportQuery(id, period.from, period.to), enabled: id > 0 });
  if (report.isLoading) return <Loading />;
  if (report.isError || !report.data) return <p role="alert">{errorText(report.error, 'فشل في تحميل تقرير الحملة')}</p>;
  const r = report.data;
  const c = r.campaign;
  const total = r.rows.reduce((s, x) => ({ impressions: s.impressions + x.impressions, clicks: s.clicks + x.clicks }), {
    impressions: 0,
    clicks: 0,
  });
  // Every day of the period on the chart, the quiet ones at zero.
  const byDay = new Map(sumBy(r.rows, (x) => x.day));
  const days: { label: string; impressions: number; clicks: number }[] = [];
  for (let d = r.from; d <= r.to && days.length < 400; d = addDays(d, 1))
    days.push({ label: formatDayMonth(d), ...(byDay.get(d) ?? { impressions: 0, clicks: 0 }) });

  return (
    <div className="space-y-6">
      <div className="print:hidden">
        <Link to="/admin/ads" className={buttonClass('secondary')}>
          <ArrowRight className="size-4" aria-hidden="true" /> الحملات
        </Link>
      </div>
      <PageHeader title={`تقرير الحملة: ${c.name}`}>
        <div className="flex flex-wrap gap-2 print:hidden">
          <a href={adReportCsvUrl(id, r.from, r.to)} className={buttonClass('secondary')} download>
            <Download className="size-4" aria-hidden="true" /> تنزيل CSV
          </a>
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" /> طباعة
          </Button>
        </div>
      </PageHeader>
      <Card>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-bold">المعلِن: </dt>
            <dd className="inline">{c.advertiser}</dd>
          </div>
          <div>
            <dt className="inline font-bold">الحالة: </dt>
            <dd className="inline">{AD_CAMPAIGN_STATE_LABELS[c.state]}</dd>
          </div>
          <div>
            <dt className="inline font-bold">مدة الحملة: </dt>
            <dd className="inline">
              {formatDateTime(c.startsAt)} ← {formatDateTime(c.endsAt)}
            </dd>
          </div>
          <div>
            <dt className="inline font-bold">فترة التقرير: </dt>
            <dd className="inline">
              {formatDate(r.from)} ← {formatDate(r.to)}
            </dd>
          </div>
          <div>
            <dt className="inline font-bold">الأماكن: </dt>
            <dd className="inline">{c.placements.map((p) => AD_PLACEMENT_NAMES[p].label).join('، ')}</dd>
          </div>
        </dl>
        <form
          className="mt-4 flex flex-wrap items-end gap-3 print:hidden"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            setPeriod({ from: String(f.get('from') || '') || undefined, to: String(f.get('to') || '') || undefined });
          }}
        >
          <label className="space-y-1 text-sm">
            <span className="block font-bold">من</span>
            <Input type="date" name="from" defaultValue={r.from} />
          </label>
          <label className="space-y-1 text-sm">
            <span className="block font-bold">إلى</span>
            <Input type="date" name="to" defaultValue={r.to} />
          </label>
          <Button type="submit" variant="secondary">
            عرض
          </Button>
        </form>
      </Card>
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ['مرات الظهور المرئية', formatNumber(total.impressions)],
          ['النقرات', formatNumber(total.clicks)],
          ['نسبة النقر', `${formatNumber(ctrOf(total.impressions, total.clicks))}٪`],
        ].map(([label, value]) => (
          <Card key={label}>
            <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
            <p className="text-2xl font-bold" data-testid={`report-${label}`}>
              {value}
            </p>
          </Card>
        ))}
      </div>
      <Card>
        <h2 className="mb-3 text-lg font-bold">يوماً بيوم</h2>
        <div dir="ltr" className="h-72 text-slate-700 dark:text-slate-200 print:text-black" data-testid="chart-ad-days">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={days} title="مرات الظهور والنقرات يوماً بيوم">
              <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.4} />
              <XAxis dataKey="label" tick={axis} reversed />
              <YAxis allowDecimals={false} tick={axis} orientation="right" tickFormatter={numberTick} />
              <Tooltip content={(p) => <ChartTooltip {...p} labelDir="ltr" />} />
              <Legend content={(p) => <ChartLegend payload={p.payload} />} />
              <Line
                type="monotone"
                dataKey="impressions"
                name="مرات الظهور"
                stroke="#3b82f6"
                strokeWidth={2}
                dot={false}
              />
              <Line type="monotone" dataKey="clicks" name="النقرات" stroke="#ef4444" strokeWidth={2} dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <FiguresTable
            caption="حسب المكان"
            rows={sumBy(r.rows, (x) => x.placement).map(([p, s]) => [AD_PLACEMENT_NAMES[p as AdPlacement].label, s])}
          />
        </Card>
        <Card>
          <FiguresTable
            caption="حسب الجهاز"
            rows={sumBy(r.rows, (x) => x.device).map(([d, s]) => [DEVICE_WORDS[d as AdDevice], s])}
          />
        </Card>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        مرة الظهور المرئية: نصف الإعلان على الأقل في الشاشة مدة ثانية متصلة على الأقل (معيار IAB/MRC)، مرة واحدة في كل
        مشاهدة للصفحة؛ لا تُحتسب زيارات برامج الزحف.
      </p>
    </div>
  );
}
