import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTimeOr } from '../../../shared/format';
import { auditPageQuery } from '../api/audit';
import { Card, Pager } from './ui';

const ACTIONS: Record<string, string> = {
  create: 'أضاف',
  update: 'عدّل',
  delete: 'حذف',
  import: 'استورد',
  login: 'سجّل الدخول',
  logout: 'سجّل الخروج',
  publish: 'نشر',
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

/** Who changed what, and when (admins only), a page at a time. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(auditPageQuery(page));
  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold">سجل التغييرات</h2>
      {log.isError ? (
        <p role="alert">تعذّر تحميل السجل</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {log.data?.items.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>
                  <bdi className="font-bold">{e.adminUsername}</bdi> {ACTIONS[e.action] ?? e.action}{' '}
                  {ENTITIES[e.entity] ?? e.entity}
                  {e.entityId && e.entity !== 'settings' ? (
                    <span className="text-slate-600 dark:text-slate-400"> #{e.entityId.slice(0, 8)}</span>
                  ) : null}
                </span>
                <span className="text-slate-600 dark:text-slate-400">{formatDateTimeOr(e.createdAt)}</span>
              </li>
            ))}
          </ul>
          {log.data && <Pager info={log.data.info} onPage={setPage} busy={log.isFetching} />}
        </>
      )}
    </Card>
  );
}
