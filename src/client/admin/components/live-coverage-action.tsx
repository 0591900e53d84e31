/**
 * Live coverage from the article editor: «مكتب التغطية» when the article is live coverage, and for editors
 * «تحويل إلى تغطية مباشرة» on a saved article that is not yet (the desk opens once it is). An editor opened from
 * «تغطية جديدة» (?edit=new&live=1) says the new article becomes coverage at its first save; the editor calls
 * `start` after that save, and the desk opens (if that fails the editor stays open, with the button to try again).
 */
import { useQuery } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { can, type Role } from '../../../shared/permissions';
import { liveListQuery, useStartLive } from '../api/live';
import { CLOSE_UNSAVED } from '../lib/leave-warning';
import { Button, buttonClass } from './ui';

const deskLink = (id: number) => `/admin/live/${id}`;

/** Whether a new article is to become live coverage at its first save, and the call that makes it so. */
export function useLiveAfterFirstSave(role: Role, isNew: boolean) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const start = useStartLive((newsId) => navigate(deskLink(newsId)));
  return {
    // After a failed start the editor saves as usual and offers «تحويل إلى تغطية مباشرة» instead.
    wanted: isNew && params.get('live') === '1' && can(role, 'news.publish') && !start.isError,
    start: (newsId: number) => start.mutate(newsId),
  };
}

export function LiveCoverageAction({
  newsId,
  role,
  dirty,
  wanted,
}: {
  /** The article, once saved. */
  newsId: number | undefined;
  role: Role;
  /** Unsaved changes (leaving for the desk asks first). */
  dirty: boolean;
  /** Opened from «تغطية جديدة»: it becomes coverage at its first save. */
  wanted: boolean;
}) {
  const [, navigate] = useLocation();
  const list = useQuery({ ...liveListQuery(), refetchInterval: false, enabled: !!newsId });
  const start = useStartLive((id) => navigate(deskLink(id)));
  const coverage = newsId ? list.data?.find((c) => c.newsId === newsId) : undefined;
  const mayLeave = () => !dirty || window.confirm(CLOSE_UNSAVED);

  if (coverage)
    return (
      <div className="flex justify-end">
        <Link
          to={deskLink(coverage.newsId)}
          onClick={(e) => !mayLeave() && e.preventDefault()}
          className={buttonClass('secondary')}
        >
          <Radio className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" /> مكتب التغطية
        </Link>
      </div>
    );
  if (wanted)
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded border border-red-200 bg-red-50 p-2 text-sm font-bold text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        data-testid="live-new-notice"
      >
        <Radio className="size-4 shrink-0" aria-hidden="true" />
        تغطية مباشرة جديدة: اكتب عنوانها ووصفها واختر تصنيفها؛ تصبح تغطية مباشرة عند أول حفظ ويُفتح مكتب التغطية.
      </p>
    );
  if (!newsId || !can(role, 'news.publish') || !list.data) return null;
  return (
    <div className="flex justify-end">
      <Button
        variant="secondary"
        disabled={start.isPending}
        onClick={() => mayLeave() && start.mutate(newsId)}
        data-testid="live-convert"
      >
        <Radio className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />
        {start.isPending ? 'جاري التحويل...' : 'تحويل إلى تغطية مباشرة'}
      </Button>
    </div>
  );
}
