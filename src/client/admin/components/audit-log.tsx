import { useQuery } from '@tanstack/react-query';
import { Card } from './ui';
import { adminGet } from '../lib/admin-api';
import { formatDateTimeOr } from '../../lib/format';

interface Entry {
  id: number;
  adminUsername: string;
  action: string;
  entity: string;
  entityId: string | null;
  createdAt: string;
}
const ACTIONS: Record<string, string> = {
  create: 'أضاف',
  update: 'عدّل',
  delete: 'حذف',
  import: 'استورد',
  login: 'سجّل الدخول',
  logout: 'سجّل الخروج',
};
const ENTITIES: Record<string, string> = {
  news: 'خبراً',
  breaking_news: 'خبراً عاجلاً',
  category: 'تصنيفاً',
  prayer_times: 'مواقيت الصلاة',
  admin: 'مستخدماً',
  media: 'صورة',
  settings: 'الإعدادات',
  session: '',
};

/** Who changed what, and when (admins only). */
export function AuditLog() {
  const log = useQuery({ queryKey: ['admin', 'audit-log'], queryFn: () => adminGet<Entry[]>('/api/admin/audit-log') });
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold">سجل التغييرات</h2>
      {log.isError ? (
        <p role="alert">تعذّر تحميل السجل</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto text-sm dark:divide-slate-800">
          {log.data?.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span>
                <bdi className="font-bold">{e.adminUsername}</bdi> {ACTIONS[e.action] ?? e.action}{' '}
                {ENTITIES[e.entity] ?? e.entity}
                {e.entityId && e.entity !== 'settings' ? (
                  <span className="text-slate-500"> #{e.entityId.slice(0, 8)}</span>
                ) : null}
              </span>
              <span className="text-slate-600 dark:text-slate-400">{formatDateTimeOr(e.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
