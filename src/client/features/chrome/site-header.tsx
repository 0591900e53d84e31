import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useRoute, useSearch } from 'wouter';
import { NavLink } from '../../lib/routing';
import { HEADER_SCROLLED_PX } from '../../../shared/constants';
import { useScrolledPast } from '../../lib/hooks';
import { useNavLinks } from '../../lib/nav-links';
import { SearchBox } from '../../components/search-box';
import { useSettings } from '../../lib/use-settings';
import { findQueryOptions } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { parseArticleId } from '../../lib/article-id';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 font-bold transition hover:bg-slate-100 dark:hover:bg-slate-800 ${isActive ? 'text-blue-800 dark:text-blue-300' : ''}`;

/** The section of the article being read (from the page's own data), so the navigation shows where it belongs. */
function useArticleSection(): string | undefined {
  const [match, params] = useRoute('/news/:id');
  const id = match ? parseArticleId(params.id) : null;
  const { data } = useQuery({ ...findQueryOptions(q.article(id ?? 0)), enabled: false });
  return id !== null ? (data?.category ?? undefined) : undefined;
}

function NavList({ className }: { className: string }) {
  const links = useNavLinks();
  const section = useArticleSection();
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.slug}>
          {l.slug === section ? (
            // Not the page itself but where it belongs: marked as the current location (aria-current="location").
            <Link to={l.href} aria-current="location" className={linkClass({ isActive: true })}>
              {l.name}
            </Link>
          ) : (
            <NavLink to={l.href} end={l.href === '/'} className={linkClass}>
              {l.name}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_SCROLLED_PX);
  const [open, setOpen] = useState(false);
  const { siteName } = useSettings();
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => setOpen(false), [pathname, search]);

  return (
    <header
      className={`sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur transition-shadow dark:border-slate-800 dark:bg-slate-950/95 ${scrolled ? 'shadow-md' : ''}`}
      data-scrolled={scrolled}
    >
      <div
        className={`mx-auto flex max-w-7xl items-center gap-4 px-3 transition-all ${scrolled ? 'py-1' : 'py-1.5 sm:py-3'}`}
      >
        {/* As tall as the tallest thing in the row (the menu button, 40 px; from lg the section links, 2.8rem), so the
            row has its final height at the first paint: on a slow phone the browser may paint the logo before the
            rest of the row has arrived, and the row growing then moved everything below it. */}
        <Link
          to="/"
          className="flex min-h-10 shrink-0 items-center font-[family-name:var(--font-heading)] text-2xl font-bold text-blue-900 lg:min-h-[2.8rem] dark:text-blue-200"
          aria-label={`${siteName} — الصفحة الرئيسية`}
        >
          {siteName}
        </Link>
        <nav aria-label="الأقسام" className="hidden flex-1 lg:block">
          <NavList className="flex items-center gap-1" />
        </nav>
        <div className="ms-auto hidden sm:block">
          <SearchBox id="search-desktop" />
        </div>
        <button
          type="button"
          className="ms-auto rounded p-2 hover:bg-slate-100 sm:ms-0 lg:hidden dark:hover:bg-slate-800"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'إغلاق القائمة' : 'فتح القائمة'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-menu"
          aria-label="القائمة"
          className="border-t border-slate-200 px-3 pb-3 lg:hidden dark:border-slate-800"
        >
          <div className="py-3 sm:hidden">
            <SearchBox id="search-mobile" />
          </div>
          <NavList className="grid grid-cols-2 gap-1" />
        </nav>
      )}
    </header>
  );
}
