/**
 * Where the policy sends a staff member who must have a second factor and has none: right after the password,
 * nothing else opens until an app or a passkey is set up (the server refuses everything else meanwhile).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldAlert, ShieldCheck } from 'lucide-react';
import { twoFactorQuery } from '../api/security';
import { sessionKeys } from '../api/session';
import { TwoFactorPanel } from '../components/two-factor-panel';
import { Button } from '../components/ui';

export function SecuritySetupPage({ name, onLogout }: { name: string; onLogout: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery());
  const done = !!status.data && (status.data.totp || status.data.passkeys.length > 0);
  return (
    <main
      className="mx-auto min-h-screen max-w-2xl space-y-4 bg-slate-100 p-4 dark:bg-slate-950"
      data-testid="security-setup"
    >
      {done ? (
        <div className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950">
          <h1 className="flex items-center gap-2 text-xl font-bold">
            <ShieldCheck className="size-6 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            تم تفعيل التحقق بخطوتين
          </h1>
          <p className="text-sm">احفظ رموز الاسترداد إن ظهرت لك، ثم تابع إلى لوحة التحكم.</p>
        </div>
      ) : (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
          <h1 className="flex items-center gap-2 text-xl font-bold">
            <ShieldAlert className="size-6 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
            فعّل التحقق بخطوتين لمتابعة العمل
          </h1>
          <p className="text-sm">
            مرحباً <bdi>{name}</bdi>. تشترط سياسة الموقع على دورك وسيلة تحقق ثانية غير كلمة المرور، حتى لا تكفي كلمة مرور
            مسروقة لدخول حسابك. أضف تطبيق مصادقة على هاتفك أو مفتاح مرور على هذا الجهاز، ثم تُفتح لك لوحة التحكم.
          </p>
        </div>
      )}
      <TwoFactorPanel />
      <div className="flex flex-wrap gap-2">
        <Button disabled={!done} onClick={() => void queryClient.invalidateQueries({ queryKey: sessionKeys.session })}>
          متابعة إلى لوحة التحكم
        </Button>
        <Button variant="ghost" onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" /> تسجيل الخروج
        </Button>
      </div>
    </main>
  );
}
