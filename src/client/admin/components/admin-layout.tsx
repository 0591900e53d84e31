import {
  BarChart3,
  ChevronsLeft,
  ChevronsRight,
  Clock,
  FolderTree,
  Images,
  KeyRound,
  LayoutDashboard,
  Megaphone,
  LogOut,
  Mail,
  Menu,
  Newspaper,
  Radio,
  UserRound,
  Settings,
  Siren,
  Users,
} from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { can, ROLE_LABELS, type Permission } from '../../../shared/permissions';
import type { AdminUser } from '../../../shared/schemas/admin';
import { ThemeToggle } from '../../components/theme-toggle';
import { NavLink } from '../../lib/routing';

const LINKS: { to: string; label: string; icon: typeof LayoutDashboard; permission?: Permission }[] = [
  { to: '/admin/dashboard', label: 'لوحة التحكم', icon: LayoutDashboard },
  { to: '/admin/news', label: 'الأخبار', icon: Newspaper },
  { to: '/admin/media', label: 'مكتبة الوسائط', icon: Images, permission: 'media.upload' },
  { to: '/admin/live', label: 'التغطية المباشرة', icon: Radio, permission: 'news.write' },
  { to: '/admin/breaking-news', label: 'الأخبار العاجلة', icon: Siren, permission: 'breaking.manage' },
  { to: '/admin/categories', label: 'التصنيفات', icon: FolderTree, permission: 'sections.manage' },
  { to: '/admin/prayer-times', label: 'مواقيت الصلاة', icon: Clock, permission: 'prayer.manage' },
  { to: '/admin/users', label: 'المستخدمون', icon: Users, permission: 'accounts.manage' },
  { to: '/admin/newsletter', label: 'النشرة البريدية', icon: Mail, permission: 'sends.manage' },
  { to: '/admin/ads', label: 'الإعلانات', icon: Megaphone, permission: 'ads.manage' },
  { to: '/admin/statistics', label: 'الإحصائيات', icon: BarChart3, permission: 'statistics.view' },
  { to: '/admin/settings', label: 'الإعدادات', icon: Settings, permission: 'settings.manage' },
];

const PHONE = '(max-width: 767px)';
const subscribePhone = (cb: () => void) => {
  const m = window.matchMedia(PHONE);
  m.addEventListener('change', cb);
  return () => m.removeEventListener('change', cb);
};

/**
 * The side menu (64 wide open, 20 collapsed, SPEC §2) and the header greeting by full name. On phones the menu is a
 * drawer opened from the header, so lists keep the whole width.
 */
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
  const phone = useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  // Tablets start with the narrow menu, so the screen keeps its width for the lists.
  const [narrowMenu, setNarrowMenu] = useState(() => window.matchMedia('(max-width: 1023px)').matches);
  const [drawer, setDrawer] = useState(false);
  const [pathname] = useLocation();
  useEffect(() => setDrawer(false), [pathname]);
  const collapsed = phone ? false : narrowMenu;
  const setCollapsed = phone ? () => setDrawer(false) : setNarrowMenu;
  const item = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-bold';
  return (
    <div className="flex min-h-screen bg-slate-100 dark:bg-slate-950">
      {phone && drawer && (
        <div className="fixed inset-0 z-40 bg-black/50" aria-hidden="true" onClick={() => setDrawer(false)} />
      )}
      <aside
        id="admin-menu"
        className={`flex h-screen shrink-0 flex-col bg-slate-900 text-slate-100 transition-all print:hidden ${
          phone
            ? `fixed inset-y-0 start-0 z-50 w-64 shadow-xl ${drawer ? '' : 'hidden'}`
            : `sticky top-0 ${collapsed ? 'w-20' : 'w-64'}`
        }`}
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
          <NavLink
            to="/admin/profile"
            title="ملفي الشخصي"
            className={({ isActive }) => `${item} ${isActive ? 'bg-blue-800 text-white' : 'hover:bg-white/10'}`}
          >
            <UserRound className="size-5 shrink-0" aria-hidden="true" />
            <span className={collapsed ? 'sr-only' : ''}>ملفي الشخصي</span>
          </NavLink>
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
        <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3 print:hidden dark:border-slate-800 dark:bg-slate-900">
          {phone && (
            <button
              type="button"
              onClick={() => setDrawer(true)}
              className="rounded p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label="فتح القائمة"
              aria-expanded={drawer}
              aria-controls="admin-menu"
            >
              <Menu className="size-6" aria-hidden="true" />
            </button>
          )}
          <p className="min-w-0 flex-1 truncate font-bold">
            مرحباً، <span data-testid="admin-greeting">{user.fullName || user.username}</span>
          </p>
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <span className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">{ROLE_LABELS[user.role]}</span>
            <span className="rounded bg-slate-800 text-white">
              <ThemeToggle />
            </span>
          </div>
        </header>
        <main className="p-3 sm:p-6 print:p-0">{children}</main>
      </div>
    </div>
  );
}
