import { useState } from 'react';
import { toast } from 'sonner';
import { LIMITS } from '../../../shared/constants';
import type { AdminUser } from '../../../shared/schemas/admin';
import { useLocation } from 'wouter';
import { Button, Field, Input } from '../components/ui';
import { adminSend, errorText } from '../lib/admin-api';
import { saveAuth } from '../lib/auth';

export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      username: username.trim().length < LIMITS.usernameMin ? 'اسم المستخدم يجب أن يكون 3 أحرف على الأقل' : undefined,
      password: password.length < LIMITS.passwordMin ? 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' : undefined,
    };
    setErrors(next);
    if (next.username || next.password) return;
    setBusy(true);
    try {
      const res = await adminSend<{ admin: AdminUser }>('POST', '/api/admin/login', {
        username: username.trim(),
        password,
      });
      saveAuth(res.admin);
      toast.success('تم تسجيل الدخول بنجاح', { description: `مرحباً ${res.admin.username}` });
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      toast.error('خطأ في تسجيل الدخول', {
        description: errorText(err, 'فشل تسجيل الدخول. الرجاء التحقق من صحة بيانات الدخول.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 p-4 dark:bg-slate-950">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow dark:bg-slate-900"
        aria-busy={busy}
      >
        <h1 className="text-center text-2xl font-bold">تسجيل الدخول</h1>
        <Field label="اسم المستخدم" id="username" error={errors.username}>
          <Input
            id="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            disabled={busy}
            autoComplete="username"
            dir="auto"
          />
        </Field>
        <Field label="كلمة المرور" id="password" error={errors.password}>
          <Input
            id="password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            autoComplete="current-password"
          />
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'جاري تسجيل الدخول...' : 'دخول'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">لوحة تحكم صحيفة</p>
    </div>
  );
}
