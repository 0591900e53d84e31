import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTimeOr } from '../lib/admin-format';
import { auditPageQuery } from '../api/audit';
import { auditSentence } from '../lib/audit-text';
import { Card, Pager } from './ui';

/** Who changed what, and when (admins only), a page at a time: one Arabic sentence per entry. */
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
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="audit-log">
            {log.data?.items.map((e) => {
              const s = auditSentence(e);
              return (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 py-1.5" data-testid="audit-entry">
                  <span>
                    <bdi className="font-bold">{s.actor}</bdi> {s.verb}
                    {s.subject !== null && (
                      <>
                        {' «'}
                        {s.href ? (
                          <Link to={s.href} className="font-bold text-blue-800 underline dark:text-blue-300">
                            <bdi>{s.subject}</bdi>
                          </Link>
                        ) : (
                          <bdi>{s.subject}</bdi>
                        )}
                        {'»'}
                      </>
                    )}
                    {s.rest}
                  </span>
                  <span className="text-slate-600 dark:text-slate-400">{formatDateTimeOr(e.createdAt)}</span>
                </li>
              );
            })}
          </ul>
          {log.data && <Pager info={log.data.info} onPage={setPage} busy={log.isFetching} />}
        </>
      )}
    </Card>
  );
}
