/**
 * The pages the newsletter's e-mails link to: confirming a sign-up, choosing what arrives, unsubscribing. Each reads
 * the link's token from the address once the page is alive and acts then: a mail scanner that only fetches the
 * link (no JavaScript) confirms or unsubscribes nobody. The server renders the same waiting card for everyone.
 */
import { MailCheck, MailX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PreferencesView } from '../../../shared/schemas/newsletter';
import { ApiError, apiFetch } from '../../lib/api';

const tokenOfPage = () => new URLSearchParams(window.location.search).get('t') ?? '';
const problem = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage) || fallback;
const MISSING = 'الرابط ناقص. افتحه كما وصلك في الرسالة، كاملاً.';
const OFFLINE = 'تعذّر الاتصال بالموقع، أعد المحاولة بعد قليل';

function Card({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-3 py-10">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-3 flex items-center gap-2 text-2xl font-bold">
          {icon}
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

const Waiting = ({ text }: { text: string }) => (
  <>
    <p role="status" className="leading-8">
      {text}
    </p>
    <noscript>
      <p className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-900">
        تحتاج هذه الصفحة إلى تشغيل جافاسكربت في المتصفح: بها نتأكد أنك من فتح الرابط، لا برنامج يفحص الروابط.
      </p>
    </noscript>
  </>
);

const Problem = ({ text }: { text: string }) => (
  <p role="alert" className="rounded bg-red-50 p-3 font-bold leading-8 text-red-900 dark:bg-red-950 dark:text-red-100">
    {text}
  </p>
);

const linkClass = 'font-bold text-blue-800 underline underline-offset-4 dark:text-blue-300';
const buttonClass =
  'rounded bg-blue-900 px-4 py-2 font-bold text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-700';

/** Where to go next: the preferences page, or home. */
const WayOn = ({ token, label }: { token: string; label: string }) => (
  <p>
    <Link href={`/newsletter/preferences?t=${token}`} className={linkClass}>
      {label}
    </Link>{' '}
    ·{' '}
    <Link href="/" className={linkClass}>
      العودة للرئيسية
    </Link>
  </p>
);

type Outcome<T> = { state: 'working' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

/** Runs `act` once with the page's token after hydration. */
function useOnce<T>(act: (token: string) => Promise<T>, fallback: string): Outcome<T> {
  const [outcome, setOutcome] = useState<Outcome<T>>({ state: 'working' });
  useEffect(() => {
    const token = tokenOfPage();
    if (!token) return setOutcome({ state: 'failed', message: MISSING });
    act(token).then(
      (value) => setOutcome({ state: 'done', value }),
      (err) => setOutcome({ state: 'failed', message: problem(err, fallback) }),
    );
    // Once per page: the token does not change while it is open.
  }, []);
  return outcome;
}

export function ConfirmPage() {
  const outcome = useOnce(
    (token) =>
      apiFetch<{ message: string; manageToken: string }>('/api/newsletter/confirm', {
        method: 'POST',
        body: JSON.stringify({ token }),
      }),
    OFFLINE,
  );
  return (
    <Card title="تأكيد الاشتراك" icon={<MailCheck className="size-7 text-blue-800" aria-hidden="true" />}>
      {outcome.state === 'working' && <Waiting text="جاري تأكيد اشتراكك..." />}
      {outcome.state === 'failed' && <Problem text={outcome.message} />}
      {outcome.state === 'done' && (
        <div data-testid="newsletter-confirmed" className="space-y-4 leading-8">
          <p className="font-bold text-green-800 dark:text-green-300">{outcome.value.message}</p>
          <WayOn token={outcome.value.manageToken} label="اختر ما يصلك" />
        </div>
      )}
    </Card>
  );
}

const CHOICES: { key: 'digest' | 'alerts'; label: string; hint: string }[] = [
  { key: 'digest', label: 'النشرة اليومية', hint: 'أبرز أخبار اليوم في رسالة واحدة كل يوم' },
  { key: 'alerts', label: 'الأخبار العاجلة والمهمة', hint: 'رسالة حين يرسل المحررون خبراً عاجلاً أو مهماً' },
];

function PreferencesForm({ token, initial }: { token: string; initial: PreferencesView }) {
  const [view, setView] = useState(initial);
  const [choice, setChoice] = useState({ digest: initial.digest, alerts: initial.alerts });
  /** Every section (and any new one), or the ones picked. */
  const [allSections, setAllSections] = useState(initial.sections.length === 0);
  const [picked, setPicked] = useState<string[]>(initial.sections);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();

  const adopt = (next: PreferencesView) => {
    setView(next);
    setChoice({ digest: next.digest, alerts: next.alerts });
    setAllSections(next.sections.length === 0);
    setPicked(next.sections);
  };
  const run = async (work: () => Promise<PreferencesView>, done: string) => {
    setBusy(true);
    setSaid(undefined);
    try {
      adopt(await work());
      setSaid({ ok: true, text: done });
    } catch (err) {
      setSaid({ ok: false, text: problem(err, 'تعذّر الحفظ، أعد المحاولة بعد قليل') });
    } finally {
      setBusy(false);
    }
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!allSections && !picked.length)
      return setSaid({ ok: false, text: 'اختر قسماً واحداً على الأقل، أو «كل الأقسام»' });
    void run(
      () =>
        apiFetch<PreferencesView>('/api/newsletter/preferences', {
          method: 'PUT',
          body: JSON.stringify({ token, ...choice, sections: allSections ? [] : picked }),
        }),
      'تم حفظ اختياراتك',
    );
  };

  return (
    <form onSubmit={save} className="space-y-5" aria-busy={busy}>
      <p className="leading-8">
        <span className="block font-bold">{view.fullName}</span>
        <bdi dir="ltr" className="break-all">
          {view.email}
        </bdi>
      </p>
      {view.state === 'unsubscribed' || view.state === 'suppressed' ? (
        <div className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="mb-2 font-bold">
            {view.state === 'unsubscribed'
              ? 'ألغيت اشتراكك؛ لا تصلك منا رسائل.'
              : 'أوقفنا الإرسال إلى بريدك لأن رسائلنا لم تصل إليه.'}
          </p>
          <button
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() =>
              void run(
                () =>
                  apiFetch<PreferencesView>('/api/newsletter/resubscribe', {
                    method: 'POST',
                    body: JSON.stringify({ token }),
                  }),
                'عدت مشتركاً، أهلاً بك من جديد',
              )
            }
          >
            أعد الاشتراك
          </button>
        </div>
      ) : view.state === 'pending' ? (
        <p className="rounded bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          لم تؤكد اشتراكك بعد: افتح رابط التأكيد في رسالتنا لتبدأ الرسائل بالوصول.
        </p>
      ) : null}
      <fieldset className="space-y-3" disabled={busy}>
        <legend className="mb-2 text-lg font-bold">ما يصلك</legend>
        {CHOICES.map((c) => (
          <label key={c.key} className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-1.5 size-5"
              checked={choice[c.key]}
              onChange={(e) => setChoice((x) => ({ ...x, [c.key]: e.target.checked }))}
            />
            <span>
              <span className="block font-bold">{c.label}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-2" disabled={busy}>
        <legend className="mb-2 text-lg font-bold">الأقسام</legend>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={allSections}
            onChange={(e) => setAllSections(e.target.checked)}
          />
          <span className="font-bold">كل الأقسام</span>
        </label>
        <div className="grid grid-cols-2 gap-2 ps-8 sm:grid-cols-3">
          {view.sectionChoices.map((s) => (
            <label key={s.slug} className={`flex items-center gap-2 ${allSections ? 'opacity-60' : ''}`}>
              <input
                type="checkbox"
                className="size-4"
                disabled={allSections}
                checked={allSections || picked.includes(s.slug)}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...new Set([...p, s.slug])] : p.filter((x) => x !== s.slug)))
                }
              />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      {said &&
        (said.ok ? (
          <p role="status" className="font-bold text-green-800 dark:text-green-300">
            {said.text}
          </p>
        ) : (
          <Problem text={said.text} />
        ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'جاري الحفظ...' : 'حفظ اختياراتي'}
        </button>
        {view.state !== 'unsubscribed' && (
          <Link href={`/newsletter/unsubscribe?t=${token}`} className={linkClass}>
            إلغاء الاشتراك
          </Link>
        )}
      </div>
    </form>
  );
}

export function PreferencesPage() {
  const [token, setToken] = useState('');
  const outcome = useOnce((t) => {
    setToken(t);
    return apiFetch<PreferencesView>(`/api/newsletter/preferences?token=${encodeURIComponent(t)}`);
  }, OFFLINE);
  return (
    <Card title="النشرة البريدية: ما يصلك">
      {outcome.state === 'working' && <Waiting text="جاري تحميل اختياراتك..." />}
      {outcome.state === 'failed' && <Problem text={outcome.message} />}
      {outcome.state === 'done' && <PreferencesForm token={token} initial={outcome.value} />}
    </Card>
  );
}

export function UnsubscribePage() {
  const [token, setToken] = useState('');
  const [back, setBack] = useState<'idle' | 'busy' | 'done' | string>('idle');
  const outcome = useOnce(async (t) => {
    setToken(t);
    return apiFetch<{ message: string }>('/api/newsletter/unsubscribe', {
      method: 'POST',
      body: JSON.stringify({ token: t }),
    });
  }, OFFLINE);
  const resubscribe = async () => {
    setBack('busy');
    try {
      await apiFetch('/api/newsletter/resubscribe', { method: 'POST', body: JSON.stringify({ token }) });
      setBack('done');
    } catch (err) {
      setBack(problem(err, 'تعذّر ذلك، أعد المحاولة بعد قليل'));
    }
  };
  return (
    <Card title="إلغاء الاشتراك" icon={<MailX className="size-7 text-red-800" aria-hidden="true" />}>
      {outcome.state === 'working' && <Waiting text="جاري إلغاء اشتراكك..." />}
      {outcome.state === 'failed' && <Problem text={outcome.message} />}
      {outcome.state === 'done' && (
        <div data-testid="newsletter-unsubscribed" className="space-y-4 leading-8">
          {back === 'done' ? (
            <p role="status" className="font-bold text-green-800 dark:text-green-300">
              عدت مشتركاً، أهلاً بك من جديد.
            </p>
          ) : (
            <p className="font-bold">{outcome.value.message}.</p>
          )}
          {back !== 'done' && (
            <p>
              ألغيته خطأً؟{' '}
              <button
                type="button"
                className={buttonClass}
                disabled={back === 'busy'}
                onClick={() => void resubscribe()}
              >
                أعد الاشتراك
              </button>
            </p>
          )}
          {back !== 'idle' && back !== 'busy' && back !== 'done' && <Problem text={back} />}
          <WayOn token={token} label="اختر ما يصلك بدلاً من ذلك" />
        </div>
      )}
    </Card>
  );
}
