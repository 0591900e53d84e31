/**
 * Where the policy sends a staff member who must have a second factor and has none: right after the password,
 * nothing else opens until an app or a passkey is set up (the server refuses everything else meanwhile).
 */
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldAlert } from 'lucide-react';
import { TwoFactorPanel } from '../components/two-factor-panel';
import { Button } from '../components/ui';

export function SecuritySetupPage({ name, onLogout }: { name: string; onLogout: () => void }) {
  const queryClient = useQueryClient();
  return (
    <main className="mx-auto min-h-screen max-w-2xl space-y-4 bg-slate-100 p-4 dark:bg-slate-950" data-testid="security-setup">
      <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
        <h1 className="flex items-center gap-2 text-xl font-bold">
          <ShieldAlert className="size-6 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
          فعّل التحقق بخطوتين لمتابعة العمل
        </h1>
        <p className="text-sm">
          مرحباً <bdi>{name}</bdi>. سياسة الموقع تطلب من دورك وسيلة تحقق ثانية غير كلمة المرور، حتى لا تكفي كلمة
          مرور مسروقة لدخول حسابك. أضف تطبيق مصادقة على هاتفك أو مفتاح مرور على هذا الجهاز، ثم تفتح لوحة التحكم.
        </p>
      </div>
      <TwoFactorPanel />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'session'] })}>
          متابعة إلى لوحة التحكم
        </Button>
        <Button variant="ghost" onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" /> تسجيل الخروج
        </Button>
      </div>
    </main>
  );
}
