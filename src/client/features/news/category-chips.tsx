import { textOn } from '../../lib/color';
import { NavLink } from '../../lib/routing';
import { useNavLinks } from '../../lib/nav-links';

/** The coloured row of chips: home and the active sections. */
export function CategoryChips() {
  const links = useNavLinks();
  return (
    <nav aria-label="التنقل بين الأقسام" className="flex flex-wrap gap-2">
      {links.map((c) => (
        <NavLink
          key={c.slug}
          to={c.href}
          end={c.href === '/'}
          className={({ isActive }) =>
            `rounded-full px-4 py-1 text-sm font-bold transition hover:opacity-90 ${isActive ? 'ring-2 ring-offset-2 ring-slate-900 dark:ring-white dark:ring-offset-slate-950' : ''}`
          }
          style={{ backgroundColor: c.color, color: textOn(c.color) }}
        >
          {c.name}
        </NavLink>
      ))}
    </nav>
  );
}
