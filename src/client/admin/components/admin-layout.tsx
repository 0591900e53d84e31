import {
  BarChart3,
  ChevronsLeft,
  ChevronsRight,
  Clock,
  FolderTree,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Newspaper,
  Settings,
  Siren,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { can, ROLE_LABELS, type Permission } from '../../../shared/permissions';
import type { AdminUser } from '../../../shared/schemas/admin';
import { ThemeToggle } from '../../components/theme-toggle';
import { NavLink } from '../../lib/routing';

const LINKS: { to: string; label: string; icon: typeof LayoutDashboard; permission?: Permission }[] = [
  { to: '/admin/dashboard', label: 'لوحة التحكم', icon: LayoutDashboard },
  { to: '/admin/news', label: 'الأخبار', icon: Newspaper },
  { to: '/admin/breaking-news', label: 'الأخبار العاجلة', icon: Siren, permission: 'breaking.manage' },
  { to: '/admin/categories', label: 'التصنيفات', icon: FolderTree, permission: 'sections.manage' },
  { to: '/admin/prayer-times', label: 'مواقيت الصلاة', icon: Clock, permission: 'prayer.manage' },
  { to: '/admin/users', label: 'المستخدمون', icon: Users, permission: 'accounts.manage' },
  { to: '/admin/statistics', label: 'الإحصائيات', icon: BarChart3, permission: 'statistics.view' },
  { to: '/admin/settings', label: 'الإعدادات', icon: Settings, permission: 'settings.manage' },
];

/** The side menu (64 wide open, 20 collapsed, SPEC §2) and the header greeting by full name. */
export function AdminLayout({
  user,
  onLogout,
  onChangePassword,
  children,
}: {
  user: AdminUser;
  onLogout: () => void;
  onChangePassword: () => void;
  children: ReactNode;
}) {
  // Phones and tablets start with the narrow menu, so the screen keeps its width for the lists.
  const [collapsed, setCollapsed] = useState(() => window.matchMedia('(max-width: 1023px)').matches);
  const item = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-bold';
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
            {LINKS.filter((l) => !l.permission || can(user.role, l.permission)).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={label}
                  className={({ isActive }) => `${item} ${isActive ? 'bg-blue-800 text-white' : 'hover:bg-white/10'}`}
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  <span className={collapsed ? 'sr-only' : ''}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-1 p-2">
          <button
            type="button"
            onClick={onChangePassword}
            className={`${item} hover:bg-white/10`}
            title="تغيير كلمة المرور"
          >
            <KeyRound className="size-5 shrink-0" aria-hidden="true" />
            <span className={collapsed ? 'sr-only' : ''}>تغيير كلمة المرور</span>
          </button>
          <button type="button" onClick={onLogout} className={`${item} hover:bg-red-700`} title="تسجيل الخروج">
            <LogOut className="size-5 shrink-0" aria-hidden="true" />
            <span className={collapsed ? 'sr-only' : ''}>تسجيل الخروج</span>
          </button>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
          <p className="min-w-0 truncate font-bold">
            مرحباً، <span data-testid="admin-greeting">{user.fullName || user.username}</span>
          </p>
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <span className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{ROLE_LABELS[user.role]}</span>
            <span className="rounded bg-slate-800 text-white">
              <ThemeToggle />
            </span>
          </div>
        </header>
        <main className="p-3 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
