/**
 * «التنبيهات»: the reader's notification settings. Whether this browser can have alerts (and, on an iPhone, that the
 * site must be on the Home Screen first), turning them on with topics, changing the topics, and turning them off in
 * one tap. The page is rendered by the server as «جارٍ التحقق…»; the browser knows the rest.
 */
import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PUSH_ASK_STORAGE_KEY, PUSH_BREAKING_TOPIC } from '../../../shared/push';
import type { PushTopic } from '../../../shared/schemas/push';
import { MessageBox } from '../../components/message-box';
import { ApiError } from '../../lib/api';
import {
  currentSubscription,
  disablePush,
  enablePush,
  pushConfig,
  pushSupport,
  saveTopics,
  subscribedTopics,
} from './push-client';
import { TopicChoice } from './topic-choice';

type View =
  | { kind: 'checking' }
  | { kind: 'unsupported' | 'ios-not-installed' | 'denied' | 'error' }
  | { kind: 'off'; topics: PushTopic[] }
  | { kind: 'on'; topics: PushTopic[]; subscription: PushSubscription; chosen: string[] };

const button =
  'rounded px-4 py-2 font-bold disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const primary = `${button} bg-blue-900 text-white hover:bg-blue-800 dark:bg-blue-700`;

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage) || fallback;

export function NotificationsPage() {
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [chosen, setChosen] = useState<string[]>([PUSH_BREAKING_TOPIC]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string }>();

  async function load() {
    const support = pushSupport();
    if (support !== 'supported') return setView({ kind: support });
    if (Notification.permission === 'denied') return setView({ kind: 'denied' });
    try {
      const [config, subscription] = await Promise.all([pushConfig(), currentSubscription()]);
      const topics = subscription ? await subscribedTopics(subscription) : null;
      if (subscription && topics) {
        setChosen(topics);
        setView({ kind: 'on', topics: config.topics, subscription, chosen: topics });
      } else setView({ kind: 'off', topics: config.topics });
    } catch {
      setView({ kind: 'error' });
    }
  }
  useEffect(() => {
    void load();
  }, []);

  const act = async (work: () => Promise<string>, failure: string) => {
    setBusy(true);
    setStatus(undefined);
    try {
      setStatus({ tone: 'ok', text: await work() });
      await load();
    } catch (err) {
      setStatus({ tone: 'error', text: errorText(err, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-3 py-8" data-testid="notifications-page">
      <h1 className="text-2xl font-bold sm:text-3xl">التنبيهات</h1>
      <p className="mt-2 leading-8 text-slate-700 dark:text-slate-300">
        تنبيهات بأهم الأخبار تصل إلى جهازك لحظة نشرها، حتى والموقع مغلق. لا نطلب اسمك ولا بريدك، ويمكنك إيقافها بنقرة.
      </p>
      <div className="mt-6">
        {view.kind === 'checking' && <MessageBox title="جارٍ التحقق من التنبيهات على هذا المتصفح..." />}
        {view.kind === 'unsupported' && (
          <MessageBox title="متصفحك لا يدعم التنبيهات" hint="جرّب متصفحاً حديثاً مثل كروم أو فايرفوكس أو إيدج." />
        )}
        {view.kind === 'ios-not-installed' && (
          <MessageBox
            title="على آيفون وآيباد: أضف الموقع إلى الشاشة الرئيسية أولاً"
            hint="في سفاري: زر المشاركة ثم «إضافة إلى الشاشة الرئيسية»، ثم افتح الموقع من أيقونته وعد إلى هذه الصفحة."
          />
        )}
        {view.kind === 'denied' && (
          <MessageBox
            title="التنبيهات محظورة في هذا المتصفح"
            hint="اسمح بالإشعارات لهذا الموقع من إعدادات المتصفح (رمز القفل بجوار العنوان)، ثم أعد تحميل الصفحة."
          />
        )}
        {view.kind === 'error' && (
          <MessageBox title="تعذّر التحقق من التنبيهات الآن" hint="تحقّق من اتصالك ثم أعد تحميل الصفحة." tone="error" />
        )}
        {(view.kind === 'off' || view.kind === 'on') && (
          <section
            aria-labelledby="topics-heading"
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <p className="mb-3 flex items-center gap-2 font-bold" data-testid="push-state">
              {view.kind === 'on' ? (
                <>
                  <BellRing className="size-5 text-green-700 dark:text-green-400" aria-hidden="true" /> التنبيهات مفعّلة
                  على هذا المتصفح
                </>
              ) : (
                <>
                  <BellOff className="size-5 text-slate-500" aria-hidden="true" /> التنبيهات غير مفعّلة على هذا المتصفح
                </>
              )}
            </p>
            <h2 id="topics-heading" className="mb-2 font-bold">
              ما الذي يصلك؟
            </h2>
            <TopicChoice topics={view.topics} chosen={chosen} onChange={setChosen} disabled={busy} />
            <div className="mt-4 flex flex-wrap gap-2">
              {view.kind === 'off' ? (
                <button
                  type="button"
                  className={primary}
                  disabled={busy || !chosen.length}
                  onClick={() =>
                    void act(async () => {
                      const result = await enablePush(chosen);
                      if (result === 'denied') throw new Error('denied');
                      try {
                        localStorage.setItem(PUSH_ASK_STORAGE_KEY, JSON.stringify({ done: true }));
                      } catch {
                        /* private mode */
                      }
                      return 'تم تفعيل التنبيهات';
                    }, 'تعذّر تفعيل التنبيهات. إن رفض المتصفح الإذن فاسمح به من إعداداته.')
                  }
                >
                  تفعيل التنبيهات
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className={primary}
                    disabled={busy || !chosen.length}
                    onClick={() =>
                      void act(async () => {
                        await saveTopics(view.subscription, chosen);
                        return 'تم حفظ اختياراتك';
                      }, 'تعذّر حفظ اختياراتك، حاول مجدداً')
                    }
                  >
                    حفظ الاختيارات
                  </button>
                  <button
                    type="button"
                    className={`${button} border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950`}
                    disabled={busy}
                    onClick={() =>
                      void act(async () => {
                        await disablePush(view.subscription);
                        return 'تم إيقاف التنبيهات على هذا المتصفح';
                      }, 'تعذّر إيقاف التنبيهات، حاول مجدداً')
                    }
                  >
                    إيقاف التنبيهات
                  </button>
                </>
              )}
            </div>
          </section>
        )}
        <p
          role={status?.tone === 'error' ? 'alert' : 'status'}
          className={`mt-3 min-h-7 font-bold ${status?.tone === 'error' ? 'text-red-800 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}
        >
          {status?.text}
        </p>
      </div>
    </div>
  );
}
