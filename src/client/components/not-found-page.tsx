import { Link } from 'wouter';

/** Any unknown path (answered with HTTP 404 by the server). */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-3 py-20 text-center" data-testid="not-found">
      <h1 className="text-4xl font-bold" dir="ltr">
        404 Page Not Found
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        الصفحة التي تبحث عنها غير موجودة. تحقق من الرابط أو عد إلى الصفحة الرئيسية.
      </p>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400" dir="ltr">
        Hint: check the address, or add a matching route in <code>src/client/app/routes.tsx</code>.
      </p>
      <Link to="/" className="mt-6 inline-block rounded bg-blue-900 px-5 py-2 font-bold text-white hover:bg-blue-800">
        العودة للرئيسية
      </Link>
    </div>
  );
}
