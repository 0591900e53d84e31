/**
 * The newsroom's live coverages (/admin/live), newest first: each with its state, when it started and ended (Tripoli
 * time), how many updates it has and when the last came, and its desk. Editors start one: «تغطية جديدة» opens the
 * article editor on a new article that becomes coverage at its first save (?edit=new&live=1), and an existing
 * article becomes coverage by its number or a search of titles.
 */
import '../components/live.css';
import { useQuery } from '@tanstack/react-query';
import { Plus, Radio } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { normalizeArabic } from '../../../shared/arabic';
import { formatDateTimeOr } from '../lib/admin-format';
import { NEWS_STATUSES, type NewsStatus } from '../../../shared/news-workflow';
import { can } from '../../../shared/permissions';
import { formatCount, RESULTS } from '../../../shared/plural';
import type { AdminLiveCoverage } from '../../../shared/schemas/live';
import { errorText } from '../api/client';
import { liveListQuery, useStartLive } from '../api/live';
import { newsDetailQuery, newsListQuery } from '../api/news';
import { sessionQuery } from '../api/session';
import { LiveStateBadge } from '../components/live-badges';
import { StatusBadge } from '../components/news-status';
import {
  BackToDashboard,
  Button,
  buttonClass,
  Card,
  DataList,
  described,
  Empty,
  Field,
  FormAlert,
  Input,
  Loading,
  PageHeader,
  Select,
} from '../components/ui';
import { LIVE_UPDATES } from '../lib/labels';

const NEW_COVERAGE = '/admin/news?edit=new&live=1';
const deskLink = (id: number) => `/admin/live/${id}`;
const isNewsStatus = (s: string): s is NewsStatus => (NEWS_STATUSES as readonly string[]).includes(s);

/** An existing article made live coverage: found by its number, or chosen among the titles a search finds. */
function StartFromArticle({ taken }: { taken: ReadonlySet<number> }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const q = useDeferredValue(text.trim());
  const digits = normalizeArabic(q);
  const byNumber = /^\d{1,9}$/.test(digits) && Number(digits) > 0 ? Number(digits) : null;
  const search = useQuery({
    ...newsListQuery({ q, category: 'all', status: 'all', author: null, page: 1 }),
    enabled: !!q && byNumber === null,
  });
  const one = useQuery({ ...newsDetailQuery(byNumber ?? 0), enabled: byNumber !== null });
  const start = useStartLive((newsId) => navigate(deskLink(newsId)));
  const options = byNumber === null && q ? (search.data?.items ?? []).filter((n) => !taken.has(n.id)) : [];
  const chosen =
    byNumber !== null
      ? one.data && !taken.has(byNumber)
        ? byNumber
        : null
      : picked !== null && options.some((n) => n.id === picked)
        ? picked
        : null;

  return (
    <Card className="mb-6">
      <h2 className="mb-3 text-lg font-bold">تحويل خبر موجود إلى تغطية مباشرة</h2>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen !== null && !start.isPending) start.mutate(chosen);
        }}
      >
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="الخبر" id="live-find" hint="رقم الخبر أو كلمات من عنوانه">
            <Input
              id="live-find"
              type="search"
              value={text}
              onChange={(e) => (setText(e.target.value), setPicked(null))}
              {...described('live-find', undefined, true)}
            />
          </Field>
          {byNumber !== null ? (
            <p className="self-center text-sm" aria-live="polite" data-testid="live-find-result">
              {one.isLoading ? (
                'جاري البحث...'
              ) : one.data ? (
                <>
                  <span className="font-bold">{one.data.title}</span>
                  {taken.has(byNumber) && (
                    <>
                      {' '}
                      — تغطية مباشرة بالفعل:{' '}
                      <Link to={deskLink(byNumber)} className="font-bold underline">
                        مكتب التغطية
                      </Link>
                    </>
                  )}
                </>
              ) : (
                'لا يوجد خبر بهذا الرقم'
              )}
            </p>
          ) : (
            q && (
              <Field label="نتائج البحث" id="live-pick">
                <Select
                  id="live-pick"
                  value={picked ?? ''}
                  onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">
                    {search.isFetching ? 'جاري البحث...' : `اختر الخبر (${formatCount(options.length, RESULTS)})`}
                  </option>
                  {options.map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.title} (رقم {n.id})
                    </option>
                  ))}
                </Select>
              </Field>
            )
          )}
        </div>
        <FormAlert message={start.isError ? errorText(start.error, 'حدث خطأ أثناء بدء التغطية المباشرة') : undefined} />
        <div className="flex justify-end">
          <Button type="submit" disabled={chosen === null || start.isPending}>
            <Radio className="size-4" aria-hidden="true" />
            {start.isPending ? 'جاري التحويل...' : 'تحويل إلى تغطية مباشرة'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function LivePage() {
  const list = useQuery(liveListQuery());
  const session = useQuery(sessionQuery(true));
  const editor = can(session.data?.admin.role, 'news.publish');
  const rows = list.data ?? [];
  const taken = new Set(rows.map((c) => c.newsId));
  const newCoverage = (
    <Link to={NEW_COVERAGE} className={buttonClass('primary')}>
      <Plus className="size-4" aria-hidden="true" /> تغطية جديدة
    </Link>
  );

  return (
    <div className="live-screen">
      <PageHeader title="التغطيات المباشرة">
        <BackToDashboard />
        {editor && newCoverage}
      </PageHeader>
      {editor && <StartFromArticle taken={taken} />}
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">{errorText(list.error, 'فشل جلب بيانات التغطيات المباشرة')}</p>
      ) : !rows.length ? (
        <Empty text="لا توجد تغطيات مباشرة" action={editor ? newCoverage : undefined} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">الأوقات بتوقيت طرابلس.</p>
          <DataList<AdminLiveCoverage>
            items={rows}
            keyOf={(c) => c.newsId}
            testId={(c) => `live-row-${c.newsId}`}
            title={(c) => c.title}
            columns={[
              {
                header: 'العنوان',
                card: false,
                className: 'min-w-48 max-w-md',
                cell: (c) => <p className="line-clamp-2 font-bold [overflow-wrap:anywhere]">{c.title}</p>,
              },
              {
                header: 'الحالة',
                cell: (c) => (
                  <div className="flex flex-wrap items-center gap-1">
                    <LiveStateBadge state={c.state} />
                    {isNewsStatus(c.status) && c.status !== 'published' && <StatusBadge status={c.status} />}
                  </div>
                ),
              },
              { header: 'بدأت', cell: (c) => formatDateTimeOr(c.startedAt), className: 'min-w-28' },
              {
                header: 'انتهت',
                cell: (c) => (c.state === 'ended' ? formatDateTimeOr(c.endedAt) : 'مستمرة'),
                className: 'min-w-28',
              },
              {
                header: 'التحديثات',
                cell: (c) => formatCount(c.entryCount, LIVE_UPDATES),
                className: 'whitespace-nowrap',
              },
              {
                header: 'آخر تحديث',
                cell: (c) => formatDateTimeOr(c.lastEntryAt, '—'),
                className: 'min-w-28',
              },
            ]}
            actions={(c) => (
              <Link
                to={deskLink(c.newsId)}
                className={buttonClass(c.state === 'live' ? 'primary' : 'secondary', 'whitespace-nowrap')}
                aria-label={`مكتب التغطية: ${c.title}`}
              >
                مكتب التغطية
              </Link>
            )}
          />
        </>
      )}
    </div>
  );
}
