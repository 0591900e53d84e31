/**
 * The admin panel: /admin/login and the screens behind it. A screen shows only after the server confirms the
 * session (GET /api/admin/session); no stored login, or a refused one, leads to /admin/login. Screens a role may
 * not use are not offered and send it back to the dashboard (the server refuses them anyway).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';
import { Redirect, useLocation } from 'wouter';
import { can, type Permission } from '../../shared/permissions';
import { matchRoutes } from '../lib/routing';
import { logout, sessionQuery } from './api/session';
import { AdminLayout } from './components/admin-layout';
import { OwnPasswordForm } from './components/own-password';
import { AlertDialog } from './components/alert-dialog';
import { ReauthDialog } from './components/reauth-dialog';
import { Loading, Modal } from './components/ui';
import { TOASTER_PROPS } from '../lib/toast';
import { clearAuth, readAuth, saveAuth } from './lib/auth';
import { notify } from './lib/notify';
import { LoginPage } from './pages/login-page';

const SecuritySetupPage = lazy(() =>
  import('./pages/security-setup-page').then((m) => ({ default: m.SecuritySetupPage })),
);

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));

const SCREENS: { path: string; Screen: ComponentType; permission?: Permission }[] = [
  { path: '/admin/dashboard', Screen: page(() => import('./pages/dashboard-page'), 'DashboardPage') },
  {
    path: '/admin/breaking-news',
    Screen: page(() => import('./pages/breaking-news-page'), 'BreakingNewsPage'),
    permission: 'breaking.manage',
  },
  { path: '/admin/news', Screen: page(() => import('./pages/news-page'), 'NewsPage') },
  {
    path: '/admin/media',
    Screen: page(() => import('./pages/media-page'), 'MediaPage'),
    permission: 'media.upload',
  },
  {
    path: '/admin/live',
    Screen: page(() => import('./pages/live-page'), 'LivePage'),
    permission: 'news.write',
  },
  {
    path: '/admin/live/:id',
    Screen: page(() => import('./pages/live-desk-page'), 'LiveDeskPage'),
    permission: 'news.write',
  },
  { path: '/admin/profile', Screen: page(() => import('./pages/profile-page'), 'ProfilePage') },
  {
    path: '/admin/categories',
    Screen: page(() => import('./pages/categories-page'), 'CategoriesPage'),
    permission: 'sections.manage',
  },
  {
    path: '/admin/prayer-times',
    Screen: page(() => import('./pages/prayer-times-page'), 'PrayerTimesPage'),
    permission: 'prayer.manage',
  },
  {
    path: '/admin/users',
    Screen: page(() => import('./pages/users-page'), 'UsersPage'),
    permission: 'accounts.manage',
  },
  {
    path: '/admin/ads',
    Screen: page(() => import('./pages/ads-page'), 'AdsPage'),
    permission: 'ads.manage',
  },
  {
    path: '/admin/ads/:id/report',
    Screen: page(() => import('./pages/ad-report-page'), 'AdReportPage'),
    permission: 'ads.manage',
  },
  {
    path: '/admin/statistics',
    Screen: page(() => import('./pages/statistics-page'), 'StatisticsPage'),
    permission: 'statistics.view',
  },
  {
    path: '/admin/newsletter',
    Screen: page(() => import('./pages/newsletter-page'), 'NewsletterPage'),
    permission: 'sends.manage',
  },
  {
    path: '/admin/settings',
    Screen: page(() => import('./pages/settings-page'), 'SettingsPage'),
    permission: 'settings.manage',
  },
];

function Protected() {
  const stored = readAuth();
  const [pathname, navigate] = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery(!!stored));
  const [changingPassword, setChangingPassword] = useState(false);

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
  const signOut = async () => {
    try {
      await logout();
    } catch {
      /* the local record goes anyway */
    }
    clearAuth();
    queryClient.clear();
    notify.success('تم تسجيل الخروج');
    navigate('/admin/login', { replace: true });
  };

  if (session.data.twoFactorSetupRequired)
    return (
      <Suspense fallback={<Loading />}>
        <SecuritySetupPage name={user.fullName} onLogout={signOut} />
      </Suspense>
    );
  const match = matchRoutes(SCREENS, pathname);
  // Any other /admin path shows the dashboard; screens the role cannot use send it back there.
  if (!match || (match.route.permission && !can(user.role, match.route.permission)))
    return <Redirect to="/admin/dashboard" replace />;
  const { Screen } = match.route;

  return (
    <AdminLayout user={user} onLogout={signOut} onChangePassword={() => setChangingPassword(true)}>
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
      <Modal open={changingPassword} title="تغيير كلمة المرور" onClose={() => setChangingPassword(false)}>
        {changingPassword && <OwnPasswordForm onDone={() => setChangingPassword(false)} />}
      </Modal>
      <ReauthDialog />
      <AlertDialog />
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
      {/* Outside #root, which a dialog makes inert: toasts stay visible (and closable) above any dialog. */}
      {createPortal(<Toaster {...TOASTER_PROPS} />, document.body)}
    </>
  );
}
