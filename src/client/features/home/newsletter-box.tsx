/** Newsletter sign-up: SPEC's validation toast when a field is empty; stored for real on the server. */
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api';
import { notify } from '../../lib/toast';

export function NewsletterBox() {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!fullName.trim() || !email.trim()) {
      void notify('error', 'خطأ في النموذج', 'يرجى ملء جميع الحقول المطلوبة');
      return;
    }
    setBusy(true);
    try {
      const res = await apiFetch<{ message: string; alreadySubscribed: boolean }>('/api/newsletter', {
        method: 'POST',
        body: JSON.stringify({ fullName: fullName.trim(), email: email.trim() }),
      });
      void notify(
        'success',
        'تم الاشتراك بنجاح',
        res.alreadySubscribed ? res.message : 'شكراً لك، ستصلك آخر الأخبار على بريدك',
      );
      setFullName('');
      setEmail('');
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      void notify('error', 'حدث خطأ', message ?? 'تعذّر الاشتراك، يرجى المحاولة مرة أخرى');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-lg bg-blue-900 p-4 text-white shadow-sm">
      <h2 id="newsletter-heading" className="mb-1 flex items-center gap-2 text-lg font-bold">
        <Mail className="size-5" aria-hidden="true" /> النشرة البريدية
      </h2>
      <p className="mb-3 text-sm text-blue-100">اشترك لتصلك أهم الأخبار يومياً</p>
      <form onSubmit={submit} noValidate className="space-y-2" aria-busy={busy}>
        <label htmlFor="nl-name" className="sr-only">
          الاسم الكامل
        </label>
        <input
          id="nl-name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          placeholder="الاسم الكامل"
          disabled={busy}
          className="w-full rounded bg-white px-3 py-2 text-slate-900"
          autoComplete="name"
        />
        <label htmlFor="nl-email" className="sr-only">
          البريد الإلكتروني
        </label>
        <input
          id="nl-email"
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="البريد الإلكتروني"
          disabled={busy}
          className="w-full rounded bg-white px-3 py-2 text-end text-slate-900 placeholder:text-end"
          autoComplete="email"
        />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded bg-amber-400 py-2 font-bold text-slate-900 hover:bg-amber-300 disabled:opacity-70"
        >
          {busy ? 'جاري الاشتراك...' : 'اشترك الآن'}
        </button>
      </form>
    </section>
  );
}
