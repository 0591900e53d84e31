import { useQuery } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  Cell,
} from 'recharts';
import type { z } from 'zod';
import type { statisticsDetailed } from '../../../shared/schemas/admin';
import { formatNumber } from '../../lib/format';
import { Card, Loading, PageHeader } from '../components/ui';
import { adminGet } from '../lib/admin-api';
import { DEVICE_LABELS } from '../lib/labels';

type Detailed = z.infer<typeof statisticsDetailed>;
const COLORS = ['#1e3a8a', '#dc2626', '#047857', '#f59e0b', '#7c3aed', '#2563eb'];

export function StatisticsPage() {
  const stats = useQuery({
    queryKey: ['admin', 'statistics', 'detailed'],
    queryFn: () => adminGet<Detailed>('/api/admin/statistics/detailed'),
    refetchInterval: 60_000,
  });
  if (stats.isLoading) return <Loading />;
  if (stats.isError || !stats.data) return <p role="alert">فشل في تحميل الإحصائيات</p>;
  const d = stats.data;
  const days = d.days.map((x) => ({ ...x, label: x.day.slice(5).replace('-', '/') }));
  return (
    <div className="space-y-6">
      <PageHeader title="الإحصائيات التفصيلية" />
      <Card>
        <h2 className="mb-3 text-lg font-bold">الزيارات ومشاهدات الصفحات والزوار الفريدون — آخر 30 يوماً</h2>
        <div dir="ltr" className="h-72">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="visits" name="الزيارات" stroke="#1e3a8a" />
              <Line type="monotone" dataKey="pageViews" name="مشاهدات الصفحات" stroke="#dc2626" />
              <Line type="monotone" dataKey="uniqueVisitors" name="الزوار الفريدون" stroke="#047857" />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-lg font-bold">المشاهدات حسب التصنيف</h2>
          <div dir="ltr" className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.byCategory}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="views" name="المشاهدات" fill="#1e3a8a" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Card>
          <h2 className="mb-3 text-lg font-bold">الزوار حسب الجهاز (30 يوماً)</h2>
          {d.devices.length ? (
            <div dir="ltr" className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie
                    data={d.devices.map((x) => ({ ...x, name: DEVICE_LABELS[x.device] ?? x.device }))}
                    dataKey="visitors"
                    nameKey="name"
                    outerRadius={90}
                    label
                  >
                    {d.devices.map((x, i) => (
                      <Cell key={x.device} fill={COLORS[i % COLORS.length]} />
                    ))}
                  </Pie>
                  <Legend />
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
            </div>
          ) : (
            <p className="text-sm text-slate-600">لا توجد زيارات مسجلة بعد</p>
          )}
        </Card>
      </div>
      <Card>
        <h2 className="mb-3 text-lg font-bold">الأخبار الأكثر قراءة</h2>
        <ol className="list-decimal space-y-1 ps-6 text-sm">
          {d.topArticles.map((a) => (
            <li key={a.id}>
              <span className="font-bold">{a.title}</span> — {formatNumber(a.views)} مشاهدة
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
