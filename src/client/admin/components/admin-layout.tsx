import {
  BarChart3,
  ChevronsLeft,
  ChevronsRight,
  Clock,
  FolderTree,
  LayoutDashboard,
  LogOut,
  Newspaper,
  Settings,
  Siren,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink } from '../../lib/routing';
import { ThemeToggle } from '../../components/theme-toggle';
import type { AdminUser } from '../../../shared/schemas/admin';

const LINKS = [
  { to: '/admin/dashboard', label: 'لوحة التحكم', icon: LayoutDashboard },
  { to: '/admin/news', label: 'الأخبار', icon: Newspaper },
  { to: '/admin/breaking-news', label: 'الأخبار العاجلة', icon: Siren },
  { to: '/admin/categories', label: 'التصنيفات', icon: FolderTree },
  { to: '/admin/prayer-times', label: 'مواقيت الصلاة', icon: Clock },
  { to: '/admin/users', label: 'المستخدمون', icon: Users, adminOnly: true },
  { to: '/admin/statistics', label: 'الإحصائيات', icon: BarChart3 },
  { to: '/admin/settings', label: 'الإعدادات', icon: Settings, adminOnly: true },
];

/** The side menu (64 wide open, 20 collapsed, SPEC §2) and the header greeting by full name. */
export function AdminLayout({
  user,
  onLogout,
  children,
}: {
  user: AdminUser;
  onLogout: () => void;
  children: ReactNode;
}) {
  // Phones start with the narrow menu, so the screen keeps most of its width.
  const [collapsed, setCollapsed] = useState(() => window.matchMedia('(max-width: 767px)').matches);
  return (
    <div className="flex min-h-screen bg-slate-100 dark:bg-slate-950">
      <aside
        className={`sticky top-0 flex h-screen shrink-0 flex-col bg-slate-900 text-slate-100 transition-all ${collapsed ? 'w-20' : 'w-64'}`}
        aria-label="القائمة الجانبية"
      >
        <div className="flex items-center justify-between border-b border-slate-800 p-4">
          {!collapsed && <span className="font-bold">لوحة التحكم</span>}
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
            className="rounded p-1.5 hover:bg-white/10"
            aria-label={collapsed ? 'توسيع القائمة' : 'طي القائمة'}
            aria-expanded={!collapsed}
          >
            {collapsed ? (
              <ChevronsLeft className="size-5" aria-hidden="true" />
            ) : (
              <ChevronsRight className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto p-2">
          <ul className="space-y-1">
            {LINKS.filter((l) => !l.adminOnly || user.role === 'admin').map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={label}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-bold ${isActive ? 'bg-blue-800 text-white' : 'hover:bg-white/10'}`
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  <span className={collapsed ? 'sr-only' : ''}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          onClick={onLogout}
          className="m-2 flex items-center gap-3 rounded-md px-3 py-2 text-sm font-bold hover:bg-red-700"
          title="تسجيل الخروج"
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          <span className={collapsed ? 'sr-only' : ''}>تسجيل الخروج</span>
        </button>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="font-bold">
            مرحباً، <span data-testid="admin-greeting">{user.fullName || user.username}</span>
          </p>
          <div className="flex items-center gap-2 text-sm">
            <span className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
              {user.role === 'admin' ? 'مدير' : 'محرر'}
            </span>
            <span className="rounded bg-slate-800 text-white">
              <ThemeToggle />
            </span>
          </div>
        </header>
        <main className="p-4 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
