import { Link } from 'wouter';
import { useNavLinks } from '../lib/nav-links';

/**
 * Every "not here" a reader can meet (an unknown address, a switched-off section, an author or tag with nothing
 * published): Arabic, with the way on, and answered with HTTP 404 by the server.
 */
export function NotFoundPage({
  title = 'الصفحة غير موجودة',
  message = 'الصفحة التي تبحث عنها غير موجودة أو نُقلت. يمكنك متابعة القراءة من الأقسام التالية.',
}: {
  title?: string;
  message?: string;
}) {
  const links = useNavLinks();
  return (
    <div className="mx-auto max-w-xl px-3 py-16 text-center" data-testid="not-found">
      <p className="text-5xl font-bold text-slate-500 dark:text-slate-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 leading-8 text-slate-600 dark:text-slate-300">{message}</p>
      <nav aria-label="أقسام مقترحة" className="mt-6 flex flex-wrap justify-center gap-2">
        {links.map((l) => (
          <Link
            key={l.slug}
            to={l.href}
            className={
              l.href === '/'
                ? 'rounded bg-blue-900 px-4 py-2 font-bold text-white hover:bg-blue-800'
                : 'rounded border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800'
            }
          >
            {l.href === '/' ? 'العودة للرئيسية' : l.name}
          </Link>
        ))}
      </nav>
    </div>
  );
}
