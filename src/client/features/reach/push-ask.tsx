/**
 * The soft ask: the site's own banner, in Arabic, before the browser's prompt (which most readers refuse when it comes
 * unasked). The reader picks topics (breaking news ticked; any section) and turns alerts on, which only then asks
 * the browser; «ليس الآن» hides it for 30 days.
 */
import { BellRing, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PUSH_ASK_STORAGE_KEY, PUSH_BREAKING_TOPIC } from '../../../shared/push';
import type { PushTopic } from '../../../shared/schemas/push';
import { notify } from '../../lib/toast';
import { enablePush, pushConfig } from './push-client';
import { TopicChoice } from './topic-choice';

const remember = (value: object) => {
  try {
    localStorage.setItem(PUSH_ASK_STORAGE_KEY, JSON.stringify(value));
  } catch {
    /* private mode */
  }
};

export function PushAsk({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [topics, setTopics] = useState<PushTopic[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([PUSH_BREAKING_TOPIC]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    pushConfig().then(
      (c) => setTopics(c.topics),
      () => onClose(), // no configuration (offline): ask another time
    );
  }, [onClose]);
  if (!topics) return null;

  const later = () => {
    remember({ dismissedAt: new Date().toISOString() });
    onClose();
  };
  const enable = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await enablePush(chosen);
      remember({ done: true });
      onClose();
      if (result === 'enabled') void notify('success', 'تم تفعيل التنبيهات', 'ستصلك أهم الأخبار لحظة وقوعها.');
      else
        void notify(
          'info',
          'لم تُفعَّل التنبيهات',
          'رفض المتصفح الإذن. يمكنك السماح بها من إعدادات المتصفح ثم من صفحة «التنبيهات».',
        );
    } catch {
      setError('تعذّر تفعيل التنبيهات الآن. تحقّق من اتصالك ثم حاول مجدداً.');
      setBusy(false);
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="push-ask"
      className="fixed inset-x-0 bottom-0 z-50 -translate-y-[var(--sticky-ad-h,0px)] border-t border-slate-200 bg-white p-4 shadow-2xl sm:inset-x-auto sm:start-4 sm:bottom-4 sm:w-[26rem] sm:rounded-lg sm:border dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <BellRing className="mt-1 size-6 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-bold">
            تنبيهات الأخبار العاجلة
          </h2>
          <p className="mt-1 text-sm leading-7 text-slate-700 dark:text-slate-300">
            نرسل إليك أهم الأخبار لحظة وقوعها، حتى والموقع مغلق. اختر ما يهمك:
          </p>
        </div>
        <button
          type="button"
          onClick={later}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          aria-label="إغلاق"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <TopicChoice topics={topics} chosen={chosen} onChange={setChosen} disabled={busy} className="mt-3" />
      {error && (
        <p role="alert" className="mt-2 rounded bg-red-50 px-2 py-1 text-sm font-bold text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void enable()}
          disabled={busy || chosen.length === 0}
          className="rounded bg-blue-900 px-4 py-2 font-bold text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-700"
        >
          {busy ? 'جارٍ التفعيل...' : 'تفعيل التنبيهات'}
        </button>
        <button
          type="button"
          onClick={later}
          disabled={busy}
          className="rounded border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          ليس الآن
        </button>
      </div>
    </div>
  );
}
