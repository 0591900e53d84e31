import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Eye, FolderTree, MonitorSmartphone, Newspaper, Siren, UserCheck, Users } from 'lucide-react';
import { Link } from 'wouter';
import { can } from '../../../shared/permissions';
import { formatDateTime, formatNumber, timeAgo } from '../../../shared/format';
import type { StatisticsToday } from '../../../shared/schemas/admin';
import { reviewQueueQuery } from '../api/news';
import { todayQuery } from '../api/statistics';
import { BackupStatusCard } from '../components/backup-status-card';
import { StatusBadge } from '../components/news-status';
import { Card, Loading } from '../components/ui';
import { readAuth } from '../lib/auth';
import { DEVICE_LABELS } from '../lib/labels';

const QUICK = [
  { to: '/admin/news', label: 'إدارة الأخبار', icon: Newspaper, permission: 'news.write' },
  { to: '/admin/breaking-news', label: 'الأخبار العاجلة', icon: Siren, permission: 'breaking.manage' },
  { to: '/admin/categories', label: 'التصنيفات', icon: FolderTree, permission: 'sections.manage' },
] as const;

type Latest = StatisticsToday['latestNews'][number];

/** The date that means something for an article in its state (never "غير محدد"). */
function latestDate(n: Latest): { label: string; at: string } {
  switch (n.status) {
    case 'published':
    case 'unpublished':
      return { label: 'نُشر', at: n.publishedAt ?? n.updatedAt };
    case 'scheduled':
      return { label: 'يُنشر', at: n.publishedAt ?? n.updatedAt };
    case 'review':
      return { label: 'أُرسل للمراجعة', at: n.submittedAt ?? n.updatedAt };
    default:
      return { label: 'آخر تعديل', at: n.updatedAt };
  }
}

const editLink = (id: number) => `/admin/news?edit=${id}`;
const linkClass = 'font-bold hover:underline focus-visible:underline';

/** The editors' review queue: what writers sent, who and when, the longest waiting first; each opens in the editor. */
function ReviewQueueCard() {
  const queue = useQuery(reviewQueueQuery());
  const total = queue.data?.total ?? 0;
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold" id="review-queue-title">
        <ClipboardCheck className="size-5" aria-hidden="true" /> بانتظار المراجعة
        <span
          className={`rounded-full px-2 py-0.5 text-sm ${total ? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
          data-testid="review-queue-count"
          aria-label={`${formatNumber(total)} بانتظار المراجعة`}
        >
          {formatNumber(total)}
        </span>
      </h2>
      {queue.isError ? (
        <p role="alert">تعذّر تحميل قائمة المراجعة</p>
      ) : !queue.data ? (
        <Loading />
      ) : total === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">لا أخبار بانتظار المراجعة</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 dark:divide-slate-800"
          aria-labelledby="review-queue-title"
          data-testid="review-queue"
        >
          {queue.data.items.map((n) => (
            <li key={n.id} className="py-2 text-sm">
              <Link to={editLink(n.id)} className={`line-clamp-2 ${linkClass}`}>
                {n.title}
              </Link>
              <p className="text-slate-600 dark:text-slate-400">
                أرسله {n.submittedBy ? <bdi>{n.submittedBy.fullName}</bdi> : 'كاتب لم يعد حسابه موجوداً'}{' '}
                <time dateTime={n.submittedAt} title={formatDateTime(n.submittedAt)}>
                  {timeAgo(n.submittedAt)}
                </time>
                {n.categoryName ? ` · ${n.categoryName}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > (queue.data?.items.length ?? 0) && (
        <Link
          to="/admin/news?status=review"
          className="mt-3 inline-block text-sm font-bold text-blue-800 underline dark:text-blue-300"
        >
          عرض كل الأخبار قيد المراجعة ({formatNumber(total)})
        </Link>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const role = readAuth()?.user.role;
  const stats = useQuery(todayQuery());
  if (stats.isLoading) return <Loading />;
  if (stats.isError || !stats.data) return <p role="alert">فشل في تحميل الإحصائيات</p>;
  const s = stats.data;
  const cards = [
    { label: 'زيارات اليوم', value: s.today.visitors, icon: Users },
    { label: 'مشاهدات الصفحات', value: s.today.pageViews, icon: Eye },
    { label: 'الزوار الفريدون', value: s.today.uniqueVisitors, icon: UserCheck },
    { label: 'الأخبار العاجلة النشطة', value: s.activeBreakingNews, icon: Siren },
  ];
  const totalDevices = s.devices.reduce((n, d) => n + d.visitors, 0);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">لوحة التحكم</h1>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="flex items-center gap-4">
            <Icon
              className="size-10 rounded-full bg-blue-100 p-2 text-blue-900 dark:bg-blue-950 dark:text-blue-200"
              aria-hidden="true"
            />
            <div>
              <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
              <p className="text-2xl font-bold" data-testid={`stat-${label}`}>
                {formatNumber(value)}
              </p>
            </div>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {QUICK.filter((l) => can(role, l.permission)).map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-bold shadow-sm hover:border-blue-800 dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon className="size-6 text-blue-900 dark:text-blue-300" aria-hidden="true" /> {label}
          </Link>
        ))}
      </div>
      {can(role, 'operations.view') && <BackupStatusCard />}
      {can(role, 'news.publish') && <ReviewQueueCard />}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-lg font-bold">آخر الأخبار</h2>
          {s.latestNews.length ? (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="latest-news">
              {s.latestNews.map((n) => {
                const date = latestDate(n);
                return (
                  // The headline whole (two lines at most), its state and date under it: a phone's narrow card
                  // would otherwise cut the headline to a word or two.
                  <li key={n.id} className="space-y-1 py-2 text-sm">
                    <Link to={editLink(n.id)} className={`line-clamp-2 ${linkClass}`}>
                      {n.title}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                      <StatusBadge status={n.status} />
                      <span data-testid="latest-news-date">
                        {date.label} {formatDateTime(date.at)}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">لا توجد أخبار بعد</p>
          )}
          <Link
            to="/admin/news"
            className="mt-3 inline-block text-sm font-bold text-blue-800 underline dark:text-blue-300"
          >
            عرض جميع الأخبار
          </Link>
        </Card>
        <Card>
          <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
            <MonitorSmartphone className="size-5" aria-hidden="true" /> توزيع الزوار حسب الجهاز
          </h2>
          {totalDevices ? (
            <ul className="space-y-2 text-sm">
              {s.devices.map((d) => (
                <li key={d.device}>
                  <div className="flex justify-between">
                    <span>{DEVICE_LABELS[d.device] ?? d.device}</span>
                    <span>
                      {formatNumber(d.visitors)} ({Math.round((d.visitors / totalDevices) * 100)}%)
                    </span>
                  </div>
                  <div className="h-2 rounded bg-slate-100 dark:bg-slate-800">
                    <div
                      className="h-2 rounded bg-blue-700"
                      style={{ width: `${(d.visitors / totalDevices) * 100}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">لا توجد زيارات اليوم بعد</p>
          )}
          <Link
            to="/admin/statistics"
            className="mt-3 inline-block text-sm font-bold text-blue-800 underline dark:text-blue-300"
          >
            الإحصائيات التفصيلية
          </Link>
        </Card>
      </div>
    </div>
  );
}
