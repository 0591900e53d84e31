/** An article's state as a coloured badge (the panel's colours: grey, amber, blue, green, red). */
import { STATUS_LABELS, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';

const TONES: Record<NewsStatus, string> = {
  draft: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  review: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  scheduled: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  published: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  unpublished: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

export function StatusBadge({ status }: { status: NewsStatus }) {
  return (
    <span
      className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${TONES[status]}`}
      data-testid="news-status"
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** What a button that takes `action` says, given where the article is now. */
export function actionLabel(action: NewsAction, status: NewsStatus | null): string {
  switch (action) {
    case 'draft':
      return status === 'review'
        ? 'إعادة إلى المسودات'
        : status === 'scheduled'
          ? 'إلغاء الجدولة'
          : status === 'unpublished'
            ? 'نقل إلى المسودات'
            : 'حفظ كمسودة';
    case 'review':
      return status === 'review' ? 'حفظ' : 'إرسال للمراجعة';
    case 'publish':
      return status === 'published' ? 'حفظ ونشر التعديلات' : status === 'scheduled' ? 'نشر الآن' : 'نشر';
    case 'schedule':
      return status === 'scheduled' ? 'تغيير موعد النشر' : 'جدولة';
    case 'unpublish':
      return 'إلغاء النشر';
  }
}
