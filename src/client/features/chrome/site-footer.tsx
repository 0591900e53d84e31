import { Link } from 'wouter';
import { useNavLinks } from '../../lib/nav-links';
import { useSettings } from '../../lib/use-settings';

export function SiteFooter({ year }: { year: number }) {
  const { siteName, contactEmail, description } = useSettings();
  const links = useNavLinks();
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-lg font-bold text-white">
            عن {siteName}
          </h2>
          <p className="text-sm leading-7 text-slate-300">
            {description || 'صحيفة ليبية إلكترونية تغطي الشؤون الليبية والعربية والدولية'}
          </p>
        </section>
        <section aria-labelledby="footer-sections">
          <h2 id="footer-sections" className="mb-3 text-lg font-bold text-white">
            أقسام الموقع
          </h2>
          <ul className="space-y-1 text-sm">
            {links.map((l) => (
              <li key={l.slug}>
                <Link to={l.href} className="hover:text-white hover:underline">
                  {l.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className="mb-3 text-lg font-bold text-white">
            خدمات
          </h2>
          <ul className="space-y-1 text-sm text-slate-400">
            <li aria-disabled="true">مواقيت الصلاة</li>
            <li aria-disabled="true">حالة الطقس</li>
            <li>
              <Link to="/notifications" className="text-slate-200 hover:text-white hover:underline">
                تنبيهات الأخبار العاجلة
              </Link>
            </li>
            <li>
              <Link to="/corrections" className="text-slate-200 hover:text-white hover:underline">
                التصحيحات
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-bold text-white">
            اتصل بنا
          </h2>
          <p className="text-sm text-slate-300">طرابلس، ليبيا</p>
          <p className="text-sm">
            <a href={`mailto:${contactEmail}`} dir="ltr" className="hover:text-white hover:underline">
              {contactEmail}
            </a>
          </p>
        </section>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-sm text-slate-400">
        © {year} {siteName}. جميع الحقوق محفوظة.
      </p>
    </footer>
  );
}
