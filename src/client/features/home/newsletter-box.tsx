/**
 * Newsletter sign-up: SPEC's validation toast when a field is empty, and each problem in Arabic under its own
 * field (cleared as soon as the field changes), checked with the shared schema the server uses. The schema (and
 * zod with it) loads on the first submit, so it costs nothing on the first page load.
 */
import { Mail } from 'lucide-react';
import { useState } from 'react';
import type { NewsletterField } from '../../../shared/schemas/newsletter';
import { ApiError, apiFetch } from '../../lib/api';
import { notify } from '../../lib/toast';

type FieldErrors = Partial<Record<NewsletterField, string>>;

/** The server's field messages from a 400 body's details (paths like "body.email"). */
function fieldErrorsOf(err: unknown): FieldErrors {
  if (!(err instanceof ApiError)) return {};
  try {
    const body = JSON.parse(err.body) as { details?: { path?: string; message?: string }[] };
    const out: FieldErrors = {};
    for (const d of body.details ?? []) {
      const field = d.path?.split('.').pop();
      if ((field === 'fullName' || field === 'email') && d.message) out[field] ??= d.message;
    }
    return out;
  } catch {
    return {};
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="rounded bg-red-50 px-2 py-1 text-sm font-bold text-red-800">
      {message}
    </p>
  );
}

export function NewsletterBox() {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // zod comes with its configuration (no eval under our CSP: src/client/lib/zod-config.ts, in zod's own chunk).
      const { newsletterRequest } = await import('../../../shared/schemas/newsletter');

      const parsed = newsletterRequest.safeParse({ fullName, email });
      if (!parsed.success) {
        const found: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as NewsletterField;
          found[field] ??= issue.message;
        }
        setErrors(found);
        if (!fullName.trim() || !email.trim()) void notify('error', 'خطأ في النموذج', 'يرجى ملء جميع الحقول المطلوبة');
        document.getElementById(found.fullName ? 'nl-name' : 'nl-email')?.focus();
        return;
      }
      setErrors({});
      // The same answer for every address (the form never says who is subscribed): check the inbox.
      await apiFetch<{ message: string }>('/api/newsletter', { method: 'POST', body: JSON.stringify(parsed.data) });
      void notify('success', 'تم الاشتراك بنجاح', 'تفقّد بريدك الوارد وافتح رابط التأكيد لتبدأ رسائلنا بالوصول');
      setFullName('');
      setEmail('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) {
        setErrors(fields);
        return;
      }
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
          onChange={(e) => {
            setFullName(e.target.value);
            setErrors((x) => ({ ...x, fullName: undefined }));
          }}
          placeholder="الاسم الكامل"
          disabled={busy}
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={errors.fullName ? 'nl-name-error' : undefined}
          className="w-full rounded bg-white px-3 py-2 text-slate-900 dark:bg-slate-200 aria-invalid:ring-2 aria-invalid:ring-red-400"
          autoComplete="name"
        />
        <FieldError id="nl-name-error" message={errors.fullName} />
        <label htmlFor="nl-email" className="sr-only">
          البريد الإلكتروني
        </label>
        <input
          id="nl-email"
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((x) => ({ ...x, email: undefined }));
          }}
          placeholder="البريد الإلكتروني"
          disabled={busy}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'nl-email-error' : undefined}
          className="w-full rounded bg-white px-3 py-2 text-end text-slate-900 placeholder:text-end dark:bg-slate-200 aria-invalid:ring-2 aria-invalid:ring-red-400"
          autoComplete="email"
        />
        <FieldError id="nl-email-error" message={errors.email} />
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
