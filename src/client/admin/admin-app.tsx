/**
 * The admin panel: /admin/login and the screens behind it. A screen shows only after the server confirms the
 * session (GET /api/admin/session); no stored login, or a refused one, leads to /admin/login.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Toaster, toast } from 'sonner';
import type { AdminUser } from '../../shared/schemas/admin';
import { Redirect, useLocation } from 'wouter';
import { matchRoutes } from '../lib/routing';
import { AdminLayout } from './components/admin-layout';
import { Loading } from './components/ui';
import { adminGet, adminSend } from './lib/admin-api';
import { clearAuth, readAuth, saveAuth } from './lib/auth';
import { LoginPage } from './pages/login-page';

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));

const SCREENS: { path: string; Screen: ComponentType; adminOnly?: boolean }[] = [
  { path: '/admin/dashboard', Screen: page(() => import('./pages/dashboard-page'), 'DashboardPage') },
  { path: '/admin/breaking-news', Screen: page(() => import('./pages/breaking-news-page'), 'BreakingNewsPage') },
  { path: '/admin/news', Screen: page(() => import('./pages/news-page'), 'NewsPage') },
  { path: '/admin/categories', Screen: page(() => import('./pages/categories-page'), 'CategoriesPage') },
  { path: '/admin/prayer-times', Screen: page(() => import('./pages/prayer-times-page'), 'PrayerTimesPage') },
  { path: '/admin/users', Screen: page(() => import('./pages/users-page'), 'UsersPage'), adminOnly: true },
  { path: '/admin/statistics', Screen: page(() => import('./pages/statistics-page'), 'StatisticsPage') },
  { path: '/admin/settings', Screen: page(() => import('./pages/settings-page'), 'SettingsPage'), adminOnly: true },
];

function Protected() {
  const stored = readAuth();
  const [pathname, navigate] = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['admin', 'session'],
    queryFn: () => adminGet<{ admin: AdminUser }>('/api/admin/session'),
    enabled: !!stored,
    retry: false,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (session.data) saveAuth(session.data.admin);
  }, [session.data]);
  useEffect(() => {
    if (!stored || session.isError) {
      clearAuth();
      navigate('/admin/login', { replace: true });
    }
  }, [stored, session.isError, navigate]);

  if (!stored || session.isError) return null;
  if (!session.data) return <Loading text="جاري التحقق من تسجيل الدخول..." />;
  const user = session.data.admin;
  const match = matchRoutes(SCREENS, pathname);
  // Any other /admin path shows the dashboard; admin-only screens send editors back to it.
  if (!match || (match.route.adminOnly && user.role !== 'admin')) return <Redirect to="/admin/dashboard" replace />;
  const { Screen } = match.route;

  const logout = async () => {
    try {
      await adminSend('POST', '/api/admin/logout');
    } catch {
      /* the local record goes anyway */
    }
    clearAuth();
    queryClient.clear();
    toast.success('تم تسجيل الخروج');
    navigate('/admin/login', { replace: true });
  };

  return (
    <AdminLayout user={user} onLogout={logout}>
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    </AdminLayout>
  );
}

export function AdminApp() {
  const [pathname] = useLocation();
  return (
    <>
      {pathname === '/admin/login' ? (
        <LoginPage />
      ) : pathname === '/admin' || pathname === '/admin/' ? (
        <Redirect to="/admin/dashboard" replace />
      ) : (
        <Protected />
      )}
      <Toaster position="top-center" dir="rtl" visibleToasts={1} richColors closeButton />
    </>
  );
}
