import { useQuery } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDayMonth, isolateLtr } from '../lib/admin-format';
import { formatCount, VIEWS } from '../../../shared/plural';
import { detailedQuery } from '../api/statistics';
import { ChartLegend, ChartTooltip, numberTick } from '../components/chart-parts';
import { Card, Loading, PageHeader } from '../components/ui';
import { DEVICE_LABELS } from '../lib/labels';

// Mid-tone colours readable on the light and the dark card alike.
const COLORS = ['#3b82f6', '#ef4444', '#10b981', '#f59e0b', '#a855f7', '#06b6d4'];
const axis = { fill: 'currentColor', fontSize: 12 };

export function StatisticsPage() {
  const stats = useQuery(detailedQuery());
  if (stats.isLoading) return <Loading />;
  if (stats.isError || !stats.data) return <p role="alert">فشل في تحميل الإحصائيات</p>;
  const d = stats.data;
  // Dates as day/month, each one left-to-right run (never "2511/" for 25/11 in a right-to-left page).
  const days = d.days.map((x) => ({ ...x, label: formatDayMonth(x.day) }));
  const devices = d.devices.map((x) => ({ ...x, name: DEVICE_LABELS[x.device] ?? x.device }));
  return (
    <div className="space-y-6">
      <PageHeader title="الإحصائيات التفصيلية" />
      <Card>
        <h2 className="mb-3 text-lg font-bold">الزيارات ومشاهدات الصفحات والزوار الفريدون — آخر 30 يوماً</h2>
        <div dir="ltr" className="h-72 text-slate-700 dark:text-slate-200" data-testid="chart-days">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={days} title="الزيارات ومشاهدات الصفحات والزوار الفريدون يوماً بيوم">
              <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.4} />
              <XAxis dataKey="label" tick={axis} reversed />
              <YAxis allowDecimals={false} tick={axis} orientation="right" tickFormatter={numberTick} />
              <Tooltip content={(p) => <ChartTooltip {...p} labelDir="ltr" />} />
              <Legend content={(p) => <ChartLegend payload={p.payload} />} />
              <Line type="monotone" dataKey="visits" name="الزيارات" stroke={COLORS[0]} strokeWidth={2} dot={false} />
              <Line
                type="monotone"
                dataKey="pageViews"
                name="مشاهدات الصفحات"
                stroke={COLORS[1]}
                strokeWidth={2}
                dot={false}
              />
              <Line
                type="monotone"
                dataKey="uniqueVisitors"
                name="الزوار الفريدون"
                stroke={COLORS[2]}
                strokeWidth={2}
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-lg font-bold">المشاهدات حسب التصنيف</h2>
          <div dir="ltr" className="h-64 text-slate-700 dark:text-slate-200" data-testid="chart-sections">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.byCategory} title="المشاهدات حسب التصنيف">
                <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.4} />
                <XAxis dataKey="name" tick={axis} reversed />
                <YAxis allowDecimals={false} tick={axis} orientation="right" tickFormatter={numberTick} />
                <Tooltip content={(p) => <ChartTooltip {...p} />} />
                <Bar dataKey="views" name="المشاهدات" fill={COLORS[0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Card>
          <h2 className="mb-3 text-lg font-bold">الزوار حسب الجهاز (30 يوماً)</h2>
          {devices.length ? (
            <div dir="ltr" className="h-64 text-slate-700 dark:text-slate-200" data-testid="chart-devices">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart margin={{ top: 8, bottom: 8 }} title="الزوار حسب الجهاز">
                  <Pie
                    data={devices}
                    dataKey="visitors"
                    nameKey="name"
                    cy="45%"
                    outerRadius="65%"
                    labelLine={false}
                    label={({ percent }: { percent?: number }) => isolateLtr(`${Math.round((percent ?? 0) * 100)}%`)}
                  >
                    {devices.map((x, i) => (
                      <Cell key={x.device} fill={COLORS[i % COLORS.length]} />
                    ))}
                  </Pie>
                  <Legend verticalAlign="bottom" content={(p) => <ChartLegend payload={p.payload} />} />
                  <Tooltip content={(p) => <ChartTooltip {...p} />} />
                </PieChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">لا توجد زيارات مسجلة بعد</p>
          )}
        </Card>
      </div>
      <Card>
        <h2 className="mb-3 text-lg font-bold">الأخبار الأكثر قراءة</h2>
        <ol className="list-decimal space-y-1 ps-6 text-sm">
          {d.topArticles.map((a) => (
            <li key={a.id}>
              <span className="font-bold">{a.title}</span> — {formatCount(a.views, VIEWS)}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
